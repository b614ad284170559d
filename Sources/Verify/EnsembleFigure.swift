import Export
import Store

/// The figures of `verify --ensemble --format svg`: the rank histogram (bars with the flat line
/// of a calibrated ensemble), spread and skill against lead (two lines per group), and CRPS
/// against lead (one line per model or other group).
public enum EnsembleFigure {
  /// What the line figure draws: any score of the ensemble table against lead.
  public enum Score: String, CaseIterable, Sendable {
    /// CRPS against lead, one line per group.
    case crps
    /// Spread and the ensemble mean's RMSE against lead, two lines per group.
    case spreadSkill = "spread-skill"
    /// The CRPS skill score against `--skill`'s reference.
    case crpss
    /// The ensemble mean's bias, MAE and RMSE.
    case bias, mae, rmse
    /// √(mean member variance).
    case spread

    /// The score in words, for titles and axes.
    public var words: String {
      switch self {
      case .crps: "Continuous ranked probability score"
      case .spreadSkill: "Spread and skill"
      case .crpss: "Continuous ranked probability skill score"
      case .bias: "Bias of the ensemble mean (forecast − observed)"
      case .mae: "Mean absolute error of the ensemble mean"
      case .rmse: "Root-mean-square error of the ensemble mean"
      case .spread: "Ensemble spread"
      }
    }

    /// The row's value (for spread-skill, the spread; the RMSE is the second line).
    func value(_ row: EnsembleScoreRow) -> Double? {
      switch self {
      case .crps: row.crps
      case .spreadSkill, .spread: row.spread
      case .crpss: row.crpss
      case .bias: row.bias
      case .mae: row.mae
      case .rmse: row.rmse
      }
    }

    /// Skill has no unit; every other score is in the variable's.
    var hasUnit: Bool { self != .crpss }
  }

  /// The rank histogram: one bar series per group, ranks 0…M, and a dashed line at 1/(M + 1).
  public static func rankHistogram(
    _ report: EnsembleReport, width: Int, height: Int, title: FigureTitle = .automatic
  ) -> Drawing {
    let members = report.histograms.map(\.members).max() ?? 0
    let series = report.histograms.enumerated().map { index, row in
      BarSeries(
        name: row.keys.isEmpty ? "all cases" : row.keys.map(\.description).joined(separator: " · "),
        values: row.frequencies, style: .automatic(index))
    }
    let (heading, shows) = title.resolve(
      "Rank histogram of \(report.request.variable.displayNameInSentence)")
    var chart = BarChart(
      title: heading,
      subtitle: FigureTitle.subtitle([
        "ensemble\(report.modelsText) vs \(report.request.observationSource) observations",
        "\(members) members, \(members + 1) ranks", "ties drawn with seed \(report.request.seed)",
      ]),
      categories: (0...members).map(String.init), xLabel: "Rank of the observation",
      yAxis: ChartAxis(label: "Relative frequency", includesZero: true, decimals: 3),
      series: series, width: width, height: height)
    chart.referenceLine = (1 / Double(members + 1), "flat: a calibrated ensemble")
    chart.showsTitle = shows
    return chart.drawing()
  }

  /// The lead key a line figure is drawn against: the first of lead or lead day (lead day when
  /// neither is a `--by` key; the caller groups by it).
  public static func xKey(_ keys: [VerifyKey]) -> VerifyKey? {
    keys.first { $0 == .lead || $0 == .leadDay }
  }

  /// CRPS or spread and skill against lead; nil when the report is not grouped by a lead key.
  public static func lines(
    _ report: EnsembleReport, score: Score, width: Int, height: Int,
    title: FigureTitle = .automatic
  ) -> Drawing? {
    let keys = report.request.groupBy
    guard let xKey = xKey(keys), let xIndex = keys.firstIndex(of: xKey) else { return nil }
    var order: [String] = []
    var points: [String: [ChartPoint]] = [:]
    func add(_ name: String, _ point: ChartPoint) {
      if points[name] == nil { order.append(name) }
      points[name, default: []].append(point)
    }
    for row in report.rows {
      guard case .integer(let lead) = row.keys[xIndex] else { continue }
      let group = row.keys.enumerated().filter { $0.offset != xIndex }.map(\.element.description)
        .joined(separator: " · ")
      let x = Double(lead)
      switch score {
      case .spreadSkill:
        let prefix = group.isEmpty ? "" : group + ": "
        add(prefix + "spread", ChartPoint(x: x, y: row.spread, n: row.n))
        add(prefix + "RMSE of the mean", ChartPoint(x: x, y: row.rmse, n: row.n))
      default:
        add(
          group.isEmpty ? report.request.variable.displayName : group,
          ChartPoint(x: x, y: score.value(row), n: row.n))
      }
    }
    let series = order.enumerated().map { index, name in
      ChartSeries(name: name, points: points[name] ?? [], style: .automatic(index))
    }
    let variable = report.request.variable
    let by = xKey == .lead ? "lead time" : "lead day"
    let (heading, shows) = title.resolve(
      "\(score.words) of \(variable.displayNameInSentence) by \(by)")
    var chart = LineChart(
      title: heading,
      subtitle: FigureTitle.subtitle([
        "ensemble\(report.modelsText) vs \(report.request.observationSource) observations",
        score == .spreadSkill
          ? "spread = √(mean member variance); skill = RMSE of the ensemble mean"
          : score == .crps || score == .crpss
            ? (report.request.fair ? "fair CRPS" : "CRPS of the empirical CDF") : nil,
        // Models of different reach (15 and 35 days) are each drawn on their own leads.
        VerifyFigure.leadRangeNote(
          order.map { ($0, points[$0] ?? []) }, hours: xKey == .lead),
      ]),
      xAxis: xKey == .lead
        ? ChartAxis(label: "Lead", unit: "h", kind: .hours)
        : ChartAxis(label: "Lead", unit: "days"),
      yAxis: ChartAxis(
        label: score == .spreadSkill ? "Spread, root-mean-square error" : score.words,
        unit: score.hasUnit ? variable.unit : "",
        includesZero: score != .bias && score != .crpss, decimals: 3),
      series: series, width: width, height: height, showsCounts: true)
    chart.showsTitle = shows
    return chart.drawing()
  }
}
