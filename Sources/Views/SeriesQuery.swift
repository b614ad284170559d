import Export
import SQLiteKit
import SkycastModel
import Store

/// One city's values of one variable on a regular time axis: hourly slots or local dates, with
/// nil where nothing is stored. The shape sparklines (and later SVG charts) draw.
public struct CitySeries: Sendable, Equatable {
  public var city: City
  public var variable: WeatherVariable
  /// The slot starts (UTC epoch seconds), hourly series only.
  public var instants: [Int64]
  /// The local dates, daily series only.
  public var dates: [LocalDate]
  /// One value per slot or date.
  public var values: [Double?]

  /// The labelled sparkline input for this series.
  public var spark: SparkSeries {
    SparkSeries(
      name: city.name, variable: variable.column, unit: variable.unit, decimals: variable.decimals,
      values: values)
  }
}

/// Reads `CitySeries` from the store.
public enum SeriesQuery {
  /// The hourly slots `range.lowerBound, +3600, …` before `range.upperBound`, each holding the
  /// value stored at that valid time; when that is missing, the first value stored at another
  /// minute of the hour (station data at :30) fills the slot.
  public static func hourly(
    store: Store, city: City, variable: WeatherVariable, series: ResolvedSeries,
    range: Range<Int64>
  ) throws -> CitySeries {
    let count = max(0, Int((range.upperBound - range.lowerBound + 3599) / 3600))
    var values = [Double?](repeating: nil, count: count)
    var exact = [Bool](repeating: false, count: count)
    var sql = """
      SELECT valid_at, \(variable.column) FROM \(series.table)
      WHERE city_id = ? AND source = ? AND valid_at >= ? AND valid_at < ?
      """
    var bindings: [SQLiteValue] = [
      .integer(city.id), .text(series.source), .integer(range.lowerBound),
      .integer(range.upperBound),
    ]
    if let model = series.model {
      sql += " AND model = ?"
      bindings.append(.text(model))
    }
    let statement = try store.database.prepare(sql + " ORDER BY valid_at")
    try statement.bind(bindings)
    while try statement.step() {
      guard let validAt = statement.int64(0) else { continue }
      let offset = validAt - range.lowerBound
      let slot = Int(offset / 3600)
      guard slot < count else { continue }
      guard let value = statement.double(1) else { continue }
      let onTheHour = offset % 3600 == 0
      if onTheHour || (!exact[slot] && values[slot] == nil) {
        values[slot] = value
        exact[slot] = onTheHour
      }
    }
    let instants = (0..<count).map { range.lowerBound + Int64($0) * 3600 }
    return CitySeries(city: city, variable: variable, instants: instants, dates: [], values: values)
  }

  /// One value per local date in `dates`.
  public static func daily(
    store: Store, city: City, variable: WeatherVariable, series: ResolvedSeries,
    dates: ClosedRange<LocalDate>
  ) throws -> CitySeries {
    let days = (0...dates.lowerBound.days(to: dates.upperBound)).map {
      dates.lowerBound.adding(days: $0)
    }
    var sql = """
      SELECT date, \(variable.column) FROM \(series.table)
      WHERE city_id = ? AND source = ? AND date BETWEEN ? AND ?
      """
    var bindings: [SQLiteValue] = [
      .integer(city.id), .text(series.source), .text(dates.lowerBound.description),
      .text(dates.upperBound.description),
    ]
    if let model = series.model {
      sql += " AND model = ?"
      bindings.append(.text(model))
    }
    var byDate: [LocalDate: Double] = [:]
    for row in try store.database.query(sql, bindings) {
      if let date = row[0].stringValue.flatMap({ LocalDate($0) }), let value = row[1].doubleValue {
        byDate[date] = value
      }
    }
    return CitySeries(
      city: city, variable: variable, instants: [], dates: days, values: days.map { byDate[$0] })
  }
}
