internal import SQLiteKit
import SkycastModel

extension Store {
  /// The hourly rows of a series for one city and a range of local dates, in valid-time order.
  ///
  /// Forecasts come from `hourly_forecasts_latest` (one row per valid time: the latest issue
  /// with lead ≥ 0), observations from `hourly_observations`. Rows are selected by the stored
  /// `valid_date`; the `valid_at` bounds (two days wider than the dates) only let SQLite use
  /// the `(city_id, source, model, valid_at)` index, which it pushes into the view.
  ///
  /// - Parameters:
  ///   - expressions: SQL expressions over the table's columns (e.g. `temperature_2m` or
  ///     `feels_like_bom(temperature_2m, relative_humidity_2m, wind_speed_10m)`). They are code,
  ///     never user input; use `NULL` for a column the table lacks.
  public func hourlyRecords(
    _ series: ResolvedSeries, city: City, dates: ClosedRange<LocalDate>, expressions: [String]
  ) throws -> [HourlyRecord] {
    let zone = city.zone
    let margin: Int64 = 2 * 86_400
    let start = zone.startOfDay(dates.lowerBound) - margin
    let end = zone.startOfDay(dates.upperBound.adding(days: 1)) + margin
    let selected = (["valid_at", "valid_date", "valid_hour"] + expressions).joined(separator: ", ")
    var bindings: [SQLiteValue] = [.integer(city.id), .text(series.source.rawValue)]
    let from: String
    switch series.kind {
    case .forecast:
      from = "hourly_forecasts_latest WHERE city_id = ? AND source = ? AND model = ?"
      bindings.append(.text(series.model ?? ModelName.bestMatch))
    case .observed:
      from = "hourly_observations WHERE city_id = ? AND source = ?"
    }
    bindings += [
      .integer(start), .integer(end), .text(dates.lowerBound.description),
      .text(dates.upperBound.description),
    ]
    let statement = try database.prepare(
      """
      SELECT \(selected) FROM \(from)
        AND valid_at >= ? AND valid_at < ? AND valid_date BETWEEN ? AND ?
      ORDER BY valid_at
      """)
    try statement.bind(bindings)
    var records: [HourlyRecord] = []
    while try statement.step() {
      guard let validAt = statement.int64(0), let dateText = statement.text(1),
        let date = LocalDate(dateText), let hour = statement.int64(2)
      else { continue }  // the schema makes these NOT NULL; a hand-edited row is skipped
      let values = (0..<expressions.count).map { statement.double(Int32(3 + $0)) }
      records.append(HourlyRecord(validAt: validAt, date: date, hour: Int(hour), values: values))
    }
    return records
  }

  /// One column of `daily_observations` for a city, source and range of local dates.
  ///
  /// - Returns: the value of each stored date (nil = the row exists with NULL).
  public func dailyObservations(
    source: FetchSource, cityID: Int64, dates: ClosedRange<LocalDate>, column: WeatherVariable
  ) throws -> [LocalDate: Double?] {
    let statement = try database.prepare(
      """
      SELECT date, \(column.column) FROM daily_observations
      WHERE city_id = ? AND source = ? AND date BETWEEN ? AND ?
      """)
    try statement.bind([
      .integer(cityID), .text(source.rawValue), .text(dates.lowerBound.description),
      .text(dates.upperBound.description),
    ])
    var result: [LocalDate: Double?] = [:]
    while try statement.step() {
      guard let text = statement.text(0), let date = LocalDate(text) else { continue }
      result.updateValue(statement.double(1), forKey: date)
    }
    return result
  }
}
