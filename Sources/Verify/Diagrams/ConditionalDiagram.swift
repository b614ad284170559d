import Analysis
import Export
import SkycastModel
import Store

/// `verify --diagram conditional`: the mean observation in 20 equal-width bins of the
/// forecast (E[O | F], the calibration–refinement view), and the mean forecast in bins of the
/// observation (E[F | O], the likelihood–base-rate view), on the same axes with the diagonal
/// (Murphy & Winkler 1987; Wilks 2011 §8.3.2). Bins with fewer than ``minimumCount`` pairs are
/// left out of the lines (their means are noise) but listed in the table.
public enum ConditionalDiagram {
  /// Bins over the range of both values together.
  static let binCount = 20
  /// The fewest pairs a bin needs to be drawn.
  public static let minimumCount = 5

  /// Which value the bins are over.
  enum Conditioning: String, CaseIterable {
    case forecast, observed
  }

  /// A group's bins, by forecast then by observation, over one set of edges.
  static func bins(_ group: DiagramPairs.Group) -> [(Conditioning, [BinnedValues.Bin])] {
    let values = (group.forecasts + group.observed).filter(\.isFinite)
    guard let low = values.min(), let high = values.max() else { return [] }
    let edges = BinnedValues.edges(lower: low, upper: high, count: binCount)
    return [
      (
        .forecast,
        BinnedValues.conditionalMeans(binned: group.forecasts, other: group.observed, edges: edges)
      ),
      (
        .observed,
        BinnedValues.conditionalMeans(binned: group.observed, other: group.forecasts, edges: edges)
      ),
    ]
  }

  /// Key columns, then `binned_by bin_lo bin_hi n mean_binned mean_other`.
  public static func table(_ pairs: DiagramPairs, context: DiagramContext) -> DiagramTable {
    let unit = context.request.variable.unit
    var rows: [[Cell]] = []
    for group in pairs.groups {
      for (conditioning, bins) in bins(group) {
        for bin in bins {
          rows.append(
            group.keys.map(VerifyTable.cell) + [
              .text(conditioning.rawValue), .number(bin.lower), .number(bin.upper),
              .integer(Int64(bin.n)), VerifyTable.number(bin.meanBinned),
              VerifyTable.number(bin.meanOther),
            ])
        }
      }
    }
    return DiagramTable(
      comment: context.commentText
        + "; \(binCount) equal-width bins over the range of forecasts and observations together; binned_by forecast: mean_other is the mean observation given the forecast bin, binned_by observed: the mean forecast given the observation bin; the figure draws bins with at least \(minimumCount) pairs",
      columns: VerifyTable.keyColumns(pairs.keys) + [
        Column("binned_by", .text), Column("bin_lo", .score, unit: unit),
        Column("bin_hi", .score, unit: unit), Column("n", .integer),
        Column("mean_binned", .score, unit: unit), Column("mean_other", .score, unit: unit),
      ],
      rows: rows)
  }

  /// The diagram: per group a solid line E[O | F] and a dashed line E[F | O] in one colour.
  public static func drawing(_ pairs: DiagramPairs, context: DiagramContext) -> Drawing {
    let request = context.request
    var series: [ChartSeries] = []
    var low = Double.infinity
    var high = -Double.infinity
    for (index, group) in pairs.groups.enumerated() {
      let base = SeriesStyle.automatic(index)
      let name = pairs.name(group, fallback: "")
      for (conditioning, bins) in bins(group) {
        let drawn = bins.filter { $0.n >= minimumCount }
        let points = drawn.compactMap { bin -> ChartPoint? in
          guard let x = bin.meanBinned, let y = bin.meanOther else { return nil }
          low = min(low, x, y)
          high = max(high, x, y)
          return ChartPoint(x: x, y: y, n: bin.n)
        }
        // Short legend words; the subtitle says what the two kinds of line are.
        let words = conditioning == .forecast ? "by forecast" : "by observed"
        var style = base
        style.dash = conditioning == .forecast ? nil : "7 4"
        style.marker = conditioning == .forecast ? .circle : .triangleUp
        series.append(
          ChartSeries(
            name: name.isEmpty ? words : "\(name), \(words)", points: points, style: style))
      }
    }
    let range = DiagramRange.common(low: low, high: high)
    let unit = request.variable.unit
    var x = ChartAxis(label: "Mean in the bin (forecast or observed)", unit: unit, decimals: 2)
    x.range = range
    var y = ChartAxis(label: "Conditional mean of the other", unit: unit, decimals: 2)
    y.range = range
    let (heading, shows) = context.title.resolve(
      "Conditional means of \(request.variableDisplayNameInSentence)")
    var chart = DiagramChart(
      title: heading,
      subtitle: context.subtitle([
        "solid: mean observed per forecast bin", "dashed: mean forecast per observed bin",
        "bins with ≥ \(minimumCount) pairs",
      ]),
      xAxis: x, yAxis: y, series: series, width: context.width, height: context.height)
    chart.showsTitle = shows
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
