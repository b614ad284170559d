import Foundation
import TestSupport
import Testing

/// Figures that cannot be misread (issue 42, item 6), on the demo history: no figure from zero
/// cases, subtitles that name the observations used, lines compared on the leads they share
/// (or a note saying they differ), the observations the time series promises, Taylor labels
/// that neither repeat a name nor overlap, and long legends grouped.
@Suite struct FigureMisreadTests {
  /// The subtitle: the grey 13 px lines under the title, joined by spaces.
  static func subtitle(_ svg: String) -> String {
    svg.components(separatedBy: "<text").dropFirst()
      .filter { $0.hasPrefix(" x=") && $0.contains("font-size=\"13\" fill=\"#555555\">") }
      .compactMap { chunk -> String? in
        guard let start = chunk.firstIndex(of: ">"), let end = chunk.range(of: "</text>") else {
          return nil
        }
        return String(chunk[chunk.index(after: start)..<end.lowerBound])
      }
      .joined(separator: " ")
  }

  /// The point labels of a diagram (10 px texts): position and text.
  static func pointLabels(_ svg: String) -> [(x: Double, y: Double, text: String)] {
    guard let group = svg.range(of: "<g font-size=\"10\" text-anchor=\"start\">") else {
      return []
    }
    let body = svg[group.upperBound...]
    let end = body.range(of: "</g>")?.lowerBound ?? body.endIndex
    return body[..<end].components(separatedBy: "<text").dropFirst().compactMap { chunk in
      func attribute(_ name: String) -> Double? {
        guard let start = chunk.range(of: name + "=\"") else { return nil }
        return Double(chunk[start.upperBound...].prefix { $0 != "\"" })
      }
      guard let x = attribute(" x"), let y = attribute(" y"),
        let open = chunk.firstIndex(of: ">"), let close = chunk.range(of: "</text>")
      else { return nil }
      return (x, y, String(chunk[chunk.index(after: open)..<close.lowerBound]))
    }
  }

  @Test("the scorecard compares against the observations its note names, not era5 by name")
  func scorecardObservations() async throws {
    let harness = try demoHarness()
    let result = await harness.run(
      "verify", "--scorecard", "--compare", "best_match", "demo_model_b", "--vars",
      "temperature_2m,precipitation", "--format", "svg")
    #expect(result.exitCode == 0, "\(result.stderr)")
    let subtitle = Self.subtitle(result.stdout)
    #expect(subtitle.contains("against synthetic observations"), "\(subtitle)")
    #expect(!subtitle.contains("era5"), "\(subtitle)")
  }

  /// Every figure kind from zero cases (a period with no forecasts): exit 1, nothing at -o.
  @Test(
    "no figure from zero cases: scorecard, diagrams, reliability, ensemble and compare figures",
    arguments: [
      ["--scorecard", "--compare", "best_match", "demo_model_b", "--vars", "temperature_2m"],
      ["--diagram", "taylor"], ["--diagram", "qq"], ["--diagram", "conditional"],
      ["--var", "precipitation", "--threshold", "1", "--diagram", "performance"],
      ["--var", "precipitation", "--threshold", "1", "--diagram", "value"],
      ["--var", "precipitation", "--reliability"], ["--compare", "best_match", "demo_model_b"],
      ["--by", "valid-hour"], ["--lagged", "3"],
    ])
  func emptyFiguresRefused(arguments: [String]) async throws {
    let harness = try demoHarness()
    let path = harness.directory.file("empty.svg")
    let result = await harness.run(
      ["verify"] + arguments + [
        "--from", "2020-01-01", "--to", "2020-01-03", "--format", "svg", "-o", path,
      ])
    #expect(result.exitCode == 1, "\(arguments): \(result)")
    #expect(result.stderr.contains("no figure drawn: "), "\(arguments): \(result.stderr)")
    #expect(!FileManager.default.fileExists(atPath: path), "\(arguments)")
  }

  /// Pairs exist, but none at the lead days asked for: still zero cases.
  @Test("no figure when --lead-days keeps no row")
  func leadDaysKeepNothing() async throws {
    let harness = try demoHarness()
    let path = harness.directory.file("empty.svg")
    let result = await harness.run(
      "verify", "--city", "Alpenau", "--by", "lead-day", "--lead-days", "40-45", "--format",
      "svg", "-o", path)
    #expect(result.exitCode == 1, "\(result)")
    #expect(result.stderr.contains("no figure drawn: "), "\(result.stderr)")
    #expect(!FileManager.default.fileExists(atPath: path))
  }

  /// The other figure commands from an empty period: the ensemble's figures, lock-in, the
  /// precipitation summary and the time series.
  @Test(
    "no figure from zero cases: ensemble, lock-in, summary and time series",
    arguments: [
      ["verify", "--ensemble"], ["verify", "--ensemble", "--diagram", "pit"],
      ["verify", "--ensemble", "--rank-histogram"],
      ["verify", "--ensemble", "--var", "precipitation", "--threshold", "1"],
      ["archive", "lock-in", "--var", "temperature_2m", "--delta", "1"],
      ["summary", "precip", "--series", "observed"], ["spark", "--city", "Alpenau"],
    ])
  func otherEmptyFiguresRefused(arguments: [String]) async throws {
    let harness = try demoHarness()
    let path = harness.directory.file("empty.svg")
    let result = await harness.run(
      arguments + ["--from", "2020-01-01", "--to", "2020-01-03", "--format", "svg", "-o", path])
    #expect(result.exitCode == 1, "\(arguments): \(result)")
    #expect(result.stderr.contains("no figure drawn: "), "\(arguments): \(result.stderr)")
    #expect(!FileManager.default.fileExists(atPath: path), "\(arguments)")
  }

  /// By valid hour, each line pools its leads: demo_provider (0–167 h) and forecast (to
  /// 383 h) are drawn on the cases all systems have, and the subtitle says so; by lead day the
  /// lines are drawn on their own leads with a note naming each line's range.
  @Test("by-hour lines share their cases; by-lead lines of different reach are named")
  func leadsCompared() async throws {
    let harness = try demoHarness()
    let hourly = await harness.run(
      "verify", "--city", "Alpenau", "--by", "valid-hour", "--format", "svg")
    #expect(hourly.exitCode == 0, "\(hourly.stderr)")
    let hourSubtitle = Self.subtitle(hourly.stdout)
    #expect(hourSubtitle.contains("common cases only: "), "\(hourSubtitle)")
    #expect(hourSubtitle.contains("(city, valid time, lead) that all "), "\(hourSubtitle)")
    let byLead = await harness.run(
      "verify", "--city", "Alpenau", "--by", "lead-day", "--format", "svg")
    #expect(byLead.exitCode == 0, "\(byLead.stderr)")
    let leadSubtitle = Self.subtitle(byLead.stdout)
    #expect(
      leadSubtitle.contains("lead days differ: demo_provider 0–6, forecast · best_match 0–15"),
      "\(leadSubtitle)")
    // One source alone: nothing to compare, no note.
    let one = await harness.run(
      "verify", "--city", "Alpenau", "--source", "forecast", "--model", "best_match", "--by",
      "lead-day", "--format", "svg")
    #expect(!Self.subtitle(one.stdout).contains("differ"), "\(Self.subtitle(one.stdout))")
  }

  /// Two models that share no (city, valid time, lead): the by-hour figure draws each on its
  /// own cases rather than nothing, and says so.
  @Test("by-hour lines of systems that share no case are drawn with a note saying so")
  func noCommonCases() async throws {
    let harness = CLIHarness()
    let writer = HistoryWriter(store: try harness.store())
    try writer.city(1, "Alpha")
    for step in Int64(0)..<6 {
      let valid = march1 + (step + 3) * hour
      try writer.forecast(city: 1, issuedAt: valid - hour, lead: 1, ["temperature_2m": 1])
      try writer.forecast(
        city: 1, model: "other", issuedAt: valid - 2 * hour, lead: 2, ["temperature_2m": 2])
      try writer.observation(city: 1, validAt: valid, ["temperature_2m": 0])
    }
    let result = await harness.run("verify", "--by", "valid-hour", "--format", "svg")
    #expect(result.exitCode == 0, "\(result.stderr)")
    let subtitle = Self.subtitle(result.stdout)
    #expect(subtitle.contains("no case (city, valid time, lead) is forecast by all of them"))
    #expect(FigureLabelTests.drawn(result.stdout).contains("forecast · other"), "\(subtitle)")
  }

  /// Alpenau has two observation sources (station, synthetic); the figure used to draw none.
  @Test("the time series overlays stored observations, and says when the window has none")
  func timeSeriesObservations() async throws {
    let harness = try demoHarness()
    let covered = await harness.run(
      "spark", "--city", "Alpenau", "--from", "2026-07-20", "--to", "2026-07-22", "--format",
      "svg")
    #expect(covered.exitCode == 0, "\(covered.stderr)")
    #expect(FigureLabelTests.drawn(covered.stdout).contains("Alpenau — observed"))
    #expect(Self.subtitle(covered.stdout).contains(" vs observed ("), "\(covered.stdout)")
    let later = await harness.run(
      "spark", "--city", "Alpenau", "--from", "2026-08-04", "--to", "2026-08-06", "--format",
      "svg")
    #expect(later.exitCode == 0, "\(later.stderr)")
    #expect(
      Self.subtitle(later.stdout).contains("values stored in this period"),
      "\(Self.subtitle(later.stdout))")
  }

  @Test("Taylor lines name each model once and their lead labels do not overlap")
  func taylorLabels() async throws {
    let harness = try demoHarness()
    let result = await harness.run(
      "verify", "--city", "Alpenau", "--diagram", "taylor", "--format", "svg")
    #expect(result.exitCode == 0, "\(result.stderr)")
    let drawn = FigureLabelTests.drawn(result.stdout)
    #expect(!drawn.contains { $0.contains("demo_provider · demo_provider") }, "\(drawn)")
    #expect(drawn.contains("demo_provider"))
    let labels = Self.pointLabels(result.stdout).filter { !$0.text.contains("left out") }
    #expect(labels.count > 5)
    // 39 points (lines of 7, 16 and 16 lead days) do not all find a free corner; the plot
    // says how many went unlabelled.
    let omitted = Self.pointLabels(result.stdout).first { $0.text.contains("left out") }
    #expect(omitted?.text.hasSuffix("left out where they would overlap") == true, "\(labels)")
    // Boxes of 10 px text: about 6 px a digit wide, 8 px above the baseline and 2 below.
    for (i, a) in labels.enumerated() {
      for b in labels.dropFirst(i + 1) {
        let apart =
          a.x + 6 * Double(a.text.count) <= b.x || b.x + 6 * Double(b.text.count) <= a.x
          || a.y + 2 <= b.y - 8 || b.y + 2 <= a.y - 8
        #expect(apart, "'\(a.text)' at \(a.x),\(a.y) overlaps '\(b.text)' at \(b.x),\(b.y)")
      }
    }
  }

  @Test("the economic value diagram's many lines get a grouped legend")
  func groupedLegend() async throws {
    let harness = try demoHarness()
    let result = await harness.run(
      "verify", "--city", "Alpenau", "--var", "precipitation", "--threshold", "1", "--diagram",
      "value", "--format", "svg")
    #expect(result.exitCode == 0, "\(result.stderr)")
    let drawn = FigureLabelTests.drawn(result.stdout)
    #expect(drawn.contains { $0.hasSuffix("lead day:") }, "\(drawn)")
    #expect(!drawn.contains { $0.hasSuffix("lead day 3") }, "\(drawn)")
  }
}
