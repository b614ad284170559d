internal import SQLiteKit
import SkycastModel

/// The columns of one upserted row other than its variable values, named per table: the Store
/// alone knows each table's column order, so a writer above it (Import) fills in fields rather
/// than building value arrays in the schema's order.
package enum UpsertRow: Sendable, Equatable {
  /// An `hourly_observations` row (`fetchID` nil for rows no fetch log row names).
  case hourlyObservation(
    cityID: Int64, source: FetchSource, validAt: Int64, localDate: String, localHour: Int,
    fetchID: Int64?, fetchedAt: Int64?)
  /// A `daily_observations` row.
  case dailyObservation(
    cityID: Int64, source: FetchSource, date: String, fetchID: Int64, fetchedAt: Int64)
  /// A `forecast_hours` row of a source that keeps one row per key (`dedupe` 0).
  case hourlyForecast(
    cityID: Int64, seriesID: Int64, validAt: Int64, issuedAt: Int64, localHourShift: Int64,
    leadHours: Int64, fetchID: Int64)
  /// A `daily_forecasts` row.
  case dailyForecast(
    cityID: Int64, source: FetchSource, model: String, issuedAt: Int64, date: String,
    leadDays: Int64,
    fetchID: Int64)

  /// Key, derived and provenance columns in the order of the writer that stores this kind
  /// (`Store.hourlyObservationWriter` and its siblings).
  var columns: (key: [SQLiteValue], derived: [SQLiteValue], provenance: [SQLiteValue]) {
    switch self {
    case .hourlyObservation(
      let city, let source, let validAt, let date, let hour, let fetch, let at):
      (
        [.integer(city), .text(source.rawValue), .integer(validAt)],
        [.text(date), .integer(Int64(hour))], [.init(fetch), .init(at)]
      )
    case .dailyObservation(let city, let source, let date, let fetch, let at):
      ([.integer(city), .text(source.rawValue), .text(date)], [], [.integer(fetch), .integer(at)])
    case .hourlyForecast(
      let city, let series, let validAt, let issuedAt, let shift, let lead, let fetch):
      (
        [.integer(city), .integer(series), .integer(validAt), .integer(issuedAt), .integer(0)],
        [.integer(shift), .integer(lead)], [.integer(fetch)]
      )
    case .dailyForecast(
      let city, let source, let model, let issuedAt, let date, let lead, let fetch):
      (
        [.integer(city), .text(source.rawValue), .text(model), .integer(issuedAt), .text(date)],
        [.integer(lead)], [.integer(fetch)]
      )
    }
  }
}
