import Export
import SkycastModel

/// `summary precip --format svg`: grouped bars of `total_mm` per local day or month, one series
/// per city, drawn from the same table the other formats print.
public enum PrecipitationFigure {
  /// Renders the bars, or nil when the table is not by day or month.
  ///
  /// - Parameters:
  ///   - series: what the totals are (`observed (era5)`), for the subtitle.
  ///   - period: the dates, for the subtitle.
  ///   - title: the automatic title, the user's, or none.
  public static func drawing(
    _ table: SummaryTable, grouping: SummaryGrouping, series label: String, period: String,
    width: Int, height: Int, title: FigureTitle = .automatic
  ) -> Drawing? {
    let keyName = grouping == .day ? "date" : grouping == .month ? "month" : nil
    guard let keyName,
      let cityIndex = table.columns.firstIndex(where: { $0.name == "city" }),
      let keyIndex = table.columns.firstIndex(where: { $0.name == keyName }),
      let totalIndex = table.columns.firstIndex(where: { $0.name == "total_mm" })
    else { return nil }
    let missingIndex = table.columns.firstIndex { $0.name == "days_missing" }
    var notes: [String: [String: String]] = [:]
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
      if case .number(let total) = row[totalIndex] {
        totals[city, default: [:]][key] = total
      } else if let missingIndex, case .integer(let missing) = row[missingIndex], missing > 0 {
        // The month's total is withheld, not zero and not absent: say why.
        notes[city, default: [:]][key] =
          "incomplete month (\(missing) day\(missing == 1 ? "" : "s") missing)"
      }
    }
    keys.sort()
    let categories = keys.map { key -> String in
      guard grouping == .day, let date = LocalDate(key) else { return key }
      return DateLabelStyle.abbreviated.day(date)
    }
    let series = cities.enumerated().map { index, city in
      BarSeries(
        name: city, values: keys.map { totals[city]?[$0] }, style: .automatic(index),
        notes: keys.map { notes[city]?[$0] })
    }
    let (heading, showsTitle) = title.resolve(
      grouping == .day ? "Daily precipitation" : "Monthly precipitation")
    var chart = BarChart(
      title: heading,
      subtitle: FigureTitle.subtitle([FigureTitle.cities(cities), label, period]),
      categories: categories, xLabel: grouping == .day ? "Local date" : "Month",
      yAxis: ChartAxis(label: "Total precipitation", unit: "mm", includesZero: true, decimals: 1),
      series: series, width: width, height: height)
    chart.showsTitle = showsTitle
    return chart.drawing()
  }

  /// Whether any row has a `total_mm` to draw as a bar.
  public static func hasTotals(_ table: SummaryTable) -> Bool {
    guard let index = table.columns.firstIndex(where: { $0.name == "total_mm" }) else {
      return false
    }
    return table.rows.contains { row in
      if case .number = row[index] { return true }
      return false
    }
  }
}
