import Foundation
import TestSupport
import Testing

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
}
