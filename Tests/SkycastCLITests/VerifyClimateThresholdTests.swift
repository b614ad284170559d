import Foundation
import TestSupport
import Testing

@testable import SkycastCLI

/// `verify --threshold p90`: thresholds from each city's observed climate per calendar month.
@Suite struct VerifyClimateThresholdTests {
  /// 2026-01-15 and 2026-07-15 00:00 UTC.
  static let january: Int64 = 1_768_435_200
  static let july: Int64 = 1_784_073_600

  /// January observations 1…10 at hours 0…9: p90 by numpy's linear rule, h = 9 · 0.9 = 8.1,
  /// is 9 + 0.1 · (10 − 9) = 9.1. July 11…30 at hours 0…19: h = 17.1, 28 + 0.1 = 28.1.
  /// Pairs: January leads 1…9 (obs 2…10) forecast as observed except lead 8 (obs 9, forecast
  /// 9.2: a false alarm) and lead 9 (obs 10, forecast 9.5: a hit); July lead 1 (obs 12,
  /// forecast 12) and lead 19 (obs 30, forecast 20: a miss). a 1, b 1, c 1, d 8.
  @Test("each pair is tested against its city's month percentile, and the comment names the values")
  func percentileThresholds() async throws {
    let harness = CLIHarness()
    let writer = HistoryWriter(store: try harness.store())
    try writer.city(1, "Alpha")
    for index: Int64 in 0..<10 {
      try writer.observation(
        city: 1, validAt: Self.january + index * hour, ["temperature_2m": Double(index + 1)])
    }
    for index: Int64 in 0..<20 {
      try writer.observation(
        city: 1, validAt: Self.july + index * hour, ["temperature_2m": Double(index + 11)])
    }
    for lead: Int64 in 1...9 {
      let observed = Double(lead + 1)
      let forecast = lead == 8 ? 9.2 : lead == 9 ? 9.5 : observed
      try writer.forecast(
        city: 1, issuedAt: Self.january, lead: lead, ["temperature_2m": forecast])
    }
    try writer.forecast(city: 1, issuedAt: Self.july, lead: 1, ["temperature_2m": 12])
    try writer.forecast(city: 1, issuedAt: Self.july, lead: 19, ["temperature_2m": 20])

    let csv = await harness.run("verify", "--source", "forecast", "--threshold", "p90")
    #expect(csv.exitCode == 0, "\(csv.stderr)")
    let row = try #require(CSVTable(csv.stdout).rows.first)
    #expect(row["threshold"] == "p90")
    #expect([row["a"], row["b"], row["c"], row["d"]] == ["1", "1", "1", "8"])
    let table = await harness.run(
      "verify", "--source", "forecast", "--threshold", "p90", "--format", "table")
    #expect(
      table.stdout.contains("thresholds (°C): Alpha 01 9.1 (n 10), 07 28.1 (n 20)"),
      "\(table.stdout)")
    #expect(table.stdout.contains("each city's 90th percentile of its era5 observations"))
  }

  @Test(
    "a percentile threshold is one pNN between 0 and 100",
    arguments: [["p90,1"], ["p100"], ["px"]])
  func usage(arguments: [String]) async throws {
    let harness = CLIHarness()
    let result = await harness.run(["verify", "--threshold"] + arguments)
    #expect(result.exitCode == 64, "\(result)")
    #expect(result.stderr.contains("is invalid for '--threshold'"), "\(result.stderr)")
  }

  /// January 2025 observations 101…110 are the reference: p90 = 109 + 0.1 = 109.1. The pairs
  /// are January 2026's (observed 2…10, below it); the forecast of lead 9 is 120, a false alarm.
  @Test("--climate-from/--climate-to take the percentiles over their own period")
  func referencePeriod() async throws {
    let harness = CLIHarness()
    let writer = HistoryWriter(store: try harness.store())
    try writer.city(1, "Alpha")
    let january2025 = Self.january - 365 * 86_400
    for index: Int64 in 0..<10 {
      try writer.observation(
        city: 1, validAt: january2025 + index * hour, ["temperature_2m": Double(index + 101)])
      try writer.observation(
        city: 1, validAt: Self.january + index * hour, ["temperature_2m": Double(index + 1)])
    }
    for lead: Int64 in 1...9 {
      try writer.forecast(
        city: 1, issuedAt: Self.january, lead: lead,
        ["temperature_2m": lead == 9 ? 120 : Double(lead + 1)])
    }
    let table = await harness.run(
      "verify", "--source", "forecast", "--threshold", "p90", "--from", "2026-01-01", "--to",
      "2026-01-31", "--climate-from", "2025-01-01", "--climate-to", "2025-01-31", "--format",
      "table")
    #expect(table.exitCode == 0, "\(table.stderr)")
    #expect(table.stdout.contains("thresholds (°C): Alpha 01 109.1 (n 10)"), "\(table.stdout)")
    #expect(
      table.stdout.contains("over 2025-01-01 to 2025-01-31 (--climate-from/--climate-to)"),
      "\(table.stdout)")
    let csv = await harness.run(
      "verify", "--source", "forecast", "--threshold", "p90", "--from", "2026-01-01", "--to",
      "2026-01-31", "--climate-from", "2025-01-01", "--climate-to", "2025-01-31")
    let row = try #require(CSVTable(csv.stdout).rows.first)
    #expect([row["a"], row["b"], row["c"], row["d"]] == ["0", "1", "0", "8"])
    // Without a reference period, the verify period's own January (1…10) is the climate.
    let own = await harness.run(
      "verify", "--source", "forecast", "--threshold", "p90", "--from", "2026-01-01", "--to",
      "2026-01-31", "--format", "table")
    #expect(own.stdout.contains("Alpha 01 9.1 (n 10)"), "\(own.stdout)")
  }

  @Test(
    "a reference period belongs to a percentile threshold and has both ends",
    arguments: [
      (
        ["--threshold", "1", "--climate-from", "2025-01-01", "--climate-to", "2025-01-31"],
        "--climate-from sets the reference period of --threshold pNN (such as p90)"
      ),
      (
        ["--threshold", "p90", "--climate-from", "2025-01-01"],
        "Missing value for '--climate-to <date>' (needed with --climate-from)"
      ),
      (
        ["--threshold", "p90", "--climate-from", "2025-02-01", "--climate-to", "2025-01-31"],
        "--climate-from 2025-02-01 is after --climate-to 2025-01-31"
      ),
    ])
  func referencePeriodUsage(arguments: [String], message: String) async {
    let result = await CLIHarness().run(["verify"] + arguments)
    #expect(result.exitCode == 64, "\(result)")
    #expect(result.stderr.hasPrefix("Error: \(message)\n"), "\(result.stderr)")
  }
}
