/// `summary precip --format svg`: grouped bars of `total_mm` per local day or month, one series
/// per city, drawn from the same table the other formats print.
public enum PrecipitationFigure {
  /// Renders the bars, or nil when the table is not by day or month.
  public static func svg(
    _ table: SummaryTable, grouping: SummaryGrouping, subtitle: String, width: Int, height: Int
  ) -> String? {
    let keyName = grouping == .day ? "date" : grouping == .month ? "month" : nil
    guard let keyName,
      let cityIndex = table.columns.firstIndex(where: { $0.name == "city" }),
      let keyIndex = table.columns.firstIndex(where: { $0.name == keyName }),
      let totalIndex = table.columns.firstIndex(where: { $0.name == "total_mm" })
    else { return nil }
    var keys: [String] = []
    var cities: [String] = []
    var totals: [String: [String: Double]] = [:]
    for row in table.rows {
      guard case .text(let city) = row[cityIndex] else { continue }
      let key: String
      switch row[keyIndex] {
      case .text(let text): key = text
      default: continue
      }
      if !keys.contains(key) { keys.append(key) }
      if !cities.contains(city) { cities.append(city) }
      if case .number(let total) = row[totalIndex] { totals[city, default: [:]][key] = total }
    }
    keys.sort()
    let categories = keys.map { key -> String in
      guard grouping == .day, let date = LocalDate(key) else { return key }
      return DateLabelStyle.abbreviated.day(date)
    }
    let series = cities.enumerated().map { index, city in
      BarSeries(name: city, values: keys.map { totals[city]?[$0] }, style: .automatic(index))
    }
    let chart = BarChart(
      title: "Precipitation — " + cities.joined(separator: ", "), subtitle: subtitle,
      categories: categories, xLabel: grouping == .day ? "Local date" : "Month",
      yAxis: ChartAxis(label: "total", unit: "mm", includesZero: true, decimals: 1),
      series: series, width: width, height: height)
    return chart.svg()
  }
}
