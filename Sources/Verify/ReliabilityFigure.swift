import Analysis
import Export
import SkycastModel
import Store

/// `verify --reliability --format svg`: the reliability diagram on a square plot (observed
/// frequency against mean forecast probability per bin, one line per group) with the diagonal
/// of perfect reliability, the climatology and the no-skill line halfway between them (Hsu &
/// Murphy 1986), consistency bars, and the sharpness histogram (forecasts per bin, log scale)
/// as an inset in the empty upper-left corner.
///
/// The consistency bars are the 5–95 % range of the observed frequency that n reliable
/// forecasts of the bin's mean probability would give, read from Binomial(n, p̄)
/// (``BinomialQuantiles``): the analytic form of Bröcker & Smith's (2007) consistency
/// resampling. A point outside its bar is unreliable beyond sampling noise.
public enum ReliabilityFigure {
  /// The consistency bars' coverage.
  public static let consistencyLevel = 0.9

  public static func drawing(
    _ report: ReliabilityReport, width: Int, height: Int, title: FigureTitle = .automatic,
    cities: [String] = [], leadDays: LeadDaySelection? = nil, ensemble: Bool = false
  ) -> Drawing {
    var series: [ChartSeries] = []
    var bars: [ChartErrorBar] = []
    var counts: [[Int]] = []
    let groups = report.rows.count
    for (index, row) in report.rows.enumerated() {
      let name = zip(report.request.keys, row.keys).map { key, value in
        switch key {
        case .leadDay: "lead day \(value)"
        case .lead: "lead \(value) h"
        default: value.description
        }
      }.joined(separator: " · ")
      let style = SeriesStyle.automatic(index)
      let points = row.bins.compactMap { bin -> ChartPoint? in
        guard let p = bin.meanProbability else { return nil }
        return ChartPoint(x: p, y: bin.observedFrequency, n: bin.n)
      }
      // Bars of several groups side by side, 0.6 % of the axis apart, so they do not hide
      // one another.
      let shift = (Double(index) - Double(groups - 1) / 2) * 0.006
      for bin in row.bins {
        guard let p = bin.meanProbability,
          let range = BinomialQuantiles.frequencyRange(
            level: consistencyLevel, trials: bin.n, probability: p)
        else { continue }
        bars.append(
          ChartErrorBar(x: p + shift, lower: range.lower, upper: range.upper, color: style.color))
      }
      counts.append(row.bins.map(\.n))
      series.append(
        ChartSeries(name: name.isEmpty ? "forecast" : name, points: points, style: style))
    }
    var guides = [
      ChartGuide(
        points: [(0, 0), (1, 1)], stroke: .solid, label: "perfect", labelAt: (0.93, 0.87))
    ]
    if let rate = report.pooledBaseRate {
      guides.append(
        ChartGuide(
          points: [(0, rate), (1, rate)], stroke: .dashed,
          label: "climatology \(ChartText.number(rate, decimals: 3))",
          labelAt: (0.82, rate - 0.03)))
      guides.append(
        ChartGuide(
          points: [(0, rate / 2), (1, (1 + rate) / 2)], stroke: .dotted, label: "no skill",
          labelAt: (0.86, (0.86 + rate) / 2 - 0.04)))
    }
    let event = report.event
    let request = report.request
    let eventText =
      "\(request.variableDisplayNameInSentence) \(event.symbol) \(ChartText.number(event.threshold, decimals: nil)) \(request.variable.unit)"
    var period: String?
    if let range = request.period {
      period = "valid \(range.lowerBound) to \(range.upperBound)"
    }
    let subtitle = FigureTitle.subtitle([
      FigureTitle.cities(cities),
      "event \(eventText) in \(request.observationSource) observations",
      ensemble ? nil : request.forecastSelectionText, period, leadDays?.text,
      ensemble ? "probability: share of the members" : nil,
      "10 bins of 10 %",
      "bars: \(Int(consistencyLevel * 100)) % range of a reliable forecast (binomial)",
    ])
    var x = ChartAxis(label: "Forecast probability", decimals: 3)
    x.range = 0...1
    var y = ChartAxis(label: "Observed frequency", decimals: 3)
    y.range = 0...1
    // The deterministic diagram scores the stored precipitation_probability; the ensemble's,
    // the share of members forecasting the event.
    let (heading, shows) = title.resolve(
      ensemble
        ? "Ensemble reliability: \(eventText)"
        : "Reliability diagram of the probability of precipitation")
    var chart = DiagramChart(
      title: heading, subtitle: subtitle, xAxis: x, yAxis: y, series: series, width: width,
      height: height)
    chart.showsTitle = shows
    chart.guides = guides
    chart.errorBars = bars
    chart.inset = ChartInset(
      edges: (0...10).map { Double($0) / 10 }, counts: counts,
      caption: "Forecasts per bin (log scale)")
    return chart.drawing()
  }
}
