import Foundation
import SQLiteKit
import SkycastModel
import Store

/// Writes forecast and observation rows straight into a store with SQL, for tests that need an
/// exact, hand-checkable history (verification scores, revisions) without the network.
///
/// Local dates and hours are computed with the city's zone as the real writers do; each
/// (city, source, model, issue time) gets one `fetches` row, as `collect` would write.
public final class HistoryWriter {
  public let store: Store
  private var fetchIDs: [String: Int64] = [:]
  private var zones: [Int64: CityTimeZone] = [:]

  public init(store: Store) {
    self.store = store
  }

  /// Saves a city with a fixed id and returns the id.
  @discardableResult
  public func city(_ id: Int64, _ name: String, timezone: String = "UTC", admin1: String? = nil)
    throws -> Int64
  {
    try store.database.run(
      "INSERT INTO cities (id, name, admin1, latitude, longitude, timezone, added_at) VALUES (?, ?, ?, 0, 0, ?, 0)",
      [.integer(id), .text(name), SQLiteValue(admin1), .text(timezone)])
    zones[id] = CityTimeZone(identifier: timezone) ?? .utc
    return id
  }

  /// One hourly forecast row: `values` maps column names to values (nil = NULL).
  public func forecast(
    city: Int64, source: String = "forecast", model: String = "best_match", issuedAt: Int64,
    lead: Int64, _ values: [String: Double?]
  ) throws {
    let validAt = issuedAt + lead * 3600
    let local = zone(city).local(validAt)
    let fetchID = try fetch(city: city, source: source, model: model, issuedAt: issuedAt)
    let names = values.keys.sorted()
    try store.database.run(
      """
      INSERT INTO hourly_forecasts (fetch_id, city_id, source, model, issued_at, valid_at,
        valid_date, valid_hour, lead_hours\(names.map { ", " + $0 }.joined()))
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?\(String(repeating: ", ?", count: names.count)))
      """,
      [
        .integer(fetchID), .integer(city), .text(source), .text(model), .integer(issuedAt),
        .integer(validAt), .text(local.date.description), .integer(Int64(local.hour)),
        .integer(lead),
      ] + names.map { SQLiteValue(values[$0]!) })
  }

  /// One hourly observation row.
  public func observation(
    city: Int64, source: String = "era5", validAt: Int64, _ values: [String: Double?]
  ) throws {
    let local = zone(city).local(validAt)
    let names = values.keys.sorted()
    try store.database.run(
      """
      INSERT INTO hourly_observations (city_id, source, valid_at, valid_date, valid_hour\(names.map { ", " + $0 }.joined()))
      VALUES (?, ?, ?, ?, ?\(String(repeating: ", ?", count: names.count)))
      """,
      [
        .integer(city), .text(source), .integer(validAt), .text(local.date.description),
        .integer(Int64(local.hour)),
      ]
        + names.map { SQLiteValue(values[$0]!) })
  }

  /// One daily forecast row; `lead_days` = local valid date − local issue date.
  public func dailyForecast(
    city: Int64, source: String = "forecast", model: String = "best_match", issuedAt: Int64,
    date: String, _ values: [String: Double?]
  ) throws {
    guard let valid = LocalDate(date) else { throw InvalidInput("bad date \(date)") }
    let lead = zone(city).localDate(issuedAt).days(to: valid)
    let fetchID = try fetch(city: city, source: source, model: model, issuedAt: issuedAt)
    let names = values.keys.sorted()
    try store.database.run(
      """
      INSERT INTO daily_forecasts (fetch_id, city_id, source, model, issued_at, date, lead_days\(names.map { ", " + $0 }.joined()))
      VALUES (?, ?, ?, ?, ?, ?, ?\(String(repeating: ", ?", count: names.count)))
      """,
      [
        .integer(fetchID), .integer(city), .text(source), .text(model), .integer(issuedAt),
        .text(date), .integer(Int64(lead)),
      ]
        + names.map { SQLiteValue(values[$0]!) })
  }

  /// One daily observation row.
  public func dailyObservation(
    city: Int64, source: String = "era5", date: String, _ values: [String: Double?]
  ) throws {
    let names = values.keys.sorted()
    try store.database.run(
      """
      INSERT INTO daily_observations (city_id, source, date\(names.map { ", " + $0 }.joined()))
      VALUES (?, ?, ?\(String(repeating: ", ?", count: names.count)))
      """,
      [.integer(city), .text(source), .text(date)] + names.map { SQLiteValue(values[$0]!) })
  }

  private func zone(_ city: Int64) -> CityTimeZone { zones[city] ?? .utc }

  private func fetch(city: Int64, source: String, model: String, issuedAt: Int64) throws -> Int64 {
    let key = "\(city)|\(source)|\(model)|\(issuedAt)"
    if let id = fetchIDs[key] { return id }
    try store.database.run(
      """
      INSERT INTO fetches (city_id, source, model, requested_at, issued_at, status)
      VALUES (?, ?, ?, ?, ?, 'ok')
      """,
      [
        .integer(city),
        .text(source == "forecast" || source == "previous-runs" ? source : "import:" + source),
        .text(model), .integer(issuedAt), .integer(issuedAt),
      ])
    let id = store.database.lastInsertRowID
    fetchIDs[key] = id
    return id
  }
}
