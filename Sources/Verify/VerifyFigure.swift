import Export
import SkycastModel
import Store

/// `verify --format svg`: one score against lead time (hours or days), valid hour or month, one
/// line per combination of the other group keys (source, model, city, …), with each point's
/// pair count as a tooltip and in the count strip under the plot; with `--ci`, each line's
/// interval as a shaded band.
public enum VerifyFigure {
  /// The group key on the x axis: lead time or lead day when grouped by one, else the valid
  /// hour, else the month; nil when the request has none of them.
  public static func xKey(_ keys: [VerifyKey]) -> VerifyKey? {
    [.lead, .leadDay, .validHour, .month].first { keys.contains($0) }
  }

  /// Renders the figure, or nil when the request has no key to put on the x axis.
  ///
  /// - Parameters:
  ///   - cities: the names of the cities that contributed pairs, for the subtitle.
  ///   - title: the automatic title, the user's, or none.
  ///   - note: a sentence the subtitle adds (how the lines were compared).
  public static func drawing(
    _ report: VerifyReport, score: Score, width: Int, height: Int, cities: [String] = [],
    title: FigureTitle = .automatic, leadDays: LeadDaySelection? = nil, note: String? = nil
  ) -> Drawing? {
    let keys = report.request.keys
    guard let xKey = xKey(keys), let xIndex = keys.firstIndex(of: xKey) else { return nil }
    // Months are text (`2026-03`): placed at their index among the months present.
    let months = Array(
      Set(
        report.rows.compactMap { row -> String? in
          guard case .text(let month) = row.keys[xIndex] else { return nil }
          return month
        })
    ).sorted()
    var order: [String] = []
    var points: [String: [ChartPoint]] = [:]
    var intervals: [String: [(x: Double, lower: Double?, upper: Double?)]] = [:]
    for row in report.rows {
      let x: Double
      switch row.keys[xIndex] {
      case .integer(let value): x = Double(value)
      case .text(let month):
        guard let index = months.firstIndex(of: month) else { continue }
        x = Double(index)
      }
      let name = DiagramLines<VerifyRow>.name(
        row.keys.enumerated().filter { $0.offset != xIndex }.map(\.element.description))
      let label = name.isEmpty ? report.request.variableDisplayName : name
      if points[label] == nil { order.append(label) }
      points[label, default: []].append(
        ChartPoint(x: x, y: score.verifyScore.value(row), n: row.scores.n))
      let interval = row.intervals[score.verifyScore]
      intervals[label, default: []].append((x, interval?.lo, interval?.hi))
    }
    let variable = report.request.variable
    let series = order.enumerated().map { index, name in
      ChartSeries(name: name, points: points[name] ?? [], style: .automatic(index))
    }
    var period: String?
    if let range = report.request.period {
      period = "valid \(range.lowerBound) to \(range.upperBound)"
    } else if let paired = report.pairedDates {
      period = "valid \(paired.first) to \(paired.last)"
    }
    var subtitle = FigureTitle.subtitle([
      FigureTitle.cities(cities), "forecast vs \(report.request.observationSource) observations",
      report.request.forecastSelectionText, period, leadDays?.text,
    ])
    if let note { subtitle += " · " + note }
    if let same = report.sameCases {
      subtitle +=
        " · common cases only: \(same.cases.count) of \(same.allCases) (city, valid time, lead) that all \(same.groups) forecast systems have"
    }
    if xKey == .lead || xKey == .leadDay,
      let note = leadRangeNote(order.map { ($0, points[$0] ?? []) }, hours: xKey == .lead)
    {
      subtitle += " · " + note
    }
    if let bootstrap = report.request.bootstrap {
      subtitle += "; bands: \(bootstrap.levelText) intervals"
    }
    let xAxis: ChartAxis
    let by: String
    switch xKey {
    case .lead:
      xAxis = ChartAxis(label: "Lead", unit: "h", kind: .hours)
      by = "lead time"
    case .validHour:
      xAxis = ChartAxis(
        label: "Valid hour (local time)",
        kind: .ticks(
          stride(from: 0, through: 21, by: 3).map {
            ChartTick(value: Double($0), label: $0 < 10 ? "0\($0):00" : "\($0):00")
          }))
      by = "valid hour"
    case .month:
      xAxis = ChartAxis(label: "Month", kind: .category(months))
      by = "month"
    default:
      xAxis = ChartAxis(label: "Lead", unit: "days")
      by = "lead day"
    }
    let (heading, showsTitle) = title.resolve(
      "\(score.verifyScore.words) of \(report.request.variableDisplayNameInSentence) by \(by)")
    var chart = LineChart(
      title: heading, subtitle: subtitle, xAxis: xAxis,
      yAxis: ChartAxis(
        label: score.verifyScore.words, unit: score.verifyScore.unit(variable),
        includesZero: score.verifyScore.axisIncludesZero, decimals: 3),
      series: series, width: width, height: height, showsCounts: true)
    chart.showsTitle = showsTitle
    guard report.request.bootstrap != nil else { return chart.drawing() }
    // With --ci each line gets its interval as a shaded band.
    let bands = order.enumerated().map { index, name in
      BandChart.Band(series: index, points: intervals[name] ?? [])
    }
    return BandChart(chart: chart, bands: bands, zeroLine: score.verifyScore == .bias).drawing()
  }
}
