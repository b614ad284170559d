import Foundation
import SkycastModel
import TestSupport
import Testing

/// `station load|search|link|unlink|list`.
@Suite struct StationCommandTests {
  static let fixtures = PackagePaths.stationFixtures

  static let dwdList =
    "/climate_environment/CDC/observations_germany/climate/hourly/air_temperature/recent/TU_Stundenwerte_Beschreibung_Stationen.txt"

  @Test("a fetched DWD list is cached and search ranks it by great-circle distance")
  func fetchedListAndSearch() async throws {
    let list = try Data(
      contentsOf: Self.fixtures.appendingPathComponent(
        "dwd/TU_Stundenwerte_Beschreibung_Stationen.txt"))
    let server = try LoopbackServer.scripted([
      Self.dwdList: [
        .truncated(status: 200, body: Array(list.prefix(100)), declaredLength: list.count),
        .bytes(status: 200, contentType: "text/plain", body: [UInt8](list)),
      ]
    ])
    defer { server.stop() }
    let harness = CLIHarness()
    // Berlin: Angermünde (00164, 70 km) and Neuruppin-Alt Ruppin (00096, 61 km) are the list's
    // nearest stations within 100 km.
    try await Ingest.addCity(
      harness, "Berlin", latitude: 52.52, longitude: 13.41, zone: "Europe/Berlin")
    let load = await harness.run("station", "load", "dwd", "--dwd-url", server.baseURL)
    #expect(load.exitCode == 0 && load.stderr.contains("cached"), "\(load)")
    #expect(server.requests(path: Self.dwdList).count == 2, "the cut list was retried")
    let search = await harness.run(
      "station", "search", "--city", "Berlin", "--radius", "100", "--format", "csv")
    #expect(search.exitCode == 0, "\(search)")
    let rows = CSVTable(search.stdout).rows
    #expect(rows.map { $0["id"] ?? "" } == ["00096", "00164"], "\(search.stdout)")
    let distances = rows.compactMap { $0["distance"].flatMap(Double.init) }
    #expect(distances == distances.sorted() && distances.count == 2)
    #expect(
      abs(distances[1] - GreatCircle.kilometres(52.52, 13.41, 53.0316, 13.9908)) < 0.05)
    #expect(rows.first?["name"] == "Neuruppin-Alt Ruppin")
    let other = await harness.run(
      "station", "search", "--lat", "52.52", "--lon", "13.41", "--radius", "100", "--limit", "1",
      "--format", "csv")
    #expect(CSVTable(other.stdout).rows.map { $0["id"] ?? "" } == ["00096"])

    let link = await harness.run("station", "link", "Berlin", "dwd:00164")
    #expect(link.exitCode == 0 && link.stdout.contains("(default)"), "\(link)")
    #expect(await harness.run("station", "link", "Berlin", "dwd:00096").exitCode == 0)
    let listed = await harness.run("station", "list", "--format", "csv")
    #expect(
      CSVTable(listed.stdout).rows.map { [$0["station"] ?? "", $0["default"] ?? ""] } == [
        ["station:dwd:00164", "yes"], ["station:dwd:00096", ""],
      ])
    #expect(await harness.run("station", "unlink", "Berlin", "dwd:00164").exitCode == 0)
    let unknown = await harness.run("station", "link", "Berlin", "dwd:99999")
    #expect(unknown.exitCode == 1 && unknown.stderr.contains("not in the cached dwd list"))
  }

  @Test("a GHCNh list file loads; an ECA&D list is not fetched")
  func fromFile() async throws {
    let harness = CLIHarness()
    let file = Self.fixtures.appendingPathComponent("ghcnh/ghcnh-station-list.sample.csv").path
    let load = await harness.run("station", "load", "ghcnh", file)
    #expect(load.exitCode == 0 && load.stderr.contains("cached 17 ghcnh stations"), "\(load)")
    let ecad = await harness.run("station", "load", "ecad")
    #expect(ecad.exitCode == 64, "\(ecad)")
  }
}
