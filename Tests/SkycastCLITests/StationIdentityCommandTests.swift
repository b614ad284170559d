import Foundation
import SkycastModel
import TestSupport
import Testing

/// The right station under the right name: `observe --station` and `import observations
/// --format` refuse a file of another station, and a file whose id is not an id, and store
/// nothing of it.
@Suite struct StationIdentityCommandTests {
  static let path00433 =
    "/climate_environment/CDC/observations_germany/climate/hourly/air_temperature/recent/stundenwerte_TU_00433_akt.zip"

  @Test("observe --station dwd:00433 served the zip of 03987: refused once, nothing stored")
  func observeOtherStation() async throws {
    let server = try LoopbackServer.scripted([
      Self.path00433: [
        .bytes(
          status: 200, contentType: "application/zip",
          body: try ObserveStationTests.bytes("dwd/derived-stundenwerte_TU_03987_akt.zip"))
      ]
    ])
    defer { server.stop() }
    let harness = try await ObserveStationTests.harness()
    let result = await harness.run(
      "observe", "--station", "dwd:00433", "--city", "Potsdam", "--dwd-url", server.baseURL)
    #expect(result.exitCode == 1, "\(result)")
    #expect(
      result.stderr.contains(
        "station:dwd:00433: failed: unexpected response: the file is dwd station 03987, not 00433 as asked; nothing stored"
      ), "\(result.stderr)")
    #expect(try Ingest.int(harness, "SELECT count(*) FROM hourly_observations") == 0)
    #expect(
      try Ingest.rows(harness, "SELECT source, status FROM fetches")
        == [["station:dwd:00433", "failed"]])
    #expect(server.requests(path: Self.path00433).count == 1, "the same file is not asked again")
  }

  @Test("import observations --format meteostat 10637.csv.gz --station 99999 is refused")
  func importOverride() async throws {
    let harness = try await ObserveStationTests.harness()
    let file = ObserveStationTests.fixtures.appendingPathComponent(
      "meteostat/derived-legacy-hourly-10637.csv.gz"
    ).path
    let copy = harness.directory.file("10637.csv.gz")
    try FileManager.default.copyItem(atPath: file, toPath: copy)
    let result = await harness.run(
      "import", "observations", "--format", "meteostat", copy, "--city", "Potsdam", "--station",
      "99999")
    #expect(result.exitCode == 1, "\(result)")
    #expect(
      result.stderr.contains(
        "(meteostat): the file is meteostat station 10637, not 99999 as asked; nothing was imported"
      ), "\(result.stderr)")
    #expect(try Ingest.int(harness, "SELECT count(*) FROM hourly_observations") == 0)
  }

  @Test("a GHCNh Station_ID with an ESC is refused, and no source holds a control character")
  func escapeInID() async throws {
    let harness = try await ObserveStationTests.harness()
    let file = harness.directory.file("GHCNh_USW00024135_por.psv")
    try Data(
      ("Station_ID|Year|Month|Day|Hour|Minute|temperature\n"
        + "USW\u{1B}]0;x\u{7}|2020|01|01|00|00|12.5\n").utf8
    ).write(to: URL(fileURLWithPath: file))
    let result = await harness.run(
      "import", "observations", "--format", "ghcnh", file, "--city", "Potsdam")
    #expect(result.exitCode == 1, "\(result)")
    #expect(result.stderr.contains("the file names no usable station: station id 'USW\\e]0;x"))
    #expect(!result.stderr.contains("\u{1B}"))
    #expect(try Ingest.int(harness, "SELECT count(*) FROM hourly_observations") == 0)
  }
}
