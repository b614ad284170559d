import Foundation
import TestSupport
import Testing

@testable import SkycastModel
@testable import Verify

/// `verify --reliability --ci`: percentile intervals of bs, rel, res, unc, bss and roc_area
/// from the day-block bootstrap.
@Suite struct VerifyReliabilityIntervalTests {
  /// Forecasts issued 2026-03-01T00:00Z, one per (lead hours, probability %, observed mm).
  static func write(_ harness: CLIHarness, _ pairs: [(Int64, Double, Double)]) throws {
    let writer = HistoryWriter(store: try harness.store())
    try writer.city(1, "Alpha")
    for (lead, percent, amount) in pairs {
      try writer.forecast(
        city: 1, issuedAt: march1, lead: lead,
        ["precipitation": 0.5, "precipitation_probability": percent])
      try writer.observation(city: 1, validAt: march1 + lead * hour, ["precipitation": amount])
    }
  }

  /// Two days: on 1 March 10 % went dry and 90 % wet (perfect), on 2 March the reverse. With
  /// 1-day blocks a resample is day 1 twice, both days, or day 2 twice (a quarter of the
  /// resamples each way), so each 95 % interval runs from the smallest to the largest of the
  /// three values, worked out by hand:
  /// bs 0.01 / 0.41 / 0.81, rel 0.01 / 0.16 / 0.81, res 0.25 / 0 / 0.25, unc 0.25 throughout,
  /// bss 0.96 / −0.64 / −2.24, roc_area 1 / 0.5 / 0.
  @Test("with two days and 1-day blocks each interval spans the hand-computed day scores")
  func handCheck() async throws {
    let harness = CLIHarness()
    try Self.write(harness, [(1, 10, 0), (2, 90, 1), (25, 10, 1), (26, 90, 0)])
    let result = await harness.run(
      "verify", "--reliability", "--source", "forecast", "--ci", "--block-days", "1",
      "--format", "csv")
    #expect(result.exitCode == 0, "\(result)")
    let csv = CSVTable(result.stdout)
    #expect(
      csv.header == [
        "n_bs", "base_rate", "bs", "bs_lo", "bs_hi", "rel", "rel_lo", "rel_hi", "res", "res_lo",
        "res_hi", "unc", "unc_lo", "unc_hi", "bs_binned", "bss", "bss_lo", "bss_hi", "roc_area",
        "roc_area_lo", "roc_area_hi",
      ])
    let row = try #require(csv.rows.first)
    let expected: [(String, Double, Double, Double)] = [
      ("bs", 0.41, 0.01, 0.81), ("rel", 0.16, 0.01, 0.81), ("res", 0, 0, 0.25),
      ("unc", 0.25, 0.25, 0.25), ("bss", -0.64, -2.24, 0.96), ("roc_area", 0.5, 0, 1),
    ]
    for (score, value, lo, hi) in expected {
      #expect(close(row[score], value, within: 1e-12), "\(score) \(row)")
      #expect(close(row[score + "_lo"], lo, within: 1e-12), "\(score)_lo \(row)")
      #expect(close(row[score + "_hi"], hi, within: 1e-12), "\(score)_hi \(row)")
    }
    let table = await harness.run(
      "verify", "--reliability", "--source", "forecast", "--ci", "--block-days", "1", "--format",
      "table")
    #expect(
      table.stdout.contains("1-day blocks (--block-days), 1000 resamples, seed 20260301"),
      "\(table)")
  }

  /// Thirty days of pairs with random probabilities and outcomes.
  static func randomHistory(_ harness: CLIHarness) throws {
    var random = SplitMix64(seed: 99)
    var pairs: [(Int64, Double, Double)] = []
    for lead in stride(from: Int64(1), to: 24 * 30, by: 5) {
      let percent = (random.nextUniform() * 10).rounded() * 10
      let wet = random.nextUniform() < 0.2 + 0.6 * percent / 100
      pairs.append((lead, percent, wet ? 1 : 0))
    }
    try write(harness, pairs)
  }

  @Test("the same seed gives the same intervals, another seed other ones")
  func seeded() async throws {
    let harness = CLIHarness()
    try Self.randomHistory(harness)
    func run(_ seed: String) async -> (Int32, String) {
      let result = await harness.run(
        "verify", "--reliability", "--source", "forecast", "--ci", "90", "--bootstrap", "200",
        "--seed", seed, "--format", "csv")
      return (result.exitCode, result.stdout)
    }
    let first = await run("5")
    let again = await run("5")
    let other = await run("6")
    #expect(first.0 == 0, "\(first.1)")
    #expect(first.1 == again.1)
    let rows = (CSVTable(first.1).rows.first, CSVTable(other.1).rows.first)
    let left = try #require(rows.0)
    let right = try #require(rows.1)
    #expect(left["bs"] == right["bs"])
    for score in ReliabilityScore.allCases where score != .unc {
      let lo = try #require(left[score.column + "_lo"].flatMap(Double.init))
      let hi = try #require(left[score.column + "_hi"].flatMap(Double.init))
      #expect(lo < hi, "\(score.column)")
    }
    #expect(left["bs_lo"] != right["bs_lo"] || left["roc_area_hi"] != right["roc_area_hi"])
  }

  @Test("--ci with --bins or the diagram is a usage error")
  func usage() async throws {
    let harness = CLIHarness()
    try Self.randomHistory(harness)
    for extra in [["--bins"], ["--format", "svg"]] {
      let result = await harness.run(
        ["verify", "--reliability", "--source", "forecast", "--ci"] + extra)
      #expect(result.exitCode == 64, "\(result)")
      #expect(result.stderr.contains("--ci with --reliability"))
    }
  }
}
