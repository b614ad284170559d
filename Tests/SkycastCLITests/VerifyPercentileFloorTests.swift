import Foundation
import TestSupport
import Testing

@testable import SkycastModel

/// `verify --var precipitation --threshold p90` on a mostly dry month (issue 42: p90 = 0.0 mm,
/// so with `ge` every hour was an event, POD 0.995, without a word).
@Suite struct VerifyPercentileFloorTests {
  @Test("p90 of a mostly dry month is refused with exit 64 and the reason; p99 above 0 is scored")
  func dryMonth() async throws {
    let harness = CLIHarness()
    let writer = HistoryWriter(store: try harness.store())
    try writer.city(1, "Alpha")
    let start: Int64 = 1_767_225_600
    for hour in 0..<200 {
      let valid = start + Int64(hour) * 3600
      let rain = hour % 25 == 0 ? 1.5 : 0
      try writer.observation(city: 1, validAt: valid, ["precipitation": rain])
      try writer.forecast(city: 1, issuedAt: valid - 3600, lead: 1, ["precipitation": rain])
    }
    let refused = await harness.run(
      "verify", "--var", "precipitation", "--obs", "era5", "--threshold", "p90")
    #expect(refused.exitCode == 64, "\(refused)")
    #expect(
      refused.stderr.hasPrefix(
        "Error: --threshold p90 is 0 mm, the floor of precipitation, for Alpha in month 01 (192 of 200 observations, 96 %, are 0)"
      ), "\(refused.stderr)")
    let scored = await harness.run(
      "verify", "--var", "precipitation", "--obs", "era5", "--threshold", "p99", "--format",
      "table")
    #expect(scored.exitCode == 0, "\(scored)")
    #expect(scored.stdout.contains("thresholds (mm): Alpha 01 1.5 (n 200)"), "\(scored.stdout)")
  }
}
