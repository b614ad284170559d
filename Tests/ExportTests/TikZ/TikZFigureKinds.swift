import Export
import Foundation

@testable import Verify

/// One drawing of every chart kind (line, band, bars with hatches, diagram, scorecard), from
/// the fixtures of the SVG golden tests: what the TikZ tests render in both formats.
enum TikZFigureKinds {
  typealias Kind = (name: String, drawing: @Sendable () -> Drawing?)

  /// The pixel width of an 11.5 cm TikZ picture, as `--format tikz` lays figures out.
  static let textWidth = TikZRenderer.canvasWidth(centimetres: 11.5)

  /// A line chart laid out at ``textWidth``, 4:3.
  static func atTextWidth(_ chart: LineChart) -> LineChart {
    var chart = chart
    chart.width = textWidth
    chart.height = textWidth * 3 / 4
    return chart
  }

  /// The daily precipitation bars (the second series hatched) at ``textWidth``.
  static func bars() -> Drawing {
    var chart = SampleCharts.dailyPrecipitation
    chart.width = textWidth
    chart.height = textWidth * 3 / 4
    return chart.drawing()
  }

  /// The lead-day chart with an interval band under its first line.
  static func band() -> Drawing {
    var points: [(x: Double, lower: Double?, upper: Double?)] = []
    for day in 0..<8 {
      let x = Double(day)
      points.append((x: x, lower: 0.5 + 0.2 * x, upper: 1.2 + 0.3 * x))
    }
    let chart = atTextWidth(SampleCharts.leadDayRMSE)
    return BandChart(chart: chart, bands: [BandChart.Band(series: 0, points: points)]).drawing()
  }

  /// The Taylor diagram (arcs, rays, guide labels) at ``textWidth``, in the diagram's
  /// proportion.
  static func taylor() -> Drawing {
    var context = DiagramFixtures.context(DiagramFixtures.temperatureRequest)
    context.width = textWidth
    context.height = textWidth * 720 / 680
    return TaylorDiagram.drawing(DiagramFixtures.taylorPairs, context: context)
  }

  /// The scorecard at ``textWidth``.
  static func scorecard() -> Drawing {
    DiagramFixtures.scorecard.chart(
      subtitle: "A = model_a, B = model_b · against era5 observations", width: textWidth,
      height: nil
    ).drawing()
  }

  /// The sample charts of the SVG golden tests, and the TikZ-sized ones.
  static let samples: [Kind] = [
    ("line", { atTextWidth(SampleCharts.leadDayRMSE).drawing() }),
    ("time", { SampleCharts.beijingTemperature.drawing() }),
    ("edge-cases", { SampleCharts.edgeCases.drawing() }),
    ("bars", { bars() }),
    ("band", { band() }),
    ("taylor", { taylor() }),
    ("scorecard", { scorecard() }),
  ]

  /// The verification diagrams, scorecard and ensemble figures of the SVG golden tests.
  static let verification: [Kind] =
    DiagramGoldenTests.charts.map { chart -> Kind in
      (String(chart.file.dropLast(4)), chart.render)
    }
    + EnsembleFigureGoldenTests.charts.map { chart -> Kind in
      (String(chart.file.dropLast(4)), chart.render)
    }

  /// Name and drawing of each figure.
  static let all: [Kind] = samples + verification
}
