/// `verify --format svg`: one score against lead time (hours or days), one line per combination
/// of the other group keys (source, model, city, …), with each point's pair count as a tooltip
/// and in the count strip under the plot; with `--ci`, each line's interval as a shaded band.
public enum VerifyFigure {
  /// The score a figure plots.
  public enum Score: String, CaseIterable, Sendable {
    case rmse, mae, bias, corr
    case mseSkill = "mse-skill"

    var title: String {
      switch self {
      case .rmse: "RMSE"
      case .mae: "MAE"
      case .bias: "Bias (forecast − observed)"
      case .corr: "Correlation"
      case .mseSkill: "MSE skill"
      }
    }

    /// The score whose `--ci` interval the figure shades.
    var verifyScore: VerifyScore {
      switch self {
      case .rmse: .rmse
      case .mae: .mae
      case .bias: .bias
      case .corr: .corr
      case .mseSkill: .mseSkill
      }
    }

    func value(_ row: VerifyRow) -> Double? {
      switch self {
      case .rmse: row.scores.rmse
      case .mae: row.scores.mae
      case .bias: row.scores.bias
      case .corr: row.scores.corr
      case .mseSkill: row.mseSkill
      }
    }

    /// Scores in the variable's unit; correlation and skill have none.
    func unit(_ variable: WeatherVariable) -> String {
      self == .corr || self == .mseSkill ? "" : variable.unit
    }
  }

  /// Renders the figure, or nil when the request has no lead key to put on the x axis.
  public static func svg(_ report: VerifyReport, score: Score, width: Int, height: Int) -> String? {
    let keys = report.request.keys
    guard let leadIndex = keys.firstIndex(where: { $0 == .lead || $0 == .leadDay }) else {
      return nil
    }
    let byHours = keys[leadIndex] == .lead
    var order: [String] = []
    var points: [String: [ChartPoint]] = [:]
    var intervals: [String: [(x: Double, lower: Double?, upper: Double?)]] = [:]
    for row in report.rows {
      guard case .integer(let lead) = row.keys[leadIndex] else { continue }
      let name = row.keys.enumerated().filter { $0.offset != leadIndex }.map(\.element.description)
        .joined(separator: " · ")
      let label = name.isEmpty ? report.request.variableName : name
      if points[label] == nil { order.append(label) }
      points[label, default: []].append(
        ChartPoint(x: Double(lead), y: score.value(row), n: row.scores.n))
      let interval = row.intervals[score.verifyScore]
      intervals[label, default: []].append((Double(lead), interval?.lo, interval?.hi))
    }
    let variable = report.request.variable
    let series = order.enumerated().map { index, name in
      ChartSeries(name: name, points: points[name] ?? [], style: .automatic(index))
    }
    var subtitle = "forecast vs \(report.request.observationSource) observations"
    if let period = report.request.period {
      subtitle += "; valid \(period.lowerBound) to \(period.upperBound)"
    }
    if let bootstrap = report.request.bootstrap {
      subtitle += "; bands: \(bootstrap.levelText) intervals"
    }
    let chart = LineChart(
      title: "\(score.title) of \(report.request.variableName) by lead \(byHours ? "time" : "day")",
      subtitle: subtitle,
      xAxis: byHours
        ? ChartAxis(label: "Lead time", unit: "h", kind: .hours)
        : ChartAxis(label: "Lead day"),
      yAxis: ChartAxis(
        label: score.title, unit: score.unit(variable),
        includesZero: score == .rmse || score == .mae, decimals: 3),
      series: series, width: width, height: height, showsCounts: true)
    guard report.request.bootstrap != nil else { return chart.svg() }
    // With --ci each line gets its interval as a shaded band.
    let bands = order.enumerated().map { index, name in
      BandChart.Band(series: index, points: intervals[name] ?? [])
    }
    return BandChart(chart: chart, bands: bands, zeroLine: score == .bias).svg()
  }
}
