import Foundation
import SkycastModel
import TestSupport
import Testing

/// Hostile station files through the commands: `observe --station` and `import observations
/// --format` store only plausible values at plausible times, say what they left out, and
/// `db check` and `export observations` work afterwards.
@Suite struct StationHostileFileTests {
  static let ghcnhPath =
    "/oa/global-historical-climatology-network/hourly/access/by-station/GHCNh_USW00024135_por.psv"

  static let ghcnh = [
    "Station_ID|Year|Month|Day|Hour|Minute|temperature|relative_humidity|precipitation|sea_level_pressure",
    "USW00024135|2020|01|01|00|00|5000|250|-1|0",
    "USW00024135|2020|01|01|01|00|12.5|80|0.2|1013.2",
    "USW00024135|1799|12|31|23|00|10|50|0|1000",
    "USW00024135|9999|12|31|23|52|10|50|0|1000",
  ].joined(separator: "\n")

  @Test("observe --station: impossible values and years are counted and named, db check passes")
  func observe() async throws {
    let server = try LoopbackServer.scripted([
      Self.ghcnhPath: [
        .bytes(status: 200, contentType: "text/plain", body: Array(Self.ghcnh.utf8))
      ]
    ])
    defer { server.stop() }
    let harness = try await ObserveStationTests.harness()
    let result = await harness.run(
      "observe", "--station", "ghcnh:USW00024135", "--city", "Potsdam", "--ghcnh-url",
      server.baseURL)
    #expect(result.exitCode == 0, "\(result)")
    #expect(result.stderr.contains("4 implausible values left out"), "\(result.stderr)")
    #expect(result.stderr.contains("2 lines dated outside 1800-01-01 to 2200-12-31 left out"))
    #expect(result.stderr.contains("line 2: temperature_2m 5000.0 outside -80…60 °C"))
    #expect(
      try Ingest.rows(
        harness, "SELECT valid_at, temperature_2m FROM hourly_observations ORDER BY valid_at")
        == [["1577840400", "12.5"]])
    #expect(await harness.run("db", "check").stdout == "ok\n")
  }

  @Test("import observations --format asos: a 9999-12-31 23:52 row is left out; export works")
  func importASOS() async throws {
    let harness = try await ObserveStationTests.harness()
    let file = harness.directory.file("asos.csv")
    try Data(
      ("station,valid,tmpf,relh\nKCVG,9999-12-31 23:52,50.0,50\nKCVG,2024-03-01 00:52,50.0,50\n"
        + "KCVG,2024-03-01 01:52,9032.0,250\n").utf8
    ).write(to: URL(fileURLWithPath: file))
    let result = await harness.run(
      "import", "observations", "--format", "asos", file, "--city", "Potsdam")
    #expect(result.exitCode == 0, "\(result)")
    #expect(result.stderr.contains("2 implausible values left out"), "\(result.stderr)")
    #expect(result.stderr.contains("line 2: time 9999-12-31 23:52 outside"), "\(result.stderr)")
    #expect(try Ingest.int(harness, "SELECT count(*) FROM hourly_observations") == 1)
    #expect(await harness.run("db", "check").stdout == "ok\n")
    let export = await harness.run("export", "observations", "--format", "csv")
    #expect(export.exitCode == 0, "\(export)")
  }

  /// `--strict` refuses the whole file when any line or value fails the checks, and stores
  /// nothing; a clean file imports as before; without `--format` it is a usage error.
  @Test("import observations --format --strict refuses a file with a failing line, stores nothing")
  func strict() async throws {
    let harness = try await ObserveStationTests.harness()
    let file = harness.directory.file("asos.csv")
    try Data(
      ("station,valid,tmpf,relh\nKCVG,2024-03-01 00:52,50.0,50\n"
        + "KCVG,2024-03-01 01:52,9032.0,250\n").utf8
    ).write(to: URL(fileURLWithPath: file))
    let arguments = ["import", "observations", "--format", "asos", file, "--city", "Potsdam"]
    let refused = await harness.run(arguments + ["--strict"])
    #expect(refused.exitCode == 1, "\(refused)")
    #expect(
      refused.stderr.contains("--strict: 2 values or lines failed the checks: line 3: "),
      "\(refused.stderr)")
    #expect(refused.stderr.contains("nothing was imported"), "\(refused.stderr)")
    #expect(try Ingest.int(harness, "SELECT count(*) FROM hourly_observations") == 0)
    let dry = await harness.run(arguments + ["--strict", "--dry-run"])
    #expect(dry.exitCode == 1, "\(dry)")
    let lenient = await harness.run(arguments)
    #expect(lenient.exitCode == 0, "\(lenient)")
    #expect(try Ingest.int(harness, "SELECT count(*) FROM hourly_observations") == 1)
    let clean = harness.directory.file("clean.csv")
    try Data("station,valid,tmpf,relh\nKCVG,2024-03-02 00:52,50.0,50\n".utf8).write(
      to: URL(fileURLWithPath: clean))
    let strictClean = await harness.run(
      ["import", "observations", "--format", "asos", clean, "--city", "Potsdam", "--strict"])
    #expect(strictClean.exitCode == 0, "\(strictClean)")
    let csv = await harness.run(["import", "observations", clean, "--strict"])
    #expect(csv.exitCode == 64, "\(csv)")
  }
}
