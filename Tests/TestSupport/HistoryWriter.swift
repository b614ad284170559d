import Foundation
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
    try store.run(
      "INSERT INTO cities (id, name, admin1, latitude, longitude, timezone, added_at) VALUES (?, ?, ?, 0, 0, ?, 0)",
      [.integer(id), .text(name), StoreValue(admin1), .text(timezone)])
    zones[id] = CityTimeZone(identifier: timezone) ?? .utc
    return id
  }

  /// One hourly forecast row: `values` maps column names to values (nil = NULL).
  public func forecast(
    city: Int64, source: String = "forecast", model: String = "best_match", issuedAt: Int64,
    lead: Int64, _ values: [String: Double?]
  ) throws {
    try TestRows.forecast(
      store, fetchID: try fetch(city: city, source: source, model: model, issuedAt: issuedAt),
      cityID: city, zone: zone(city), source: source, model: model, issuedAt: issuedAt,
      validAt: issuedAt + lead * 3600, values)
  }

  /// One hourly observation row.
  public func observation(
    city: Int64, source: String = "era5", validAt: Int64, _ values: [String: Double?]
  ) throws {
    try TestRows.observedHour(
      store, cityID: city, zone: zone(city), source: source, validAt: validAt, values)
  }

  /// One daily forecast row; `lead_days` = local valid date − local issue date.
  public func dailyForecast(
    city: Int64, source: String = "forecast", model: String = "best_match", issuedAt: Int64,
    date: String, _ values: [String: Double?]
  ) throws {
    guard let valid = LocalDate(date) else { throw InvalidInput("bad date \(date)") }
    try TestRows.dailyForecast(
      store, fetchID: try fetch(city: city, source: source, model: model, issuedAt: issuedAt),
      cityID: city, source: source, model: model, issuedAt: issuedAt, date: date,
      leadDays: zone(city).localDate(issuedAt).days(to: valid), values)
  }

  /// One daily observation row.
  public func dailyObservation(
    city: Int64, source: String = "era5", date: String, _ values: [String: Double?]
  ) throws {
    try TestRows.observedDay(store, cityID: city, source: source, date: date, values)
  }

  private func zone(_ city: Int64) -> CityTimeZone { zones[city] ?? .utc }

  private func fetch(city: Int64, source: String, model: String, issuedAt: Int64) throws -> Int64 {
    let key = "\(city)|\(source)|\(model)|\(issuedAt)"
    if let id = fetchIDs[key] { return id }
    let id = try TestRows.fetch(
      store, cityID: city,
      source: source == "forecast" || source == "previous-runs" ? source : "import:" + source,
      model: model, requestedAt: issuedAt, issuedAt: issuedAt)
    fetchIDs[key] = id
    return id
  }
}
