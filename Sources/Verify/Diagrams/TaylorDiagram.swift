import Analysis
import Export
import Foundation
import SkycastModel
import Store

/// `verify --diagram taylor`: each group as a point at radius σf/σo and angle arccos R, so its
/// distance from the observation's point (1, 0) is the normalised centred RMS difference
/// (Taylor 2001). One point per lead day, joined per model or source.
///
/// Drawn in the first quadrant: a group with a negative correlation is listed in the table and
/// named in the subtitle but has no point.
public enum TaylorDiagram {
  /// One group's statistics.
  public struct Point: Sendable, Equatable {
    public var keys: [VerifyKeyValue]
    public var statistics: TaylorStatistics
  }

  /// Each group's statistics, in group order.
  public static func points(_ pairs: DiagramPairs) -> [Point] {
    pairs.groups.map { group in
      var statistics = TaylorStatistics()
      for (f, o) in zip(group.forecasts, group.observed) {
        statistics.add(forecast: f, observed: o)
      }
      return Point(keys: group.keys, statistics: statistics)
    }
  }

  /// Key columns, then `n sd_forecast sd_observed sd_ratio corr crmsd crmsd_ratio`.
  public static func table(_ pairs: DiagramPairs, context: DiagramContext) -> DiagramTable {
    let unit = context.request.variable.unit
    let rows = points(pairs).map { point -> [Cell] in
      let s = point.statistics
      let crmsd = s.normalisedCentredDifference.flatMap { ratio in
        s.observedDeviation.map { ratio * $0 }
      }
      return point.keys.map(VerifyTable.cell) + [
        .integer(Int64(s.n)), VerifyTable.number(s.forecastDeviation),
        VerifyTable.number(s.observedDeviation), VerifyTable.number(s.normalisedDeviation),
        VerifyTable.number(s.correlation), VerifyTable.number(crmsd),
        VerifyTable.number(s.normalisedCentredDifference),
      ]
    }
    return DiagramTable(
      comment: context.commentText
        + "; population standard deviations; crmsd = √(sd_f² + sd_o² − 2·sd_f·sd_o·corr), the centred RMS difference (Taylor 2001, eq. 2); sd_ratio and crmsd_ratio are divided by sd_observed",
      columns: VerifyTable.keyColumns(pairs.keys) + [
        Column("n", .integer), Column("sd_forecast", .score, unit: unit),
        Column("sd_observed", .score, unit: unit), Column("sd_ratio", .score),
        Column("corr", .score), Column("crmsd", .score, unit: unit),
        Column("crmsd_ratio", .score),
      ],
      rows: rows)
  }

  /// The correlations of the rays.
  static let correlations: [Double] = [0, 0.2, 0.4, 0.6, 0.7, 0.8, 0.9, 0.95, 0.99]

  /// The diagram.
  public static func drawing(_ pairs: DiagramPairs, context: DiagramContext) -> Drawing {
    let request = context.request
    let all = points(pairs)
    let split = DiagramLines(
      all, keys: pairs.keys, values: \.keys, fallback: request.variableDisplayName)
    var series: [ChartSeries] = []
    var labels: [ChartLabel] = []
    var negative = 0
    var largest = 1.0
    for (index, line) in split.lines.enumerated() {
      let style = SeriesStyle.automatic(index)
      var chartPoints: [ChartPoint] = []
      for (lead, point) in line.rows {
        guard let sigma = point.statistics.normalisedDeviation,
          let r = point.statistics.correlation
        else { continue }
        guard r >= 0 else {
          negative += 1
          continue
        }
        largest = max(largest, sigma)
        let x = sigma * r
        let y = sigma * (1 - r * r).squareRoot()
        chartPoints.append(ChartPoint(x: x, y: y, n: point.statistics.n))
        if let lead {
          labels.append(
            ChartLabel(
              x: x, y: y, text: DiagramLines<Point>.leadText(lead, keys: pairs.keys),
              color: style.color))
        }
      }
      series.append(ChartSeries(name: line.name, points: chartPoints, style: style))
    }
    // The outer arc: the next quarter step above the largest ratio, at least 1.5.
    let radius = max(1.5, (largest * 1.1 * 4).rounded(.up) / 4)
    series.append(
      ChartSeries(
        name: "observed", points: [ChartPoint(x: 1, y: 0)],
        style: SeriesStyle(color: "#000000", marker: .square)))
    var x = ChartAxis(label: "Standard deviation (normalised)", decimals: 3)
    x.range = 0...radius
    var y = ChartAxis(label: "Standard deviation (normalised)", decimals: 3)
    y.range = 0...radius
    let (heading, shows) = context.title.resolve(
      "Taylor diagram of \(request.variableDisplayNameInSentence)")
    var chart = DiagramChart(
      title: heading,
      subtitle: context.subtitle([
        "rays: correlation", "dotted arcs: centred RMS difference",
        "normalised by the observed standard deviation",
        negative > 0
          ? "\(negative) group\(negative == 1 ? "" : "s") with negative correlation not drawn"
          : nil,
      ]),
      xAxis: x, yAxis: y, series: series, width: context.width, height: context.height)
    chart.showsTitle = shows
    chart.gridLines = false
    chart.headroom = 14
    chart.labels = labels
    chart.guides = guides(radius: radius)
    return chart.drawing()
  }

  /// Standard-deviation arcs about the origin (the one at 1 solid), correlation rays labelled
  /// just outside the outer arc, and centred-RMS-difference arcs about (1, 0) cut at the outer
  /// arc, labelled on their upper left.
  static func guides(radius: Double) -> [ChartGuide] {
    var guides: [ChartGuide] = []
    func arc(centre: (Double, Double), r: Double, from: Double, to: Double) -> [(
      x: Double, y: Double
    )] {
      (0...90).map { step in
        let angle = from + (to - from) * Double(step) / 90
        return (centre.0 + r * cos(angle), centre.1 + r * sin(angle))
      }
    }
    var sd = 0.25
    while sd <= radius + 1e-9 {
      guides.append(
        ChartGuide(
          points: arc(centre: (0, 0), r: sd, from: 0, to: .pi / 2),
          stroke: sd == 1 || abs(sd - radius) < 1e-9 ? .solid : .dashed))
      sd += 0.25
    }
    for r in correlations {
      let angle = acos(r)
      let label = (x: (radius * 1.045) * cos(angle), y: (radius * 1.045) * sin(angle))
      guides.append(
        ChartGuide(
          points: [(0, 0), (radius * cos(angle), radius * sin(angle))], stroke: .dashed,
          label: ChartText.number(r, decimals: nil), labelAt: label))
    }
    guides.append(
      ChartGuide(
        points: [], label: "Correlation",
        labelAt: (radius * 1.12 * cos(0.9), radius * 1.12 * sin(0.9))))
    var e = 0.25
    while e < radius + 1 {
      // Keep the part of the circle about (1, 0) inside the outer arc and above the x axis.
      let points = arc(centre: (1, 0), r: e, from: 0, to: .pi).filter {
        $0.x * $0.x + $0.y * $0.y <= radius * radius + 1e-9 && $0.x >= 0
      }
      let labelAngle = 2.0 * Double.pi / 3
      let at = (x: 1 + e * cos(labelAngle), y: e * sin(labelAngle))
      let inside = at.x > 0.05 && at.x * at.x + at.y * at.y < radius * radius * 0.9
      guides.append(
        ChartGuide(
          points: points, stroke: .dotted, label: inside ? ChartText.number(e, decimals: nil) : nil,
          labelAt: inside ? at : nil))
      e += 0.25
    }
    return guides
  }
}
