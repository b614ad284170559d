internal import SQLiteKit
import SkycastModel

/// How `forecast_hours` stores what `hourly_forecasts` shows: the (source, model) pair as a
/// `forecast_series` id, the fetch of collected runs in `dedupe`, and the local date and hour as
/// a shift of the hour number (see `Schema.forecastHoursVersion`).
package enum ForecastHourColumns {
  /// The storage key, in order: run by run (issue time before valid time), so a new run's
  /// hours are stored together (see `Schema.issueOrderVersion`).
  package static let key = ["city_id", "series_id", "issued_at", "valid_at", "dedupe"]

  /// The key's columns in valid-time order: the order revisions read (one valid time's issues
  /// in turn; SQLite sorts for it) and the order the import writer binds its key in.
  package static let validTimeOrder = ["city_id", "series_id", "valid_at", "issued_at", "dedupe"]

  /// The local hour number of a row of `alias` (local time floored to the hour, from 1970).
  package static func localHour(_ alias: String) -> String {
    "((\(alias).valid_at - (\(alias).valid_at % 3600 + 3600) % 3600) / 3600 + \(alias).local_hour_shift)"
  }

  /// `valid_date` as the view computes it.
  package static func validDate(_ alias: String) -> String {
    "strftime('%Y-%m-%d', \(localHour(alias)) * 3600, 'unixepoch')"
  }

  /// `valid_hour` as the view computes it.
  package static func validHour(_ alias: String) -> String {
    "((\(localHour(alias)) % 24 + 24) % 24)"
  }

  /// `hourly_forecasts` with the storage key's `series_id` and `dedupe` and the `local_hour`
  /// number, as a subquery: SQLite flattens it, so `ORDER BY` the key streams the table in its
  /// own order and a column costs only where it is used.
  package static let keyedView = """
    (SELECT coalesce(h.fetch_id, h.dedupe) AS fetch_id, h.city_id, s.source, s.model,
      h.issued_at, h.valid_at, \(validDate("h")) AS valid_date, \(validHour("h")) AS valid_hour,
      h.lead_hours, \(WeatherVariable.with(.hourlyForecast).map { "h." + $0.column }.joined(separator: ", ")),
      h.series_id, h.dedupe, \(localHour("h")) AS local_hour
    FROM forecast_hours AS h JOIN forecast_series AS s ON s.id = h.series_id)
    """

  /// `local_hour_shift` for an instant whose local hour number is `localHour`.
  package static func shift(validAt: Int64, localHour: Int64) -> Int64 {
    localHour - WallClock.floorDivide(validAt, 3600).quotient
  }

  /// The local hour number range of the local dates `dates` (for filters on `valid_date`
  /// that compare integers instead of formatting a date per row).
  package static func localHours(_ dates: ClosedRange<LocalDate>) -> ClosedRange<Int64> {
    Int64(dates.lowerBound.dayNumber) * 24...Int64(dates.upperBound.dayNumber) * 24 + 23
  }
}

extension Store {
  /// The id of a (source, model) pair of hourly forecasts, added when new. Call inside a write
  /// transaction.
  package func forecastSeriesID(source: FetchSource, model: String) throws -> Int64 {
    let select = try database.cachedStatement(
      "SELECT id FROM forecast_series WHERE source = ? AND model = ?")
    defer { select.reset() }
    try select.bind([.text(source.rawValue), .text(model)])
    if try select.step(), let id = select.int64(0) { return id }
    try database.run(
      "INSERT INTO forecast_series (source, model) VALUES (?, ?)",
      [.text(source.rawValue), .text(model)])
    return database.lastInsertRowID
  }
}

extension Store {
  /// The columns of `hourly_forecasts` that are never NULL (the view's storage fills them in
  /// every row; a view itself declares no NOT NULL).
  public static let hourlyForecastKeyColumns: Set<String> = [
    "fetch_id", "city_id", "source", "model", "issued_at", "valid_at", "valid_date", "valid_hour",
    "lead_hours",
  ]
}
