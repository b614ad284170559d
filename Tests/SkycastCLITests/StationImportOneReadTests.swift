import Foundation
import SkycastModel
import TestSupport
import Testing

/// `import observations --format`: one read stores the rows as they come in a transaction that
/// any problem rolls back; a file out of time order takes two reads; the outcome is the same.
@Suite struct StationImportOneReadTests {
  static let ghcnh = PackagePaths.stationFixtures.appendingPathComponent(
    "ghcnh/GHCNh_USW00024135_por.psv")

  /// A GHCNh file of `count` reports 20 minutes apart from 2001-01-01 (the fixture's header and
  /// first report, time and temperature changed), in order or reversed.
  static func synthetic(_ count: Int, reversed: Bool = false) throws -> String {
    let fixture = try String(contentsOf: ghcnh, encoding: .utf8)
    let lines = fixture.split(separator: "\n")
    var fields = lines[1].split(separator: "|", omittingEmptySubsequences: false).map(String.init)
    var body: [String] = []
    let start = LocalDate(year: 2001, month: 1, day: 1)!.midnightAsUTC
    for index in 0..<count {
      let time = start + Int64(index) * 1200
      let parts = LocalDate(dayNumber: time / 86_400).description.split(separator: "-")
      fields[2] = String(parts[0])
      fields[3] = String(parts[1])
      fields[4] = String(parts[2])
      fields[5] = String(time % 86_400 / 3600)
      fields[6] = String(time % 3600 / 60)
      fields[10] = String(Double(index % 300) / 10 - 10)
      body.append(fields.joined(separator: "|"))
    }
    return ([String(lines[0])] + (reversed ? body.reversed() : body)).joined(separator: "\n") + "\n"
  }

  static func harness() async throws -> CLIHarness {
    let harness = CLIHarness(now: Date(timeIntervalSince1970: 1_702_000_000))
    try await Ingest.addCity(
      harness, "Butte", latitude: 45.96, longitude: -112.5, zone: "America/Denver")
    return harness
  }

  static let rowsSQL =
    "SELECT source, valid_at, temperature_2m, precipitation FROM hourly_observations ORDER BY valid_at"

  @Test("a file out of time order stores what the same file in order stores")
  func outOfOrder() async throws {
    let folder = TemporaryDirectory()
    var results: [[[String]]] = []
    for reversed in [false, true] {
      let path = folder.file("GHCNh_USW00024135_por.psv")
      try Self.synthetic(600, reversed: reversed).write(
        toFile: path, atomically: true, encoding: .utf8)
      let harness = try await Self.harness()
      let result = await harness.run(
        "import", "observations", "--format", "ghcnh", path, "--city", "Butte")
      #expect(result.exitCode == 0, "\(result)")
      #expect(result.stderr.contains("imported 201 hours"), "\(result.stderr)")
      results.append(try Ingest.rows(harness, Self.rowsSQL))
    }
    #expect(results[0].count == 201)
    #expect(results[0] == results[1])
  }

  @Test("the fetch-log row carries the file's size and SHA-256, taken in the same read")
  func digest() async throws {
    let harness = try await Self.harness()
    let result = await harness.run(
      "import", "observations", "--format", "ghcnh", Self.ghcnh.path, "--city", "Butte")
    #expect(result.exitCode == 0, "\(result)")
    let bytes = [UInt8](try Data(contentsOf: Self.ghcnh))
    #expect(
      try Ingest.rows(harness, "SELECT bytes, body_sha256, model, status FROM fetches")
        == [[String(bytes.count), SHA256.hexDigest(bytes), "station", "ok"]])
  }

  @Test("a station linked to no city is refused after the file read cleanly; nothing stored")
  func noCity() async throws {
    let harness = try await Self.harness()
    let result = await harness.run(
      "import", "observations", "--format", "ghcnh", Self.ghcnh.path)
    #expect(result.exitCode == 64, "\(result)")
    #expect(result.stderr.contains("is linked to no city"), "\(result.stderr)")
    #expect(try Ingest.int(harness, "SELECT count(*) FROM hourly_observations") == 0)
    #expect(try Ingest.int(harness, "SELECT count(*) FROM fetches") == 0)
  }

  @Test("a bad line after the first stored batch rolls everything back")
  func lateError() async throws {
    let folder = TemporaryDirectory()
    let path = folder.file("GHCNh_USW00024135_por.psv")
    // 40,000 reports are over 8,192 hours: batches are written before the last line is read.
    try (Self.synthetic(40_000) + "USW00024135|cut short\n").write(
      toFile: path, atomically: true, encoding: .utf8)
    let harness = try await Self.harness()
    let result = await harness.run(
      "import", "observations", "--format", "ghcnh", path, "--city", "Butte")
    #expect(result.exitCode == 1, "\(result)")
    #expect(result.stderr.contains("line 40002: 2 fields"), "\(result.stderr)")
    #expect(try Ingest.int(harness, "SELECT count(*) FROM hourly_observations") == 0)
    #expect(try Ingest.int(harness, "SELECT count(*) FROM fetches") == 0)
  }
}
