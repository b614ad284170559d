import Foundation
import SkycastModel
import TestSupport
import Testing

@testable import Store

/// `collect --elevation station`: the forecast downscaled to the linked station's height.
@Suite struct CollectElevationTests {
  @Test("sends the default station's elevation and the fetch log records the reply's")
  func stationElevation() async throws {
    let world = try Ingest.World()
    defer { world.stop() }
    let harness = world.harness
    try await Ingest.addCity(
      harness, "Berlin", latitude: 52.52, longitude: 13.41, zone: "Europe/Berlin")
    let refused = await harness.run("collect", "--elevation", "station")
    #expect(refused.exitCode == 64 && refused.stderr.contains("no default station"))

    let store = try harness.store()
    try store.write {
      try store.cacheStations(
        [
          Station(
            provider: .dwd, id: "00433", name: "Berlin-Tempelhof", latitude: 52.4675,
            longitude: 13.4021, elevation: 48)
        ], loadedAt: 0)
    }
    #expect(await harness.run("station", "link", "Berlin", "dwd:00433").exitCode == 0)
    let result = await harness.run("collect", "--elevation", "station")
    #expect(result.exitCode == 0, "\(result)")
    let request = try #require(world.server.requests(path: "/v1/forecast").last)
    #expect(request.query["elevation"] == "48")
    #expect(
      try Ingest.rows(
        harness,
        "SELECT grid_elevation, url LIKE '%elevation=48%' FROM fetches WHERE source = 'forecast'")
        == [["48.0", "1"]])
    // Without the option nothing is sent: the API's own terrain model.
    let plain = await harness.run("collect", "--force")
    #expect(plain.exitCode == 0)
    #expect(world.server.requests(path: "/v1/forecast").last?.query["elevation"] == nil)
  }
}
