import Foundation
import TestSupport
import Testing

/// CSV and JSON instants in RFC 3339 form (seconds always), `--utc`, and the importer reading
/// both forms.
@Suite struct RFC3339TimesTests {
  @Test("CSV and JSON instants carry seconds: 2026-03-20T00:00:00+01:00")
  func secondsAlways() async throws {
    let harness = try smallHarness()
    let csv = await harness.run(["export", "hourly", "--format", "csv", "--var", "temperature_2m"])
    #expect(csv.exitCode == 0, "\(csv)")
    let lines = csv.stdout.split(separator: "\r\n")
    #expect(
      lines[1].contains(",2026-03-19T06:00:00+01:00,2026-03-20T00:00:00+01:00,"), "\(lines[1])")
    let json = await harness.run(["export", "fetches", "--format", "json"])
    #expect(json.stdout.contains("\"requested_at\":\"2026-03-19T06:02:00+01:00\""), "\(json)")
  }

  @Test("--utc writes every instant in UTC with Z; --excel keeps its own form and refuses --utc")
  func utc() async throws {
    let harness = try smallHarness()
    let result = await harness.run([
      "export", "observations", "--format", "csv", "--utc", "--var", "temperature_2m",
    ])
    #expect(result.exitCode == 0, "\(result)")
    let rows = result.stdout.split(separator: "\r\n").dropFirst()
    #expect(rows.count == 72)
    // Berlin's midnight (+01:00) and Tokyo's (+09:00), both in UTC.
    #expect(rows.contains { $0.contains(",2026-03-19T23:00:00Z,2026-03-20,0,") })
    #expect(rows.contains { $0.contains(",2026-03-30T15:00:00Z,2026-03-31,0,") })
    #expect(!rows.contains { $0.contains("+0") })
    let excel = await harness.run(["export", "hourly", "--excel", "--utc"])
    #expect(excel.exitCode == 64, "\(excel)")
    #expect(excel.stderr.contains("--utc cannot be combined with --excel"), "\(excel)")
    let spreadsheet = await harness.run(["export", "hourly", "--excel", "--var", "temperature_2m"])
    #expect(spreadsheet.stdout.contains(",2026-03-20 00:00,"), "\(spreadsheet)")
  }

  @Test("DuckDB's strict TIMESTAMPTZ cast reads every exported instant, local or --utc")
  func duckDBCastsInstants() async throws {
    let harness = try smallHarness()
    var files: [String] = []
    for flags in [[], ["--utc"]] {
      let path = harness.directory.file("hourly\(flags.joined()).csv")
      let result = await harness.run(["export", "hourly", "--format", "csv", "-o", path] + flags)
      #expect(result.exitCode == 0, "\(result)")
      files.append(path)
    }
    guard let python = RealReaders.python(for: "duckDBCastsInstants") else { return }
    for path in files {
      let (status, output) = try await RealReaders.run(
        python, script: "duckdb_times.py", [path, "issued_at", "valid_at"])
      #expect(status == 0 && output.hasPrefix("ok "), "\(path): \(output)")
    }
  }

  @Test("The importer reads times with and without seconds, local or with Z or an offset")
  func importerReadsBoth() async throws {
    let harness = CLIHarness()
    _ = await harness.run([
      "city", "add", "--name", "Berlin", "--lat", "52.52", "--lon", "13.41", "--timezone",
      "Europe/Berlin",
    ])
    let file = harness.directory.file("station.csv")
    try Data(
      """
      city,time,temperature_2m
      Berlin,2026-03-20T06:00,1.0
      Berlin,2026-03-20T07:00:00,2.0
      Berlin,2026-03-20T07:00:00Z,3.0
      Berlin,2026-03-20T09:00:00+01:00,4.0
      Berlin,2026-03-20T10:00+01:00,5.0

      """.utf8
    ).write(to: URL(fileURLWithPath: file))
    let imported = await harness.run(["import", "observations", file, "--source", "station"])
    #expect(imported.exitCode == 0, "\(imported)")
    let exported = await harness.run([
      "export", "observations", "--format", "csv", "--var", "temperature_2m", "--utc",
    ])
    let times = exported.stdout.split(separator: "\r\n").dropFirst().map {
      $0.split(separator: ",", omittingEmptySubsequences: false)[3] + " "
        + $0.split(separator: ",", omittingEmptySubsequences: false)[6]
    }
    #expect(
      times == [
        "2026-03-20T05:00:00Z 1.0", "2026-03-20T06:00:00Z 2.0", "2026-03-20T07:00:00Z 3.0",
        "2026-03-20T08:00:00Z 4.0", "2026-03-20T09:00:00Z 5.0",
      ], "\(exported)")
  }
}
