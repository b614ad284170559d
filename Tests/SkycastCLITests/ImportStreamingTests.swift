import Foundation
import SkycastModel
import TestSupport
import Testing

/// `import` streams its file: files far larger than one read chunk keep their line numbers,
/// roll back whole, re-read themselves as GB18030 when the UTF-8 breaks late, and cost the same
/// memory however many rows they have.
@Suite struct ImportStreamingTests {
  /// `rows` hourly observation lines for Berlin from 2026-01-01T00:00Z, one hour apart.
  static func observationLines(_ rows: Int, from first: Int = 0) -> [String] {
    let start = LocalDate(year: 2026, month: 1, day: 1)!.midnightAsUTC
    return (first..<(first + rows)).map { index in
      let time = start + Int64(index) * 3600
      let day = LocalDate(dayNumber: time / 86_400).description
      let hour = (time % 86_400) / 3600
      return "Berlin,\(day)T\(hour < 10 ? "0" : "")\(hour):00Z,\(Double(index % 300) / 10 - 10)"
    }
  }

  static let header = "city,time,temperature_2m"

  @Test("problems deep in a file larger than a read chunk are reported with their physical lines")
  func lineNumbersAcrossChunks() async throws {
    let harness = try await ImportCommandTests.berlin()
    // fetched_at is a column the import ignores: room for a quoted note with a line break,
    // which shifts every later physical line by one.
    var lines = [Self.header + ",fetched_at"] + Self.observationLines(30_000).map { $0 + "," }
    lines[100] += "\"a note\non two lines\""
    lines.insert("Berlin,2026-06-01T00:30Z,1,", at: 200)
    lines[20_000] = lines[20_000].replacingOccurrences(of: ",", with: ";")
    lines[29_000] += ",extra"
    let text = lines.joined(separator: "\n") + "\n"
    #expect(text.utf8.count > 262_144 * 2)
    try ImportCommandTests.file(harness, "long.csv", text)
    let result = await harness.run("import", "observations", "long.csv")
    #expect(result.exitCode == 1, "\(result)")
    #expect(result.stderr.contains("long.csv line 202: time 2026-06-01T00:30Z is not on the hour"))
    #expect(result.stderr.contains("long.csv line 20002: has 1 field, the header has 4"))
    #expect(result.stderr.contains("long.csv line 29002: has 5 fields, the header has 4"))
    #expect(result.stderr.contains("long.csv has 3 problems; nothing was imported"))
    #expect(try Ingest.int(harness, "SELECT count(*) FROM hourly_observations") == 0)
  }

  @Test(
    "an invalid last line rolls back every row written before it, leaving the database as it was")
  func rollbackLeavesDatabaseUntouched() async throws {
    let harness = try await ImportCommandTests.berlin()
    try ImportCommandTests.file(
      harness, "first.csv",
      ([Self.header] + Self.observationLines(1_000)).joined(separator: "\n") + "\n")
    let first = await harness.run("import", "observations", "first.csv")
    #expect(first.exitCode == 0, "\(first)")
    let before = try ImportCommandTests.snapshot(harness)
    // Changed values for the stored hours, 20 000 new hours, then one bad line at the end.
    let changed = Self.observationLines(21_000).map { $0 + "1" }
    try ImportCommandTests.file(
      harness, "second.csv",
      ([Self.header] + changed + ["Berlin,2030-01-01T00:00Z,warm"]).joined(separator: "\n"))
    let second = await harness.run("import", "observations", "second.csv")
    #expect(second.exitCode == 1, "\(second)")
    #expect(second.stderr.contains("second.csv line 21002: temperature_2m: 'warm' is not a number"))
    #expect(try ImportCommandTests.snapshot(harness) == before)
  }

  @Test("--skip-invalid leaves out both rows of a conflict even when the first was already written")
  func skipInvalidConflictAfterWriting() async throws {
    let harness = try await ImportCommandTests.berlin()
    var lines = [Self.header] + Self.observationLines(20_000)
    let parts = lines[10].split(separator: ",")
    lines.append("\(parts[0]),\(parts[1]),33")  // conflicts with line 11
    lines.append(lines[5])  // repeats line 6 exactly
    lines.append("Berlin,2026-01-01T00:00Z,hot")  // invalid
    try ImportCommandTests.file(harness, "mixed.csv", lines.joined(separator: "\n") + "\n")
    let result = await harness.run("import", "observations", "mixed.csv", "--skip-invalid")
    #expect(result.exitCode == 0, "\(result)")
    #expect(
      result.stderr.contains(
        "mixed.csv line 20002: conflicts with line 11: same city and time but different values"))
    #expect(result.stderr.contains("mixed.csv line 20003: repeats line 6 exactly; ignored"))
    #expect(result.stderr.contains("mixed.csv line 20004: temperature_2m: 'hot' is not a number"))
    #expect(result.stderr.contains("skipped 3 invalid rows of mixed.csv (--skip-invalid)"))
    #expect(result.stderr.contains("imported 19999 rows for 1 city from mixed.csv"))
    #expect(result.stderr.contains("19999 new, 0 updated, 0 unchanged"))
    #expect(try Ingest.int(harness, "SELECT count(*) FROM hourly_observations") == 19_999)
    let start = LocalDate(year: 2026, month: 1, day: 1)!.midnightAsUTC
    #expect(
      try Ingest.int(
        harness, "SELECT count(*) FROM hourly_observations WHERE valid_at = \(start + 9 * 3600)")
        == 0)
    #expect(
      try Ingest.rows(harness, "SELECT source, rows FROM fetches") == [["import:station", "19999"]])
  }

  @Test("a file that stops being UTF-8 after the first read chunk is read again as GB18030")
  func lateGB18030() async throws {
    let harness = CLIHarness()
    try await Ingest.addCity(harness, "Berlin", latitude: 52.52, longitude: 13.41, zone: "UTC")
    try await Ingest.addCity(harness, "北京", latitude: 39.9, longitude: 116.4, zone: "Asia/Shanghai")
    let prefix = ([Self.header] + Self.observationLines(20_000)).joined(separator: "\r\n") + "\r\n"
    // 北京 in GB18030.
    let bytes =
      Array(prefix.utf8) + [0xB1, 0xB1, 0xBE, 0xA9] + Array(",2026-03-20T06:00Z,4.5\r\n".utf8)
    #expect(bytes.count > 262_144)
    try ImportCommandTests.file(harness, "gb.csv", bytes)
    let result = await harness.run("import", "observations", "gb.csv")
    #expect(result.exitCode == 0, "\(result)")
    #expect(result.stderr.contains("gb.csv is not valid UTF-8; read it as GB18030"))
    #expect(result.stderr.contains("imported 20001 rows for 2 cities"))
    #expect(
      try Ingest.rows(
        harness,
        "SELECT c.name, count(*) FROM hourly_observations o JOIN cities c ON c.id = o.city_id GROUP BY c.name ORDER BY c.name"
      ) == [["Berlin", "20000"], ["北京", "1"]])
    let sha = try Ingest.rows(harness, "SELECT bytes, body_sha256 FROM fetches LIMIT 1")
    #expect(sha == [[String(bytes.count), SHA256.hexDigest(bytes)]])
  }

  @Test(
    "bytes that are neither UTF-8 nor GB18030 deep in a file name the line of the first bad byte")
  func lateInvalidBytes() async throws {
    let harness = try await ImportCommandTests.berlin()
    let prefix = ([Self.header] + Self.observationLines(20_000)).joined(separator: "\n") + "\n"
    try ImportCommandTests.file(harness, "bad.csv", Array(prefix.utf8) + [0xFF, 0xFF, 0x0A])
    let result = await harness.run("import", "observations", "bad.csv")
    #expect(result.exitCode == 1, "\(result)")
    #expect(
      result.stderr.contains(
        "bad.csv: the file is not valid UTF-8, UTF-16 or GB18030 text (invalid UTF-8 byte 0xFF on line 20002"
      ))
    #expect(try Ingest.int(harness, "SELECT count(*) FROM hourly_observations") == 0)
  }

  @Test("--dry-run of a long file checks every row and stores nothing")
  func dryRunStreams() async throws {
    let harness = try await ImportCommandTests.berlin()
    let lines = [Self.header] + Self.observationLines(20_000) + [Self.observationLines(1)[0]]
    try ImportCommandTests.file(harness, "dry.csv", lines.joined(separator: "\n") + "\n")
    let result = await harness.run("import", "observations", "dry.csv", "--dry-run")
    #expect(result.exitCode == 0, "\(result)")
    #expect(result.stderr.contains("dry.csv line 20002: repeats line 2 exactly; ignored"))
    #expect(result.stderr.contains("checked 20000 rows for 1 city from dry.csv"))
    #expect(try Ingest.int(harness, "SELECT count(*) FROM hourly_observations") == 0)
    #expect(try Ingest.int(harness, "SELECT count(*) FROM fetches") == 0)
  }

  @Test("re-importing stored rows still tells a repeat from a conflict and names the first line")
  func repeatsOfStoredRows() async throws {
    let harness = try await ImportCommandTests.berlin()
    let rows = Self.observationLines(3)
    try ImportCommandTests.file(
      harness, "first.csv", ([Self.header] + rows).joined(separator: "\n") + "\n")
    #expect(await harness.run("import", "observations", "first.csv").exitCode == 0)
    let before = try ImportCommandTests.snapshot(harness)
    let parts = rows[1].split(separator: ",")
    let again = [Self.header] + rows + [rows[0], "\(parts[0]),\(parts[1]),21.5"]
    try ImportCommandTests.file(harness, "again.csv", again.joined(separator: "\n") + "\n")
    let result = await harness.run("import", "observations", "again.csv")
    #expect(result.exitCode == 1, "\(result)")
    #expect(
      result.stderr.contains(
        "again.csv line 6: conflicts with line 3: same city and time but different values (temperature_2m -9.9 vs 21.5)"
      ))
    #expect(try ImportCommandTests.snapshot(harness) == before)
    let skipped = await harness.run("import", "observations", "again.csv", "--skip-invalid")
    #expect(skipped.exitCode == 0, "\(skipped)")
    #expect(skipped.stderr.contains("again.csv line 5: repeats line 2 exactly; ignored"))
    #expect(skipped.stderr.contains("skipped 2 invalid rows of again.csv (--skip-invalid)"))
    #expect(skipped.stderr.contains("imported 2 rows for 1 city from again.csv"))
    #expect(skipped.stderr.contains("0 new, 0 updated, 2 unchanged"))
    #expect(try ImportCommandTests.snapshot(harness) == before)
  }

  /// The peak RSS (kB) of `skycast import observations FILE` in a fresh database, by GNU time.
  static func importPeak(rows: Int) async throws -> Int {
    let harness = try await ImportCommandTests.berlin()
    try ImportCommandTests.file(
      harness, "rows.csv", ([Self.header] + Self.observationLines(rows)).joined(separator: "\n"))
    let report = harness.directory.file("time.txt")
    let child = try ChildProcess(
      arguments: ["import", "observations", harness.directory.file("rows.csv")],
      environment: harness.environment, directory: harness.directory,
      wrapper: [HostileServerProcessTests.time, "-f", "%M", "-o", report])
    let state = await child.exited()
    #expect(state == .exited(0), "\(child.stderr)")
    #expect(try Ingest.int(harness, "SELECT count(*) FROM hourly_observations") == rows)
    let text = try String(contentsOfFile: report, encoding: .utf8)
    return Int(text.split(separator: "\n").last ?? "") ?? 0
  }

  @Test(
    "the import's peak memory does not grow with the file (GNU time, 10 k against 200 k rows)",
    .enabled(if: HostileServerProcessTests.hasGNUTime, "needs GNU time (apt install time)"))
  func flatMemory() async throws {
    let small = try await Self.importPeak(rows: 10_000)
    let large = try await Self.importPeak(rows: 200_000)
    // Holding the rows would cost about 0.36 kB each: 65 MB more for the larger file.
    #expect(small > 0)
    #expect(large < small + 12_000, "peak \(small) kB for 10 k rows, \(large) kB for 200 k rows")
  }
}
