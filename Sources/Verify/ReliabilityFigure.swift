import Export
import SkycastModel
import Store

/// `verify --reliability --format svg`: the reliability diagram (observed frequency against mean
/// forecast probability per bin, one line per group) with the diagonal of perfect reliability,
/// the climatology and the no-skill line halfway between them (Hsu & Murphy 1986), and the
/// number of forecasts per bin in the count strip under the plot.
public enum ReliabilityFigure {
  public static func svg(_ report: ReliabilityReport, width: Int, height: Int) -> String {
    var series: [ChartSeries] = []
    for (index, row) in report.rows.enumerated() {
      let name = row.keys.map(\.description).joined(separator: " · ")
      let points = row.bins.compactMap { bin -> ChartPoint? in
        guard let p = bin.meanProbability else { return nil }
        return ChartPoint(x: p, y: bin.observedFrequency, n: bin.n)
      }
      series.append(
        ChartSeries(
          name: name.isEmpty ? "forecast" : name, points: points, style: .automatic(index)))
    }
    let grid = (0...100).map { Double($0) / 100 }
    let gray = SeriesStyle(color: "#777777", dash: "6 4", marker: .circle)
    series.append(
      ChartSeries(
        name: "perfect reliability", points: grid.map { ChartPoint(x: $0, y: $0) }, style: gray))
    if let rate = report.pooledBaseRate {
      series.append(
        ChartSeries(
          name: "climatology (\(ChartText.number(rate, decimals: 3)))",
          points: grid.map { ChartPoint(x: $0, y: rate) },
          style: SeriesStyle(color: "#999999", dash: "2 3", marker: .square)))
      series.append(
        ChartSeries(
          name: "no skill", points: grid.map { ChartPoint(x: $0, y: ($0 + rate) / 2) },
          style: SeriesStyle(color: "#999999", dash: "9 3 2 3", marker: .diamond)))
    }
    let event = report.event
    var subtitle =
      "event precipitation \(event.symbol) \(NumberText.shortest(event.threshold)) mm vs \(report.request.observationSource); 10 bins of 10 %; bars: forecasts per bin"
    if let period = report.request.period {
      subtitle += "; valid \(period.lowerBound) to \(period.upperBound)"
    }
    var x = ChartAxis(label: "Forecast probability", decimals: 3)
    x.range = 0...1
    var y = ChartAxis(label: "Observed frequency", decimals: 3)
    y.range = 0...1
    return LineChart(
      title: "Reliability diagram of precipitation_probability", subtitle: subtitle, xAxis: x,
      yAxis: y, series: series, width: width, height: height, showsCounts: true
    ).svg()
  }
}
