import Foundation
import SkycastModel
import TestSupport
import Testing

/// `observe --station PROVIDER:ID` against a loopback server serving the providers' files:
/// the same rows as importing the same file, a fetch-log row, and the client's bounds.
@Suite struct ObserveStationTests {
  static let fixtures = PackagePaths.stationFixtures

  static func bytes(_ path: String) throws -> [UInt8] {
    [UInt8](try Data(contentsOf: fixtures.appendingPathComponent(path)))
  }

  static let dwdPath =
    "/climate_environment/CDC/observations_germany/climate/hourly/air_temperature/recent/stundenwerte_TU_03987_akt.zip"

  static func harness() async throws -> CLIHarness {
    let harness = CLIHarness(now: Date(timeIntervalSince1970: 1_702_000_000))
    try await Ingest.addCity(
      harness, "Potsdam", latitude: 52.39, longitude: 13.06, zone: "Europe/Berlin")
    return harness
  }

  static let rowsSQL =
    "SELECT source, valid_at, temperature_2m, relative_humidity_2m, cloud_cover, precipitation FROM hourly_observations ORDER BY source, valid_at"

  @Test(
    "a served file stores the rows its import stores, with a fetch-log row",
    arguments: [
      (
        "dwd:03987", "dwd/derived-stundenwerte_TU_03987_akt.zip", dwdPath, "dwd", [String: String]()
      ),
      (
        "meteostat:10637", "meteostat/derived-legacy-hourly-10637.csv.gz",
        "/v2/hourly/10637.csv.gz", "meteostat",
        ["/v2/hourly/10637.map.csv.gz": "meteostat/derived-legacy-hourly-10637.map.csv.gz"]
      ),
      (
        "ghcnh:USW00024135", "ghcnh/GHCNh_USW00024135_por.psv",
        "/oa/global-historical-climatology-network/hourly/access/by-station/GHCNh_USW00024135_por.psv",
        "ghcnh", [:]
      ),
    ])
  func sameAsImport(
    station: String, file: String, path: String, provider: String, companions: [String: String]
  ) async throws {
    var served: [String: [Reply]] = [
      path: [
        .bytes(status: 200, contentType: "application/octet-stream", body: try Self.bytes(file))
      ]
    ]
    for (companionPath, companionFile) in companions {
      served[companionPath] = [
        .bytes(
          status: 200, contentType: "application/octet-stream",
          body: try Self.bytes(companionFile))
      ]
    }
    let server = try LoopbackServer.scripted(served)
    defer { server.stop() }

    let imported = try await Self.harness()
    let local = Self.fixtures.appendingPathComponent(file).path
    let importResult = await imported.run(
      "import", "observations", "--format", provider, local, "--city", "Potsdam",
      "--station", String(station.split(separator: ":")[1]))
    #expect(importResult.exitCode == 0, "\(importResult)")

    let fetched = try await Self.harness()
    let observe = await fetched.run(
      "observe", "--station", station, "--city", "Potsdam", "--\(provider)-url", server.baseURL)
    #expect(observe.exitCode == 0, "\(observe)")
    let rows = try Ingest.rows(fetched, Self.rowsSQL)
    #expect(!rows.isEmpty)
    #expect(rows == (try Ingest.rows(imported, Self.rowsSQL)))
    #expect(
      try Ingest.rows(fetched, "SELECT source, status, url LIKE 'http://127.0.0.1:%' FROM fetches")
        == [["station:\(station)", "ok", "1"]])
    if provider == "meteostat" {
      #expect(observe.stderr.contains("model-filled"), "\(observe.stderr)")
    }
  }

  @Test(
    "a truncated, stalled, flooding or missing file is one failed fetch row and nothing stored",
    arguments: [
      (
        "truncated",
        Reply.truncated(status: 200, body: [0x50, 0x4b, 0x03, 0x04], declaredLength: 4096)
      ),
      ("stalled", Reply.hang),
      ("flooding", Reply.flood(chunked: true, totalBytes: 600 << 20)),
      ("missing", Reply.text(status: 404, body: "Not Found")),
      ("not a zip", Reply.text(status: 200, body: "<html>maintenance</html>")),
    ])
  func bounded(name: String, reply: Reply) async throws {
    let server = try LoopbackServer.scripted([Self.dwdPath: [reply]])
    defer { server.stop() }
    let harness = try await Self.harness()
    let result = await harness.run(
      "observe", "--station", "dwd:03987", "--city", "Potsdam", "--dwd-url", server.baseURL,
      "--timeout", "1", "--retries", "0")
    #expect(result.exitCode == 1, "\(name): \(result)")
    #expect(result.stderr.contains("station:dwd:03987: failed"), "\(name): \(result.stderr)")
    #expect(try Ingest.int(harness, "SELECT count(*) FROM hourly_observations") == 0)
    #expect(
      try Ingest.rows(harness, "SELECT source, status FROM fetches")
        == [["station:dwd:03987", "failed"]])
  }

  @Test("usage: a provider that is imported, a bad id, --from")
  func usage() async throws {
    let harness = try await Self.harness()
    for arguments in [
      ["observe", "--station", "ecad:1", "--city", "Potsdam"],
      ["observe", "--station", "dwd:../x", "--city", "Potsdam"],
      ["observe", "--station", "dwd:03987", "--from", "2026-01-01"],
      ["observe", "--station", "nowhere:1"],
    ] {
      let result = await harness.run(arguments)
      #expect(result.exitCode == 64, "\(arguments): \(result)")
    }
  }
}
