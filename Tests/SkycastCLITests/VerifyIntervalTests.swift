import Foundation
import Store
import TestSupport
import Testing
import Verify

@testable import SkycastModel

/// `verify --ci`: percentile intervals from a circular block bootstrap of whole valid days.
@Suite struct VerifyIntervalTests {
  /// 40 valid days × 2 cities × leads 12 and 36 h of temperature_2m with seeded errors.
  static func writeHistory(_ harness: CLIHarness, days: Int = 40) throws {
    let writer = HistoryWriter(store: try harness.store())
    try writer.city(1, "Alpha")
    try writer.city(2, "Beta")
    var random = SplitMix64(seed: 11)
    for day in 0..<days {
      for city in [Int64(1), 2] {
        let validAt = march1 + Int64(day) * 86_400 + 36 * hour
        let observed = 10 + random.nextGaussian()
        try writer.observation(city: city, validAt: validAt, ["temperature_2m": observed])
        for lead in [Int64(12), 36] {
          try writer.forecast(
            city: city, issuedAt: validAt - lead * hour, lead: lead,
            ["temperature_2m": observed + 0.4 + random.nextGaussian()])
        }
      }
    }
  }

  @Test("--ci adds <score>_lo and <score>_hi after every score, the same for a given seed")
  func columnsAndSeed() async throws {
    let harness = CLIHarness()
    try Self.writeHistory(harness)
    let arguments = ["verify", "--source", "forecast", "--by", "lead", "--ci", "--format", "csv"]
    let first = await harness.run(arguments)
    #expect(first.exitCode == 0, "\(first)")
    let csv = CSVTable(first.stdout)
    #expect(
      csv.header == [
        "lead_hours", "n", "bias", "bias_lo", "bias_hi", "mae", "mae_lo", "mae_hi", "rmse",
        "rmse_lo", "rmse_hi", "corr", "corr_lo", "corr_hi", "block", "note",
      ])
    for row in csv.rows {
      for score in ["bias", "mae", "rmse", "corr"] {
        let value = try #require(row[score].flatMap(Double.init))
        let lo = try #require(row[score + "_lo"].flatMap(Double.init))
        let hi = try #require(row[score + "_hi"].flatMap(Double.init))
        #expect(lo < hi && lo <= value + 0.05 && value - 0.05 <= hi, "\(score): \(row)")
      }
    }
    #expect(await harness.run(arguments).stdout == first.stdout)
    #expect(await harness.run(arguments + ["--seed", "3"]).stdout != first.stdout)
    let plain = CSVTable(
      await harness.run("verify", "--source", "forecast", "--by", "lead", "--format", "csv").stdout)
    for (with, without) in zip(csv.rows, plain.rows) {
      #expect(close(with["rmse"], Double(without["rmse"] ?? "") ?? .nan, within: 1e-9))
    }
  }

  @Test("a higher level gives a wider interval; the comment states level, block, resamples, seed")
  func levelsAndComment() async throws {
    let harness = CLIHarness()
    try Self.writeHistory(harness)
    func width(_ level: String) async throws -> Double {
      let row = try #require(
        CSVTable(
          await harness.run("verify", "--source", "forecast", "--ci", level, "--format", "csv")
            .stdout
        ).rows.first)
      return try #require(Double(row["rmse_hi"] ?? "")) - #require(Double(row["rmse_lo"] ?? ""))
    }
    #expect(try await width("80") < width("99"))
    let table = await harness.run(
      "verify", "--source", "forecast", "--ci", "90", "--block-days", "4", "--bootstrap", "500",
      "--seed", "12", "--format", "table")
    #expect(
      table.stdout.contains(
        "90 % percentile intervals: circular block bootstrap of whole valid days, blocks per group (column block: --block-days), 500 resamples, seed 12"
      ), "\(table)")
    let automatic = await harness.run("verify", "--source", "forecast", "--ci", "--format", "table")
    #expect(
      automatic.stdout.contains(
        "blocks per group (column block: automatic: Wilks 1997, at least the cube root of the days)"
      ))
    #expect(automatic.stdout.contains("seed \(BootstrapSettings.defaultSeed)"))
  }

  /// With a single valid day every resample would be that day (a point "interval"): a group
  /// that short gets no interval and says why, never a zero-width one.
  @Test("a group of too few days gets empty interval cells and a note, never a zero-width interval")
  func tooFewDays() async throws {
    let harness = CLIHarness()
    try Self.writeHistory(harness, days: 1)
    let row = try #require(
      CSVTable(
        await harness.run("verify", "--source", "forecast", "--ci", "--format", "csv").stdout
      ).rows.first)
    #expect(row["n"] == "4")
    #expect(row["rmse_lo"] == "" && row["rmse_hi"] == "" && row["bias_lo"] == "", "\(row)")
    #expect(row["block"] == "")
    #expect(row["note"] == "1 day: too few for an interval (needs 10)", "\(row)")
    let longer = CLIHarness()
    try Self.writeHistory(longer)
    let blocks = await longer.run(
      "verify", "--source", "forecast", "--ci", "--block-days", "30", "--format", "csv")
    let blocksRow = try #require(CSVTable(blocks.stdout).rows.first)
    #expect(blocksRow["rmse_lo"] == "", "\(blocksRow)")
    #expect(
      blocksRow["note"]
        == "40 days: too few for 30-day blocks (an interval needs 3 blocks: 90 days)",
      "\(blocksRow)")
  }

  @Test("with --ci the figure shades each line's interval")
  func figureBands() async throws {
    let harness = CLIHarness()
    try Self.writeHistory(harness)
    for (arguments, banded) in [([String](), false), (["--ci", "90"], true)] {
      let result = await harness.run(
        ["verify", "--source", "forecast", "--format", "svg", "-o", "f.svg"] + arguments)
      #expect(result.exitCode == 0, "\(result)")
      let svg = try String(contentsOfFile: harness.directory.file("f.svg"), encoding: .utf8)
      #expect(svg.contains("fill-opacity=\"0.18\"") == banded, "\(arguments)")
      #expect(svg.contains("bands: 90 % intervals") == banded)
    }
  }

  @Test("contingency scores, bs and mse_skill get intervals too")
  func otherScores() async throws {
    let harness = CLIHarness()
    try Self.writeHistory(harness)
    let csv = CSVTable(
      await harness.run(
        "verify", "--source", "forecast", "--threshold", "10.5", "--skill", "climatology", "--ci",
        "--format", "csv"
      ).stdout)
    for name in ["pod", "far", "pofd", "csi", "ets", "fbias", "hss", "pc", "mse_skill"] {
      #expect(csv.header.contains(name + "_lo") && csv.header.contains(name + "_hi"), "\(name)")
      #expect(csv.rows.first?[name + "_lo"] != "", "\(name)")
    }
  }

  @Test(
    "interval usage errors",
    arguments: [
      ["--ci", "120"], ["--ci", "0"], ["--bootstrap", "500"], ["--seed", "4"],
      ["--ci", "--seed", "-1"], ["--ci", "--bootstrap", "5"], ["--ci", "--block-days", "0"],
      ["--ci", "--pairs"], ["--ci", "--revisions"],
    ])
  func usage(arguments: [String]) async throws {
    let harness = CLIHarness()
    try Self.writeHistory(harness, days: 2)
    let result = await harness.run(["verify"] + arguments)
    #expect(result.exitCode == 64, "\(arguments): \(result)")
  }
}
