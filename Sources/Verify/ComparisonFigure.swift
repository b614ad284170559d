import Export
import Store

/// `verify --compare A B --format svg`: the score difference A − B against lead time or lead day
/// with its bootstrap interval as a band and the zero line (below zero: A better), one line per
/// combination of the other keys.
public enum ComparisonFigure {
  /// Renders the figure, or nil when the request has no lead key.
  public static func drawing(_ report: ComparisonReport, width: Int, height: Int) -> Drawing? {
    let request = report.request
    let keys = request.keys
    guard let leadIndex = keys.firstIndex(where: { $0 == .lead || $0 == .leadDay }) else {
      return nil
    }
    let byHours = keys[leadIndex] == .lead
    var order: [String] = []
    var points: [String: [ChartPoint]] = [:]
    var intervals: [String: [(x: Double, lower: Double?, upper: Double?)]] = [:]
    for row in report.rows {
      guard case .integer(let lead) = row.keys[leadIndex] else { continue }
      let name = row.keys.enumerated().filter { $0.offset != leadIndex }
        .map(\.element.description).joined(separator: " · ")
      let label = name.isEmpty ? "\(request.a.name) − \(request.b.name)" : name
      if points[label] == nil { order.append(label) }
      points[label, default: []].append(
        ChartPoint(x: Double(lead), y: row.difference, n: row.n))
      intervals[label, default: []].append(
        (Double(lead), row.interval?.lo, row.interval?.hi))
    }
    let score = request.loss == .se ? "root-mean-square error" : "mean absolute error"
    let series = order.enumerated().map { index, name in
      ChartSeries(name: name, points: points[name] ?? [], style: .automatic(index))
    }
    let bands = order.enumerated().map { index, name in
      BandChart.Band(series: index, points: intervals[name] ?? [])
    }
    let level = (request.base.bootstrap ?? BootstrapSettings()).levelText
    var subtitle =
      "A = \(request.a), B = \(request.b) vs \(request.base.observationSource) observations; \(level) interval band; below 0: A better"
    if let period = request.base.period {
      subtitle += "; valid \(period.lowerBound) to \(period.upperBound)"
    }
    let variable = request.base.variable
    let chart = LineChart(
      title:
        "\(score.prefix(1).uppercased() + score.dropFirst()), A − B, of \(request.base.variableDisplayNameInSentence)",
      subtitle: subtitle,
      xAxis: byHours
        ? ChartAxis(label: "Lead", unit: "h", kind: .hours)
        : ChartAxis(label: "Lead", unit: "days"),
      yAxis: ChartAxis(
        label: "Difference in \(score), A − B", unit: variable.unit, includesZero: true,
        decimals: 3),
      series: series, width: width, height: height, showsCounts: true)
    return BandChart(chart: chart, bands: bands).drawing()
  }
}
