import Export
import SkycastModel

/// The time-series figure of `spark --format svg` and `export hourly --format svg`: one line per
/// city, with the observations overlaid (black, or dotted in the city's colour when several cities
/// are drawn) when they exist.
public enum TimeSeriesFigure {
  /// Renders the figure.
  ///
  /// - Parameters:
  ///   - lines: the series drawn as lines (one per city).
  ///   - observed: observations of the same cities and variable, overlaid.
  ///   - label: what `lines` are (`latest forecast (best_match)`).
  ///   - observedLabel: what `observed` are (`observed (era5)`); with no `observed`, the
  ///     subtitle says none are stored in the period (nil: no observation source at all).
  ///   - period: the date range text for the subtitle.
  ///   - title: the automatic title (the variable in words), the user's, or none.
  public static func drawing(
    lines: [CitySeries], observed: [CitySeries], label: String, observedLabel: String?,
    period: String, width: Int, height: Int, title: FigureTitle = .automatic
  ) -> Drawing {
    let variable = lines.first?.variable ?? observed.first?.variable ?? .temperature2m
    let zones = Set((lines + observed).map { $0.city.zone })
    let zone = zones.count == 1 ? zones.first! : CityTimeZone.utc
    let xAxis = ChartAxis.time(
      label: zones.count == 1 ? "Local time (\(zone.identifier))" : "Time (UTC)", zone: zone)
    let yAxis = ChartAxis(
      label: variable.displayName, unit: variable.unit,
      includesZero: variable.quantity == .precipitation,
      decimals: variable.decimals)
    // Hourly years would draw as a solid band: average down to about one point per 2 px.
    let maximumPoints = max(50, width / 2)
    // The subtitle says which series these are; the legend only tells them apart, so its
    // labels never nest one bracket in another.
    var series: [ChartSeries] = []
    for (index, line) in lines.enumerated() {
      let suffix = observed.isEmpty ? "" : " — forecast"
      series.append(
        ChartSeries(
          name: line.city.name + suffix, points: points(line, limit: maximumPoints),
          style: .automatic(index)))
    }
    for (index, line) in observed.enumerated() {
      var style = SeriesStyle.reference
      if observed.count > 1 {
        style = SeriesStyle.automatic(index)
        style.dash = "2,3"
      }
      series.append(
        ChartSeries(
          name: line.city.name + " — observed", points: points(line, limit: maximumPoints),
          style: style))
    }
    let names = (lines.isEmpty ? observed : lines).map(\.city.name)
    var what = label
    if let observedLabel {
      // Stored observations are drawn where they exist; a window without any says so rather
      // than leave the reader to wonder where the promised line went.
      what +=
        observed.isEmpty
        ? " · no \(observedLabel) values stored in this period" : " vs \(observedLabel)"
    }
    let (heading, showsTitle) = title.resolve(variable.displayName)
    var chart = LineChart(
      title: heading, subtitle: FigureTitle.subtitle([FigureTitle.cities(names), what, period]),
      xAxis: xAxis, yAxis: yAxis, series: series, width: width, height: height,
      gapThreshold: lines.first?.dates.isEmpty == false
        ? 1.5 * 86_400 : 5_400 * Double(max(1, stride(lines + observed, limit: maximumPoints))))
    chart.showsTitle = showsTitle
    return chart.drawing()
  }

  /// Hours per plotted point after averaging.
  package static func stride(_ series: [CitySeries], limit: Int) -> Int {
    let count = series.map(\.values.count).max() ?? 0
    return max(1, (count + limit - 1) / limit)
  }

  /// The series' points, averaged into at most `limit` buckets (`Sparkline.buckets` rules).
  package static func points(_ series: CitySeries, limit: Int) -> [ChartPoint] {
    if !series.dates.isEmpty {
      return zip(series.dates, series.values).map { date, value in
        ChartPoint(epoch: series.city.zone.startOfDay(date) + 12 * 3600, y: value)
      }
    }
    let count = series.values.count
    guard count > limit else {
      return zip(series.instants, series.values).map { ChartPoint(epoch: $0, y: $1) }
    }
    let averaged = Sparkline.buckets(series.values, width: limit)
    return averaged.enumerated().map { index, value in
      let start = index * count / limit
      let end = max(start + 1, (index + 1) * count / limit)
      let middle = (series.instants[start] + series.instants[end - 1]) / 2
      return ChartPoint(epoch: middle, y: value)
    }
  }
}
