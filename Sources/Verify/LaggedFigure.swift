import Export
import SkycastModel
import Store

/// `verify --lagged N --format svg`: CRPS against lead time or lead day of the lagged ensemble,
/// of the newest issue alone (its MAE; line "newest") and, with `--ensemble-model`, of the stored ensemble,
/// one line of each per combination of the other `--by` keys, with each point's case count.
public enum LaggedFigure {
  /// Renders the figure, or nil when the request has no lead key (the command adds lead day).
  public static func drawing(
    _ report: LaggedReport, width: Int, height: Int, title: FigureTitle = .automatic
  ) -> Drawing? {
    let keys = report.request.keys
    guard let leadIndex = keys.firstIndex(where: { $0 == .lead || $0 == .leadDay }) else {
      return nil
    }
    let byHours = keys[leadIndex] == .lead
    var order: [String] = []
    var points: [String: [ChartPoint]] = [:]
    for row in report.rows {
      guard case .integer(let lead) = row.keys[leadIndex] else { continue }
      let group = row.keys.enumerated().filter { $0.offset != leadIndex }
        .map(\.element.description).joined(separator: " · ")
      var lines = [
        ("lagged \(report.members)", row.crps),
        ("newest", row.latestMAE),
      ]
      if let model = report.ensembleModel { lines.append((model, row.ensemble?.crps ?? nil)) }
      for (what, value) in lines {
        let name = group.isEmpty ? what : "\(group) · \(what)"
        if points[name] == nil { order.append(name) }
        points[name, default: []].append(ChartPoint(x: Double(lead), y: value, n: row.n))
      }
    }
    let series = order.enumerated().map { index, name in
      ChartSeries(name: name, points: points[name] ?? [], style: .automatic(index))
    }
    let request = report.request
    var parts = [
      "newest \(report.members) issues vs \(request.observationSource) observations",
      "the newest issue's CRPS is its MAE",
    ]
    if let selection = request.forecastSelectionText { parts.append(selection) }
    if let period = request.period {
      parts.append("valid \(period.lowerBound) to \(period.upperBound)")
    }
    let (heading, showsTitle) = title.resolve(
      "CRPS of a lagged ensemble of \(request.variableDisplayNameInSentence) by \(byHours ? "lead time" : "lead day")"
    )
    var chart = LineChart(
      title: heading, subtitle: FigureTitle.subtitle(parts),
      xAxis: byHours
        ? ChartAxis(label: "Lead of the newest issue", unit: "h", kind: .hours)
        : ChartAxis(label: "Lead of the newest issue", unit: "days"),
      yAxis: ChartAxis(
        label: "Continuous ranked probability score", unit: request.variable.unit,
        includesZero: true, decimals: 3),
      series: series, width: width, height: height, showsCounts: true)
    chart.showsTitle = showsTitle
    return chart.drawing()
  }
}
