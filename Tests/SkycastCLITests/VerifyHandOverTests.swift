import Foundation
import TestSupport
import Testing

@testable import SkycastCLI

/// `verify --pairs --format verif`: verif's text input (CI has verif read it back, see
/// `Tests/Reference/check_verif_pairs.py`).
@Suite struct VerifyHandOverTests {
  /// Issued 2026-03-01 06:00 UTC; leads 1 h and 30 h: reference time = valid − lead = the
  /// issue time, so both rows have date 20260301 and hour 6.
  @Test("rows are date hour leadtime location lat lon altitude obs fcst under verif's # lines")
  func verifText() async throws {
    let harness = CLIHarness()
    let writer = HistoryWriter(store: try harness.store())
    try writer.city(7, "Alpha")
    let issued = march1 + 6 * hour
    for (lead, forecast, observed) in [(Int64(1), 2.5, 2.0), (30, -1.25, 0.5)] {
      try writer.forecast(city: 7, issuedAt: issued, lead: lead, ["temperature_2m": forecast])
      try writer.observation(city: 7, validAt: issued + lead * hour, ["temperature_2m": observed])
    }
    let result = await harness.run(
      "verify", "--pairs", "--format", "verif", "--source", "forecast", "--model", "best_match")
    #expect(result.exitCode == 0, "\(result.stderr)")
    #expect(
      result.stdout == """
        # variable: temperature_2m
        # units: °C
        date hour leadtime location lat lon altitude obs fcst
        20260301 6 1 7 0.0 0.0 0.0 2.0 2.5
        20260301 6 30 7 0.0 0.0 0.0 0.5 -1.25

        """)
  }

  @Test("verif reads one forecast system per file; --format verif needs --pairs")
  func usage() async throws {
    let harness = CLIHarness()
    let writer = HistoryWriter(store: try harness.store())
    try writer.city(1, "Alpha")
    let several = await harness.run("verify", "--pairs", "--format", "verif")
    #expect(several.exitCode == 64)
    #expect(several.stderr.contains("give one --source and one --model"), "\(several.stderr)")
    let scores = await harness.run("verify", "--format", "verif")
    #expect(scores.exitCode == 64)
    #expect(scores.stderr.contains("--format verif writes pairs; add --pairs"), "\(scores.stderr)")
  }
}
