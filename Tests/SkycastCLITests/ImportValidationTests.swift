import Foundation
import SkycastModel
import TestSupport
import Testing

/// Import files are checked like typed values: plain decimal numbers, physically plausible
/// values, times inside 1800–2200; and what is accepted exports and imports back unchanged.
@Suite struct ImportValidationTests {
  static func harness(zone: String = "Europe/Berlin") async throws -> CLIHarness {
    let harness = CLIHarness()
    try await Ingest.addCity(harness, "Town", latitude: 31.23, longitude: 121.47, zone: zone)
    return harness
  }

  static func write(_ harness: CLIHarness, _ name: String, _ text: String) throws {
    try Data(text.utf8).write(to: URL(fileURLWithPath: harness.directory.file(name)))
  }

  /// `Double(String)` stops at NUL and reads hex floats; none of these is a decimal number.
  @Test("numbers that are not plain decimals are reported with their line")
  func nonDecimalNumbers() async throws {
    let harness = try await Self.harness()
    let cells = ["12\u{0}99", "0x10", "0x1p-2", "inf", "nan", "1e400", "1_0", "١٢", "1e", "--1"]
    var csv = "city,time,temperature_2m\n"
    for (index, cell) in cells.enumerated() {
      csv += "Town,2026-03-20T\(10 + index):00Z,\(cell)\n"
    }
    try Self.write(harness, "hex.csv", csv)
    let result = await harness.run("import", "observations", "hex.csv")
    #expect(result.exitCode == 1, "\(result)")
    for (index, cell) in cells.enumerated() {
      let shown = TerminalSafe.escape(cell)
      #expect(
        result.stderr.contains(
          "hex.csv line \(index + 2): temperature_2m: '\(shown)' is not a number"),
        "\(cell): \(result)")
    }
    #expect(try Ingest.int(harness, "SELECT count(*) FROM hourly_observations") == 0)
  }

  @Test("plain decimal forms are accepted")
  func plainDecimals() async throws {
    let harness = try await Self.harness()
    try Self.write(
      harness, "ok.csv",
      "city,time,temperature_2m\nTown,2026-03-20T10:00Z,-6.2\nTown,2026-03-20T11:00Z,+3\n"
        + "Town,2026-03-20T12:00Z,.5\nTown,2026-03-20T13:00Z,1.\nTown,2026-03-20T14:00Z,1.5E1\n")
    let result = await harness.run("import", "observations", "ok.csv")
    #expect(result.exitCode == 0, "\(result)")
    #expect(
      try Ingest.rows(harness, "SELECT temperature_2m FROM hourly_observations ORDER BY valid_at")
        == [["-6.2"], ["3.0"], ["0.5"], ["1.0"], ["15.0"]])
  }

  /// Values no sensor or model can produce, refused with their line; `--skip-invalid` keeps
  /// the rest.
  @Test("physically impossible values are refused with the line, or skipped with --skip-invalid")
  func implausibleValues() async throws {
    let harness = try await Self.harness()
    try Self.write(
      harness, "bad.csv",
      """
      city,time,temperature_2m,relative_humidity_2m,weather_code,precipitation
      Town,2026-03-20T10:00Z,9999,50,1,0
      Town,2026-03-20T11:00Z,-300,50,1,0
      Town,2026-03-20T12:00Z,5,9999,1,0
      Town,2026-03-20T13:00Z,1e308,50,1,0
      Town,2026-03-20T14:00Z,5,50,1e300,0
      Town,2026-03-20T15:00Z,5,50,1,-0.5
      Town,2026-03-20T16:00Z,21.5,60,3,0.2

      """)
    let result = await harness.run("import", "observations", "bad.csv")
    #expect(result.exitCode == 1, "\(result)")
    for expected in [
      "line 2: temperature_2m: 9999 is not plausible (outside -80…60 °C)",
      "line 3: temperature_2m: -300 is not plausible (outside -80…60 °C)",
      "line 4: relative_humidity_2m: 9999 is not plausible (outside 0…100 %)",
      "line 5: temperature_2m: 1e308 is not plausible (outside -80…60 °C)",
      "line 6: weather_code: 1e300 is not plausible (outside 0…99)",
      "line 7: precipitation: -0.5 is not plausible (outside 0…400 mm)",
    ] {
      #expect(result.stderr.contains("bad.csv " + expected), "\(expected): \(result)")
    }
    #expect(try Ingest.int(harness, "SELECT count(*) FROM hourly_observations") == 0)
    let skipping = await harness.run("import", "observations", "bad.csv", "--skip-invalid")
    #expect(skipping.exitCode == 0, "\(skipping)")
    #expect(skipping.stderr.contains("skipped 6 invalid rows of bad.csv (--skip-invalid)"))
    let stored = try Ingest.rows(
      harness, "SELECT temperature_2m, weather_code FROM hourly_observations")
    #expect(stored == [["21.5", "3"]], "\(stored)")
  }

  @Test("times and dates outside 1800-01-01 to 2200-12-31 are refused with the line")
  func timeBounds() async throws {
    let harness = try await Self.harness()
    try Self.write(
      harness, "far.csv",
      "city,time,temperature_2m\nTown,9999-12-31T23:00Z,1\nTown,1799-12-31T23:00Z,1\n"
        + "Town,2201-01-01T00:00Z,1\nTown,2200-12-31T23:00Z,1\n")
    let hourly = await harness.run("import", "observations", "far.csv")
    #expect(hourly.exitCode == 1, "\(hourly)")
    #expect(
      hourly.stderr.contains("line 2: time 9999-12-31T23:00Z is outside 1800-01-01 to 2200-12-31"),
      "\(hourly)")
    #expect(hourly.stderr.contains("line 3: time 1799-12-31T23:00Z is outside"))
    #expect(hourly.stderr.contains("line 4: time 2201-01-01T00:00Z is outside"))
    #expect(!hourly.stderr.contains("line 5:"), "2200-12-31T23:00Z is inside")

    try Self.write(
      harness, "days.csv",
      "city,date,temperature_2m_max\nTown,9999-12-31,1\nTown,1800-01-01,1\n")
    let daily = await harness.run("import", "observations", "days.csv")
    #expect(daily.stderr.contains("line 2: date 9999-12-31 is outside 1800-01-01 to 2200-12-31"))
    #expect(!daily.stderr.contains("line 3:"), "\(daily)")

    try Self.write(
      harness, "fc.csv",
      "city,issued_at,date,temperature_2m_max,sunrise\n"
        + "Town,9999-01-01T00:00Z,2026-03-20,1,\nTown,2026-03-19T00:00Z,2026-03-20,1,99999999999\n")
    let forecasts = await harness.run("import", "forecasts", "fc.csv", "--source", "qw")
    #expect(forecasts.exitCode == 1)
    #expect(forecasts.stderr.contains("line 2: issued_at 9999-01-01T00:00Z is outside"))
    #expect(forecasts.stderr.contains("line 3: sunrise: 99999999999 is outside"), "\(forecasts)")
  }

  /// Asia/Shanghai kept local mean time (+08:05:43) until 1901 and Africa/Monrovia −00:44:30
  /// until 1972: exported at the minute-rounded offset, every time names its exact instant.
  @Test(
    "times at the bounds and in local-mean-time zones export and import back unchanged",
    arguments: ["Asia/Shanghai", "Africa/Monrovia", "Europe/Berlin"])
  func boundsRoundTrip(zone: String) async throws {
    let harness = try await Self.harness(zone: zone)
    try Self.write(
      harness, "edges.csv",
      "city,time,temperature_2m\nTown,1800-01-01T00:00Z,1.5\nTown,1900-01-01T12:00Z,2.5\n"
        + "Town,1971-06-01T00:00Z,3.5\nTown,2200-12-31T23:00Z,4.5\n")
    let first = await harness.run("import", "observations", "edges.csv")
    #expect(first.exitCode == 0, "\(first)")
    let before = try Ingest.rows(
      harness, "SELECT valid_at, valid_date, valid_hour, temperature_2m FROM hourly_observations")
    for excel in [false, true] {
      let name = excel ? "excel.csv" : "plain.csv"
      var export = ["export", "observations", "--format", "csv", "-o", name]
      if excel { export.append("--excel") }
      let exported = await harness.run(export)
      #expect(exported.exitCode == 0, "\(exported)")
      let again = await harness.run("import", "observations", name)
      #expect(again.exitCode == 0, "\(zone) \(name): \(again)")
      #expect(again.stderr.contains("0 new, 0 updated, 4 unchanged"), "\(zone) \(name): \(again)")
    }
    #expect(
      try Ingest.rows(
        harness, "SELECT valid_at, valid_date, valid_hour, temperature_2m FROM hourly_observations")
        == before)
  }
}
