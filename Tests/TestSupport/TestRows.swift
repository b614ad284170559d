import SkycastModel

import Store

/// The row inserts behind ``HistoryBuilder`` and ``HistoryWriter``: one statement per table,
/// local dates and hours computed with the city's zone as the real writers store them.
enum TestRows {
  /// `(", a, b", ", ?, ?")` for the sorted value columns, and their values in that order.
  private static func valueColumns(_ values: [String: Double?]) -> (
    names: String, marks: String, values: [StoreValue]
  ) {
    let names = values.keys.sorted()
    return (
      names.map { ", " + $0 }.joined(), String(repeating: ", ?", count: names.count),
      names.map { StoreValue(values[$0]!) }
    )
  }

  /// A fetch-log row; returns its id.
  static func fetch(
    _ store: Store, cityID: Int64, source: String, model: String, requestedAt: Int64,
    issuedAt: Int64?, status: String = "ok", httpStatus: Int? = nil, error: String? = nil,
    offset: Int? = nil
  ) throws -> Int64 {
    try store.run(
      """
      INSERT INTO fetches (city_id, source, model, requested_at, issued_at, status, http_status,
        error, utc_offset_seconds)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
      """,
      [
        .integer(cityID), .text(source), .text(model), .integer(requestedAt),
        StoreValue(issuedAt), .text(status), StoreValue(httpStatus.map(Int64.init)),
        StoreValue(error), StoreValue(offset.map(Int64.init)),
      ])
    return store.lastInsertedRowID
  }

  /// One hourly forecast row (through the `hourly_forecasts` view and its trigger).
  static func forecast(
    _ store: Store, fetchID: Int64, cityID: Int64, zone: CityTimeZone, source: String,
    model: String, issuedAt: Int64, validAt: Int64, _ values: [String: Double?]
  ) throws {
    let local = zone.local(validAt)
    let columns = valueColumns(values)
    try store.run(
      """
      INSERT INTO hourly_forecasts (fetch_id, city_id, source, model, issued_at, valid_at,
        valid_date, valid_hour, lead_hours\(columns.names))
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?\(columns.marks))
      """,
      [
        .integer(fetchID), .integer(cityID), .text(source), .text(model), .integer(issuedAt),
        .integer(validAt), .text(local.date.description), .integer(Int64(local.hour)),
        .integer((validAt - issuedAt) / 3600),
      ] + columns.values)
  }

  /// One daily forecast row.
  static func dailyForecast(
    _ store: Store, fetchID: Int64, cityID: Int64, source: String, model: String,
    issuedAt: Int64, date: String, leadDays: Int, _ values: [String: Double?]
  ) throws {
    let columns = valueColumns(values)
    try store.run(
      """
      INSERT INTO daily_forecasts (fetch_id, city_id, source, model, issued_at, date,
        lead_days\(columns.names))
      VALUES (?, ?, ?, ?, ?, ?, ?\(columns.marks))
      """,
      [
        .integer(fetchID), .integer(cityID), .text(source), .text(model), .integer(issuedAt),
        .text(date), .integer(Int64(leadDays)),
      ] + columns.values)
  }

  /// One hourly observation row.
  static func observedHour(
    _ store: Store, cityID: Int64, zone: CityTimeZone, source: String, validAt: Int64,
    _ values: [String: Double?]
  ) throws {
    let local = zone.local(validAt)
    let columns = valueColumns(values)
    try store.run(
      """
      INSERT INTO hourly_observations (city_id, source, valid_at, valid_date,
        valid_hour\(columns.names))
      VALUES (?, ?, ?, ?, ?\(columns.marks))
      """,
      [
        .integer(cityID), .text(source), .integer(validAt), .text(local.date.description),
        .integer(Int64(local.hour)),
      ] + columns.values)
  }

  /// One daily observation row.
  static func observedDay(
    _ store: Store, cityID: Int64, source: String, date: String, _ values: [String: Double?]
  ) throws {
    let columns = valueColumns(values)
    try store.run(
      """
      INSERT INTO daily_observations (city_id, source, date\(columns.names))
      VALUES (?, ?, ?\(columns.marks))
      """,
      [.integer(cityID), .text(source), .text(date)] + columns.values)
  }
}
