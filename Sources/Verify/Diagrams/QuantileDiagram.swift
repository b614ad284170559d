import Analysis
import Export
import SkycastModel
import Store

/// `verify --diagram qq`: the 1st…99th percentiles of the forecast against the same
/// percentiles of the observation, one line per group, with the diagonal of equal
/// distributions. A line below the diagonal at the top end: the forecast's extremes are too
/// weak.
public enum QuantileDiagram {
  /// A group's percentiles: (p, observed quantile, forecast quantile).
  static func quantiles(_ group: DiagramPairs.Group) -> [(
    p: Double, observed: Double, forecast: Double
  )] {
    let forecasts = group.forecasts.filter(\.isFinite).sorted()
    let observed = group.observed.filter(\.isFinite).sorted()
    return SampleQuantiles.percentiles.compactMap { p in
      guard let o = SampleQuantiles.quantile(sorted: observed, p),
        let f = SampleQuantiles.quantile(sorted: forecasts, p)
      else { return nil }
      return (p, o, f)
    }
  }

  /// Key columns, then `n probability observed_quantile forecast_quantile`: 99 rows per group.
  public static func table(_ pairs: DiagramPairs, context: DiagramContext) -> DiagramTable {
    let unit = context.request.variable.unit
    let rows = pairs.groups.flatMap { group in
      quantiles(group).map { point -> [Cell] in
        group.keys.map(VerifyTable.cell) + [
          .integer(Int64(group.forecasts.count)), .number(point.p), .number(point.observed),
          .number(point.forecast),
        ]
      }
    }
    return DiagramTable(
      comment: context.commentText
        + "; quantiles by linear interpolation between order statistics (Hyndman & Fan 1996 type 7, numpy.percentile's default)",
      columns: VerifyTable.keyColumns(pairs.keys) + [
        Column("n", .integer), Column("probability", .score),
        Column("observed_quantile", .score, unit: unit),
        Column("forecast_quantile", .score, unit: unit),
      ],
      rows: rows)
  }

  /// The diagram, both axes over the same range.
  public static func drawing(_ pairs: DiagramPairs, context: DiagramContext) -> Drawing {
    let request = context.request
    var series: [ChartSeries] = []
    var low = Double.infinity
    var high = -Double.infinity
    for (index, group) in pairs.groups.enumerated() {
      let points = quantiles(group)
      for point in points {
        low = min(low, point.observed, point.forecast)
        high = max(high, point.observed, point.forecast)
      }
      series.append(
        ChartSeries(
          name: pairs.name(group, fallback: request.variableDisplayName),
          points: points.map {
            ChartPoint(x: $0.observed, y: $0.forecast, n: group.forecasts.count)
          },
          style: .automatic(index)))
    }
    let range = DiagramRange.common(low: low, high: high)
    let unit = request.variable.unit
    var x = ChartAxis(label: "Observed quantile", unit: unit, decimals: 2)
    x.range = range
    var y = ChartAxis(label: "Forecast quantile", unit: unit, decimals: 2)
    y.range = range
    let (heading, shows) = context.title.resolve(
      "Quantile–quantile plot of \(request.variableDisplayNameInSentence)")
    var chart = DiagramChart(
      title: heading,
      subtitle: context.subtitle(["percentiles 1–99", "solid grey: equal distributions"]),
      xAxis: x, yAxis: y, series: series, width: context.width, height: context.height)
    chart.showsTitle = shows
    chart.markers = .never
    if let range {
      chart.guides = [
        ChartGuide(
          points: [(range.lowerBound, range.lowerBound), (range.upperBound, range.upperBound)],
          stroke: .solid)
      ]
    }
    return chart.drawing()
  }
}
