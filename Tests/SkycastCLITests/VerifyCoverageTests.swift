import Foundation
import TestSupport
import Testing

@testable import Store

/// When no pair matched, `verify` lists the observation sources with their dates and names the
/// `--obs` to try.
@Suite struct VerifyCoverageTests {
  @Test("no pairs: the stored observation sources with their dates, and the --obs to try")
  func coverageHint() async throws {
    let harness = CLIHarness()
    let builder = HistoryBuilder(store: try harness.store())
    let city = try builder.smallHistory()  // forecasts and era5 observations of 2026-03-20
    for validAt in builder.hours(city, "2026-04-02").prefix(5) {
      try builder.observedHour(city, validAt: validAt, source: "station", ["temperature_2m": 3])
    }
    let result = await harness.run("verify", "--obs", "station", "--format", "csv")
    #expect(result.exitCode == 0, "\(result)")
    #expect(result.stderr.contains("no forecast–observation pairs matched"), "\(result)")
    #expect(result.stderr.contains("  era5: 2026-03-20…2026-03-20, 24 hours"), "\(result)")
    #expect(result.stderr.contains("  station: 2026-04-02…2026-04-02, 5 hours"), "\(result)")
    #expect(result.stderr.contains("try --obs era5"), "\(result)")
    let matched = await harness.run("verify", "--obs", "era5", "--format", "csv")
    #expect(!matched.stderr.contains("try --obs"), "\(matched)")
  }

  /// Without --obs, among several sources the one with most values inside the forecasts' span
  /// wins and a note says so: a station series covering the forecasts beats era5 covering a
  /// few hours of them; era5 wins ties, and a lone source needs no note.
  @Test("without --obs, the source that overlaps the forecasts most is chosen, and named")
  func overlapDefault() async throws {
    let harness = CLIHarness()
    let builder = HistoryBuilder(store: try harness.store())
    let city = try builder.smallHistory()  // forecasts and era5 observations of 2026-03-20
    let lone = await harness.run("verify", "--format", "csv")
    #expect(lone.exitCode == 0 && !lone.stderr.contains("note: observations from"), "\(lone)")
    try harness.store().database.execute(
      "DELETE FROM hourly_observations WHERE source = 'era5' AND valid_at % 7200 = 0")
    for validAt in builder.hours(city, "2026-03-20") {
      try builder.observedHour(city, validAt: validAt, source: "station", ["temperature_2m": 3])
    }
    let result = await harness.run("verify", "--format", "csv")
    #expect(result.exitCode == 0, "\(result)")
    #expect(
      result.stderr.contains("note: observations from 'station', the source with most hours"),
      "\(result)")
    #expect(result.stderr.contains("era5 12"), "\(result)")
    let explicit = await harness.run("verify", "--obs", "era5", "--format", "csv")
    #expect(!explicit.stderr.contains("note: observations from"), "\(explicit)")
  }
}
