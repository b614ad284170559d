import Export
import SkycastModel
import Store

/// `verify --jumpiness --format svg`: the newest issue's MAE and RMSE against the bin of its
/// last revision, one pair of lines per combination of the `--by` keys, with each bin's case
/// count; the subtitle gives the correlation of |revision| and |error| with its interval.
public enum JumpinessFigure {
  /// Renders the figure: the bins on a category axis (every bin of the report's edges, so
  /// groups line up), MAE and RMSE lines per group.
  public static func drawing(
    _ report: JumpinessReport, width: Int, height: Int, title: FigureTitle = .automatic
  ) -> Drawing {
    let request = report.request
    let bins = (0...report.edges.count).map { bin in
      JumpinessTable.label(
        JumpinessRow(
          keys: [], bin: bin, lower: bin > 0 ? report.edges[bin - 1] : nil,
          upper: bin < report.edges.count ? report.edges[bin] : nil, n: 0, meanRevision: 0,
          bias: 0, mae: 0, rmse: 0))
    }
    var order: [String] = []
    var points: [String: [ChartPoint]] = [:]
    for row in report.rows {
      let group = row.keys.map(\.description).joined(separator: " · ")
      for (score, value) in [("MAE", row.mae), ("RMSE", row.rmse)] {
        let name = group.isEmpty ? score : "\(group) \(score)"
        if points[name] == nil { order.append(name) }
        points[name, default: []].append(ChartPoint(x: Double(row.bin), y: value, n: row.n))
      }
    }
    let series = order.enumerated().map { index, name in
      ChartSeries(name: name, points: points[name] ?? [], style: .automatic(index))
    }
    var parts = ["newest issue vs \(request.observationSource) observations"]
    if let selection = request.forecastSelectionText { parts.append(selection) }
    if let r = report.correlation {
      var text = "r(|revision|, |error|) = \(NumberText.fixed(r, decimals: 2))"
      if let interval = report.interval {
        text +=
          " [\(NumberText.fixed(interval.lower, decimals: 2)), \(NumberText.fixed(interval.upper, decimals: 2))] (95 %, Fisher z)"
      }
      parts.append(text + ", n = \(report.cases)")
    }
    if let period = request.period {
      parts.append("valid \(period.lowerBound) to \(period.upperBound)")
    }
    let (heading, showsTitle) = title.resolve(
      "Error of \(request.variableDisplayNameInSentence) by size of the last revision")
    var chart = LineChart(
      title: heading, subtitle: FigureTitle.subtitle(parts),
      xAxis: ChartAxis(
        label: "Last revision |x_N − x_(N−1)|", unit: request.variable.unit,
        kind: .category(bins)),
      yAxis: ChartAxis(
        label: "Error", unit: request.variable.unit, includesZero: true, decimals: 3),
      series: series, width: width, height: height, showsCounts: true)
    chart.showsTitle = showsTitle
    return chart.drawing()
  }
}
