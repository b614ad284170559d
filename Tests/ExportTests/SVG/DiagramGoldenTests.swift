import Export
import Foundation
import Testing

@testable import Verify

/// The verification diagrams compared byte for byte with `Golden/diagram-*.svg`, drawn from
/// ``DiagramFixtures`` (regenerate with `SKYCAST_UPDATE_GOLDEN=1 swift test --filter
/// DiagramGoldenTests`, then render them to PNG and look at them).
@Suite struct DiagramGoldenTests {
  static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Golden")

  static let charts: [(file: String, render: @Sendable () -> Drawing?)] = [
    (
      "diagram-performance.svg",
      {
        let report = DiagramFixtures.contingencyReport
        return PerformanceDiagram.drawing(report, context: DiagramFixtures.context(report.request))
      }
    ),
    (
      "diagram-value.svg",
      {
        var report = DiagramFixtures.contingencyReport
        report.rows = report.rows.filter { $0.keys[0] == .text("model_a") }
        report.request.groupBy = [.model, .leadDay]
        return EconomicValueDiagram.drawing(
          report, context: DiagramFixtures.context(report.request))
      }
    ),
    (
      "diagram-taylor.svg",
      {
        TaylorDiagram.drawing(
          DiagramFixtures.taylorPairs,
          context: DiagramFixtures.context(DiagramFixtures.temperatureRequest))
      }
    ),
    (
      "diagram-qq.svg",
      {
        var request = DiagramFixtures.temperatureRequest
        request.groupBy = [.model]
        return QuantileDiagram.drawing(
          DiagramFixtures.linearPairs, context: DiagramFixtures.context(request, cities: ["Berlin"])
        )
      }
    ),
    (
      "diagram-conditional.svg",
      {
        var request = DiagramFixtures.temperatureRequest
        request.groupBy = [.model]
        return ConditionalDiagram.drawing(
          DiagramFixtures.linearPairs, context: DiagramFixtures.context(request, cities: ["Berlin"])
        )
      }
    ),
    (
      "diagram-discrimination.svg",
      {
        DiscriminationDiagram.drawing(
          DiagramFixtures.noisyPairs,
          context: DiagramFixtures.context(
            DiagramFixtures.eventRequest, width: 800, height: 500, cities: ["Berlin"]))
      }
    ),
    (
      "diagram-reliability.svg",
      {
        ReliabilityFigure.drawing(
          DiagramFixtures.reliabilityReport, width: 680, height: 720, cities: ["Berlin", "Paris"],
          leadDays: LeadDaySelection(days: [1, 2, 3]))
      }
    ),
    (
      "diagram-score-ets.svg",
      {
        let report = DiagramFixtures.contingencyReport
        return VerifyFigure.drawing(
          report, score: VerifyFigure.Score(.ets), width: 800, height: 450,
          cities: ["Berlin", "Paris"], leadDays: LeadDaySelection(days: [1, 2, 3, 4]))
      }
    ),
    (
      "diagram-scorecard.svg",
      {
        DiagramFixtures.scorecard.chart(
          subtitle: "A = model_a, B = model_b · against era5 observations", width: 800,
          height: nil
        ).drawing()
      }
    ),
  ]

  /// The LaTeX scorecard shades each cell in the figure's colour and stars significant ones.
  @Test("the scorecard's LaTeX table has a shaded cell per variable and lead day")
  func scorecardLaTeX() {
    let chart = DiagramFixtures.scorecard.chart(subtitle: "", width: 800, height: nil)
    let latex = chart.latex(caption: "Scorecard", label: "tab:scorecard")
    #expect(latex.components(separatedBy: "\\cellcolor[HTML]").count - 1 == 15)
    #expect(latex.contains("$-10.0^{*}$"))
    #expect(latex.contains("$5.0$"))
    #expect(latex.contains("\\usepackage[table]{xcolor}"))
    // −10 % of a ±25 % scale is 40 % of the way from white to RdBu's blue (33, 102, 172).
    #expect(chart.color(-0.1) == "#A6C2DE")
  }

  @Test("diagrams match their golden SVG files", arguments: 0..<charts.count)
  func golden(index: Int) throws {
    let (file, render) = Self.charts[index]
    let svg = try #require(render()).svg()
    let url = Self.directory.appendingPathComponent(file)
    let stored = try? String(contentsOf: url, encoding: .utf8)
    if ProcessInfo.processInfo.environment["SKYCAST_UPDATE_GOLDEN"] == "1", stored != svg {
      try Data(svg.utf8).write(to: url)
    }
    let expected = try #require(stored, "missing \(file); run with SKYCAST_UPDATE_GOLDEN=1")
    #expect(svg == expected, "\(file) differs from the golden file")
    _ = try XMLTreeBuilder.parse(svg)
  }
}
