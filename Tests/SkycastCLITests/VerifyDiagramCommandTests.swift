import Foundation
import TestSupport
import Testing

@testable import SkycastModel

/// `verify --diagram`, `--lead-days`, `--score` over every table score, and `--scorecard`.
@Suite struct VerifyDiagramCommandTests {
  /// 2026-01-01T00:00Z.
  static let january1: Int64 = 1_767_225_600

  /// City Alpha (UTC), 60 days of daily maximum and minimum temperature, and two models at
  /// lead days 0–2 with one Gaussian error per forecast: model_a's maximum carries 0.5 times
  /// it and its minimum 2 times it, model_b the other way round, so A's RMSE is a quarter of
  /// B's for the maximum and four times it for the minimum.
  static func twoModels() throws -> CLIHarness {
    let harness = CLIHarness()
    let writer = HistoryWriter(store: try harness.store())
    try writer.city(1, "Alpha")
    let start = LocalDate(year: 2026, month: 1, day: 1)!
    var random = SplitMix64(seed: 2026)
    for day in 0..<60 {
      let date = start.adding(days: day).description
      let high = 10 + 4 * sin(Double(day) * 0.7)
      let low = 2 + 3 * cos(Double(day) * 0.45)
      try writer.dailyObservation(
        city: 1, date: date, ["temperature_2m_max": high, "temperature_2m_min": low])
      for lead in 0...2 where day >= lead {
        let noise = random.nextGaussian()
        for (model, highError, lowError) in [("model_a", 0.5, 2.0), ("model_b", 2.0, 0.5)] {
          try writer.dailyForecast(
            city: 1, model: model, issuedAt: january1 + Int64(day - lead) * 86_400, date: date,
            [
              "temperature_2m_max": high + highError * noise,
              "temperature_2m_min": low + lowError * noise,
            ])
        }
      }
    }
    return harness
  }

  /// `--threshold 8,12 --diagram performance`: a threshold column, and each threshold's points
  /// equal its single run's; the figure draws one line per threshold.
  @Test("performance diagram: one point per threshold and lead day")
  func performanceThresholds() async throws {
    let harness = try Self.twoModels()
    let common = [
      "verify", "--var", "temperature_2m_max", "--model", "model_a", "--by", "lead-day",
      "--diagram", "performance",
    ]
    let both = await harness.run(common + ["--threshold", "8,12", "--format", "csv"])
    #expect(both.exitCode == 0, "\(both)")
    let table = CSVTable(both.stdout)
    #expect(table.header.prefix(4) == ["source", "lead_day", "threshold", "n"], "\(both)")
    for threshold in ["8", "12"] {
      let single = CSVTable(
        await harness.run(common + ["--threshold", threshold, "--format", "csv"]).stdout)
      let rows = table.rows.filter { Double($0["threshold"] ?? "") == Double(threshold) }
      #expect(rows.count == 3 && single.rows.count == 3, "\(both)")
      for (row, alone) in zip(rows, single.rows) {
        for column in ["lead_day", "a", "b", "c", "d", "success_ratio", "pod"] {
          #expect(row[column] == alone[column], "\(column): \(row) vs \(alone)")
        }
      }
    }
    let svg = await harness.run(common + ["--threshold", "8,12", "--format", "svg"])
    #expect(svg.stdout.contains("at 2 thresholds"), "\(svg.stdout.prefix(600))")
    let legend = svg.stdout.components(separatedBy: "threshold ").dropFirst().map {
      String($0.prefix(6))
    }
    #expect(
      legend.contains { $0.hasPrefix("8") } && legend.contains { $0.hasPrefix("12") }, "\(legend)"
    )
  }

  /// The scorecard's rows: A better (negative, significant) for the maximum, B better for the
  /// minimum, at every lead day.
  @Test("--scorecard marks the model that is better for each variable and lead day")
  func scorecard() async throws {
    let harness = try Self.twoModels()
    let result = await harness.run(
      "verify", "--scorecard", "--compare", "model_a", "model_b", "--vars",
      "temperature_2m_max,temperature_2m_min", "--format", "csv")
    #expect(result.exitCode == 0, "\(result)")
    let csv = CSVTable(result.stdout)
    #expect(
      csv.header == [
        "variable", "lead_day", "n", "rmse_a", "rmse_b", "rel_diff", "p_value", "sig", "note",
      ])
    #expect(csv.rows.count == 6)
    for row in csv.rows {
      let relative = try #require(Double(row["rel_diff"] ?? ""))
      // A's error is a quarter of B's on the maximum and four times it on the minimum.
      let expected = row["variable"] == "temperature_2m_max" ? -0.75 : 3.0
      #expect(abs(relative - expected) < 1e-9, "\(row)")
      #expect(row["sig"] == "*", "\(row)")
    }
    let svg = await harness.run(
      "verify", "--scorecard", "--compare", "model_a", "model_b", "--vars",
      "temperature_2m_max,temperature_2m_min", "--format", "svg")
    #expect(svg.exitCode == 0, "\(svg)")
    let texts = try FigureCommandTests.texts(svg.stdout)
    #expect(
      texts.contains("Daily maximum temperature") || texts.contains { $0.contains("maximum") })
    #expect(texts.contains("−75.0") && texts.contains("300.0"))
    let latex = await harness.run(
      "verify", "--scorecard", "--compare", "model_a", "model_b", "--vars",
      "temperature_2m_max,temperature_2m_min", "--format", "latex")
    #expect(latex.exitCode == 0, "\(latex)")
    #expect(latex.stdout.contains("\\cellcolor[HTML]{"))
    #expect(latex.stdout.contains("$-75.0^{*}$"))
    #expect(await harness.run("verify", "--scorecard").exitCode == 64)
    #expect(await harness.run("verify", "--vars", "temperature_2m_max").exitCode == 64)
  }

  /// Taylor points per lead day, as CSV; `--lead-days` keeps the chosen days only.
  @Test("--diagram taylor prints one row per lead day, --lead-days selects them")
  func taylorTable() async throws {
    let harness = try Self.twoModels()
    let result = await harness.run(
      "verify", "--var", "temperature_2m_max", "--model", "model_a", "--diagram", "taylor",
      "--lead-days", "1-2", "--format", "csv")
    #expect(result.exitCode == 0, "\(result)")
    let csv = CSVTable(result.stdout)
    #expect(
      csv.header == [
        "source", "lead_day", "n", "sd_forecast", "sd_observed", "sd_ratio", "corr", "crmsd",
        "crmsd_ratio",
      ])
    #expect(csv.rows.map { $0["lead_day"] } == ["1", "2"])
    let svg = await harness.run(
      "verify", "--var", "temperature_2m_max", "--diagram", "taylor", "--by", "model",
      "--format", "svg")
    #expect(svg.exitCode == 0, "\(svg)")
    let texts = try FigureCommandTests.texts(svg.stdout)
    #expect(
      texts.contains("Taylor diagram of daily maximum temperature")
        || texts.contains { $0.hasPrefix("Taylor diagram") })
    #expect(
      texts.contains(
        "Alpha · forecast vs era5 observations · valid 2026-01-01 to 2026-03-01 · rays: correlation · dotted arcs: centred RMS difference · normalised by the observed standard deviation"
      ) || texts.contains { $0.hasPrefix("Alpha · forecast vs era5") })
  }

  /// Each diagram runs in every table format and as SVG on the same data.
  @Test(
    "every diagram draws and prints its points",
    arguments: ["performance", "taylor", "discrimination", "value", "qq", "conditional"])
  func everyDiagram(kind: String) async throws {
    let harness = try Self.twoModels()
    let threshold = ["performance", "discrimination", "value"].contains(kind)
    let base =
      ["verify", "--var", "temperature_2m_max", "--diagram", kind, "--by", "model"]
      + (threshold ? ["--threshold", "12"] : [])
    for format in ["csv", "json", "markdown", "latex", "svg"] {
      let result = await harness.run(base + ["--format", format])
      #expect(result.exitCode == 0, "\(kind) \(format): \(result)")
      #expect(!result.stdout.isEmpty)
    }
    if threshold {
      let refused = await harness.run(
        "verify", "--var", "temperature_2m_max", "--diagram", kind)
      #expect(refused.exitCode == 64)
      #expect(refused.stderr.contains("--threshold"))
    }
  }

  /// What does not combine is refused with a reason.
  @Test("usage errors: --lead-days without a figure, --score a table lacks, --diagram with --ci")
  func refusals() async throws {
    let harness = try FigureCommandTests.harness()
    let noFigure = await harness.run("verify", "--lead-days", "1")
    #expect(noFigure.exitCode == 64)
    let ets = await harness.run("verify", "--format", "svg", "--score", "ets")
    #expect(ets.exitCode == 64)
    #expect(ets.stderr.contains("--threshold"))
    let bad = await harness.run("verify", "--format", "svg", "--lead-days", "3-1")
    #expect(bad.exitCode == 64)
    let ci = await harness.run("verify", "--diagram", "qq", "--ci")
    #expect(ci.exitCode == 64)
    let drawn = await harness.run(
      "verify", "--format", "svg", "--score", "ets", "--threshold", "6", "--by", "model")
    #expect(drawn.exitCode == 0, "\(drawn)")
    #expect(try FigureCommandTests.texts(drawn.stdout).contains("Equitable threat score"))
  }
}
