import Analysis
import Foundation
import TestSupport
import Testing

@testable import SkycastCLI

/// `verify --threshold x1,x2,…`, `--scores` and `--within` on the demo history, checked against
/// single runs and against the pairs `--pairs` writes.
@Suite struct VerifyAddedScoresTests {
  static let base = [
    "verify", "--var", "precipitation", "--obs", "synthetic", "--source", "forecast", "--model",
    "best_match", "--by", "lead-day",
  ]

  @Test(
    "--threshold 0.1,1,5 lists, per group, the rows of the three single runs in threshold order")
  func severalThresholds() async throws {
    let harness = try demoHarness()
    let several = await harness.run(Self.base + ["--threshold", "5,0.1,1"])
    #expect(several.exitCode == 0, "\(several.stderr)")
    let table = CSVTable(several.stdout)
    var expected: [[String: String]] = []
    var header: [String] = []
    for threshold in ["0.1", "1", "5"] {
      let single = await harness.run(Self.base + ["--threshold", threshold])
      #expect(single.exitCode == 0)
      let csv = CSVTable(single.stdout)
      header = csv.header
      expected += csv.rows
    }
    #expect(table.header == header)
    #expect(table.rows.count == expected.count && table.rows.count >= 6)
    let key = { (row: [String: String]) in
      (Int(row["lead_day"] ?? "") ?? 0, Double(row["threshold"] ?? "") ?? 0)
    }
    expected.sort { key($0) < key($1) }
    #expect(table.rows == expected)
  }

  @Test("--scores extremes adds kss, odds_ratio, yules_q, edi and sedi of each row's a b c d")
  func extremes() async throws {
    let harness = try demoHarness()
    let result = await harness.run(Self.base + ["--threshold", "0.1,1", "--scores", "extremes"])
    #expect(result.exitCode == 0, "\(result.stderr)")
    let csv = CSVTable(result.stdout)
    #expect(csv.header.suffix(7).prefix(5) == ["kss", "odds_ratio", "yules_q", "edi", "sedi"])
    #expect(!csv.rows.isEmpty)
    for row in csv.rows {
      let count = { Int(row[$0] ?? "") ?? -1 }
      let table = ContingencyTable(a: count("a"), b: count("b"), c: count("c"), d: count("d"))
      let values: [(String, Double?)] = [
        ("kss", table.kss), ("odds_ratio", table.oddsRatio), ("yules_q", table.yulesQ),
        ("edi", table.edi), ("sedi", table.sedi),
      ]
      for (name, value) in values {
        let cell = try #require(row[name])
        if let value {
          #expect(abs((Double(cell) ?? .nan) - value) <= 1e-12 * max(1, abs(value)), "\(name)")
        } else {
          #expect(cell == "", "\(name)")
        }
      }
    }
  }

  /// The shares, percentiles and MAD recomputed here from `--pairs` with a plain sort and count
  /// (lead day = ⌊lead_hours / 24⌋), so both the grouping and the values are checked.
  @Test("--within and --scores quantiles,spearman equal the same scores of each group's --pairs")
  func distribution() async throws {
    let harness = try demoHarness()
    let common = [
      "verify", "--var", "temperature_2m", "--obs", "synthetic", "--source", "forecast",
      "--model", "best_match",
    ]
    let result = await harness.run(
      common + ["--by", "lead-day", "--within", "1,2.5", "--scores", "quantiles,spearman"])
    #expect(result.exitCode == 0, "\(result.stderr)")
    let csv = CSVTable(result.stdout)
    #expect(
      csv.header == [
        "lead_day", "n", "bias", "mae", "rmse", "corr", "within_1", "within_2.5", "p10", "p25",
        "p50", "p75", "p90", "mad", "spearman",
      ])
    let pairs = CSVTable(await harness.run(common + ["--pairs", "--format", "csv"]).stdout)
    var errors: [Int: [Double]] = [:]
    for pair in pairs.rows {
      let lead = Int(pair["lead_hours"] ?? "") ?? 0
      let day = lead >= 0 ? lead / 24 : -((-lead + 23) / 24)
      let error =
        (Double(pair["forecast"] ?? "") ?? .nan) - (Double(pair["observed"] ?? "") ?? .nan)
      errors[day, default: []].append(error)
    }
    #expect(csv.rows.count == errors.count && !errors.isEmpty)
    for row in csv.rows {
      let day = try #require(Int(row["lead_day"] ?? ""))
      let sample = try #require(errors[day]).sorted()
      #expect(row["n"] == String(sample.count))
      for (name, bound) in [("within_1", 1.0), ("within_2.5", 2.5)] {
        let share = Double(sample.count { abs($0) <= bound + 1e-9 }) / Double(sample.count)
        #expect(Double(row[name] ?? "") == share, "\(name) day \(day)")
      }
      // The median by hand: the middle value, or the mean of the two middle ones.
      let middle = sample.count / 2
      let median =
        sample.count % 2 == 1 ? sample[middle] : (sample[middle - 1] + sample[middle]) / 2
      #expect(abs((Double(row["p50"] ?? "") ?? .nan) - median) < 1e-9, "p50 day \(day)")
      #expect((Double(row["p10"] ?? "") ?? .nan) <= median)
      #expect((Double(row["p90"] ?? "") ?? .nan) >= median)
      #expect(Double(row["spearman"] ?? "") != nil)
    }
  }

  @Test("the added scores are named in the table comment; the default table is unchanged")
  func comment() async throws {
    let harness = try demoHarness()
    let plain = await harness.run(Self.base + ["--format", "csv"])
    #expect(CSVTable(plain.stdout).header == ["lead_day", "n", "bias", "mae", "rmse", "corr"])
    let table = await harness.run(
      Self.base + [
        "--threshold", "0.1,1", "--within", "1", "--scores", "quantiles",
        "--format", "table",
      ])
    #expect(table.exitCode == 0, "\(table.stderr)")
    #expect(table.stdout.contains("event ≥ 0.1, 1.0 mm (op ge), one row per threshold"))
    #expect(table.stdout.contains("within_X = share of pairs with |F − O| ≤ X"))
    #expect(table.stdout.contains("numpy's default"))
  }

  @Test(
    "usage errors name the option and the value",
    arguments: [
      (["--scores", "bogus"], "'bogus' is invalid for '--scores'"),
      (["--scores", "extremes"], "--scores extremes scores the contingency table"),
      (["--within", "-1"], "'-1' is invalid for '--within'"),
      (["--threshold", "1,x"], "'x' is invalid for '--threshold'"),
      (
        ["--threshold", "1,2", "--format", "svg", "-o", "x.svg"], "--format svg draws one threshold"
      ),
      (
        ["--within", "1", "--pairs"], "--within adds columns to the score table; leave out --pairs"
      ),
      (["--threshold", "1,2", "--reliability"], "--reliability takes one --threshold"),
    ])
  func usage(arguments: [String], message: String) async throws {
    let harness = CLIHarness()
    let result = await harness.run(["verify", "--var", "precipitation"] + arguments)
    #expect(result.exitCode == 64, "\(result)")
    #expect(result.stderr.contains(message), "\(result.stderr)")
  }
}
