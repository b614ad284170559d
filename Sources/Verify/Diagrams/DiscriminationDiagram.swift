import Analysis
import Export
import SkycastModel
import Store

/// `verify --diagram discrimination`: the distribution of the forecast value when the event
/// was observed and when it was not (relative frequency in 20 equal-width bins of the
/// forecast), one pair of lines per group, with the threshold marked. The further apart the two
/// distributions, the better the forecast tells events from non-events (Murphy & Winkler 1987's
/// likelihood p(f | o); Wilks 2011 §8.4.4).
public enum DiscriminationDiagram {
  static let binCount = 20

  /// Per group: the bin edges, and the counts given event observed and not observed.
  static func histograms(_ group: DiagramPairs.Group, event: VerifyEvent)
    -> (edges: [Double], yes: [Int], no: [Int])?
  {
    let forecasts = group.forecasts.filter(\.isFinite)
    guard var low = forecasts.min(), var high = forecasts.max() else { return nil }
    low = min(low, event.threshold)
    high = max(high, event.threshold)
    let edges = BinnedValues.edges(lower: low, upper: high, count: binCount)
    var yes: [Double] = []
    var no: [Double] = []
    for (f, o) in zip(group.forecasts, group.observed) where o.isFinite {
      if event.op.test(o, threshold: event.threshold) { yes.append(f) } else { no.append(f) }
    }
    return (
      edges, BinnedValues.counts(yes, edges: edges), BinnedValues.counts(no, edges: edges)
    )
  }

  /// Key columns, then `observed_event bin_lo bin_hi n frequency`.
  public static func table(_ pairs: DiagramPairs, context: DiagramContext) -> DiagramTable {
    let unit = context.request.variable.unit
    var rows: [[Cell]] = []
    if let event = context.request.event {
      for group in pairs.groups {
        guard let histogram = histograms(group, event: event) else { continue }
        for (word, counts) in [("yes", histogram.yes), ("no", histogram.no)] {
          let total = counts.reduce(0, +)
          for (bin, count) in counts.enumerated() {
            rows.append(
              group.keys.map(VerifyTable.cell) + [
                .text(word), .number(histogram.edges[bin]), .number(histogram.edges[bin + 1]),
                .integer(Int64(count)),
                total > 0 ? .number(Double(count) / Double(total)) : .null,
              ])
          }
        }
      }
    }
    return DiagramTable(
      comment: context.commentText
        + "; forecasts of each group in \(binCount) equal-width bins over their range and the threshold; frequency = share of the group's pairs with that observed_event",
      columns: VerifyTable.keyColumns(pairs.keys) + [
        Column("observed_event", .text), Column("bin_lo", .score, unit: unit),
        Column("bin_hi", .score, unit: unit), Column("n", .integer),
        Column("frequency", .score),
      ],
      rows: rows)
  }

  /// The diagram: relative frequency against the forecast value at bin centres.
  public static func drawing(_ pairs: DiagramPairs, context: DiagramContext) -> Drawing {
    let request = context.request
    var series: [ChartSeries] = []
    var top = 0.0
    if let event = request.event {
      for (index, group) in pairs.groups.enumerated() {
        guard let histogram = histograms(group, event: event) else { continue }
        let name = pairs.name(group, fallback: "")
        let base = SeriesStyle.automatic(index)
        for (observed, counts) in [(true, histogram.yes), (false, histogram.no)] {
          let total = counts.reduce(0, +)
          let points = counts.enumerated().map { bin, count -> ChartPoint in
            let centre = (histogram.edges[bin] + histogram.edges[bin + 1]) / 2
            let share = total > 0 ? Double(count) / Double(total) : nil
            top = max(top, share ?? 0)
            return ChartPoint(x: centre, y: share, n: count)
          }
          var style = base
          style.dash = observed ? nil : "7 4"
          style.marker = observed ? .circle : .square
          let words = observed ? "event observed" : "event not observed"
          series.append(
            ChartSeries(
              name: name.isEmpty ? words : "\(name): \(words)", points: points, style: style))
        }
      }
    }
    let unit = request.variable.unit
    let x = ChartAxis(label: "Forecast", unit: unit, decimals: 2)
    var y = ChartAxis(label: "Relative frequency", includesZero: true, decimals: 3)
    y.range = 0...max(0.05, (top * 1.1 * 20).rounded(.up) / 20)
    let (heading, shows) = context.title.resolve(
      "Discrimination diagram: \(context.eventText ?? request.variableDisplayNameInSentence)")
    var chart = DiagramChart(
      title: heading,
      subtitle: context.subtitle([
        "forecasts in \(binCount) bins", "grey line: the threshold",
      ]),
      xAxis: x, yAxis: y, series: series, width: context.width, height: context.height)
    chart.showsTitle = shows
    chart.squarePlot = false
    if let event = request.event {
      chart.guides = [
        ChartGuide(points: [(event.threshold, 0), (event.threshold, 10)], stroke: .solid)
      ]
    }
    return chart.drawing()
  }
}
