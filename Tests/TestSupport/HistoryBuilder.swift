import Foundation
import SkycastModel

import Store

/// Writes small, hand-chosen histories straight into a store (cities, fetch-log rows, hourly
/// forecasts, hourly and daily observations), so analysis tests control every value. Local
/// dates and hours are computed with the city's zone, as the ingest code stores them.
public struct HistoryBuilder {
  public let store: Store

  public init(store: Store) {
    self.store = store
  }

  /// Saves a city.
  @discardableResult
  public func city(_ name: String, timezone: String = "UTC") throws -> City {
    try store.addCity(City(name: name, latitude: 10, longitude: 20, timezone: timezone))
  }

  /// The instant of local wall time `hour`:00 on `date` (the earlier one when it occurs twice).
  public func instant(_ city: City, _ date: String, hour: Int) -> Int64 {
    let wall = LocalDate(date)!.midnightAsUTC + Int64(hour) * 3600
    switch city.zone.resolve(wallSeconds: wall) {
    case .unique(let instant), .overlap(let instant, _): return instant
    case .gap: return wall - Int64(city.zone.offset(at: wall))
    }
  }

  /// Every instant of a local day in order: 24 hours, or 23 / 25 on a DST change.
  public func hours(_ city: City, _ date: String) -> [Int64] {
    let day = LocalDate(date)!
    let start = city.zone.startOfDay(day)
    return (0..<city.zone.hoursInDay(day)).map { start + Int64($0) * 3600 }
  }

  /// A fetch-log row; returns its id.
  @discardableResult
  public func fetch(
    _ city: City, source: String = "forecast", model: String = "best_match",
    requestedAt: Int64, issuedAt: Int64? = nil, status: String = "ok", httpStatus: Int? = nil,
    error: String? = nil, offset: Int? = 0
  ) throws -> Int64 {
    try TestRows.fetch(
      store, cityID: city.id, source: source, model: model, requestedAt: requestedAt,
      issuedAt: issuedAt, status: status, httpStatus: httpStatus, error: error, offset: offset)
  }

  /// One hourly forecast row; `values` maps column names to values (nil = NULL).
  public func forecast(
    _ city: City, fetch: Int64, issuedAt: Int64, validAt: Int64, source: String = "forecast",
    model: String = "best_match", _ values: [String: Double?]
  ) throws {
    try TestRows.forecast(
      store, fetchID: fetch, cityID: city.id, zone: city.zone, source: source, model: model,
      issuedAt: issuedAt, validAt: validAt, values)
  }

  /// One hourly observation row.
  public func observedHour(
    _ city: City, validAt: Int64, source: String = "era5", _ values: [String: Double?]
  ) throws {
    try TestRows.observedHour(
      store, cityID: city.id, zone: city.zone, source: source, validAt: validAt, values)
  }

  /// One daily observation row.
  public func observedDay(
    _ city: City, date: String, source: String = "era5", _ values: [String: Double?]
  ) throws {
    try TestRows.observedDay(store, cityID: city.id, source: source, date: date, values)
  }
}

extension HistoryBuilder {
  /// A small but complete history for running every report: Berlin (Europe/Berlin) with two
  /// forecast fetches for 2026-03-20 (models best_match and ecmwf_ifs025), one failed fetch,
  /// and ERA5 hourly and daily observations for that day. Returns the city.
  @discardableResult
  public func smallHistory() throws -> City {
    let city = try self.city("Berlin", timezone: "Europe/Berlin")
    let issued = instant(city, "2026-03-19", hour: 6)
    for (model, bias) in [("best_match", 0.5), ("ecmwf_ifs025", -1.0)] {
      let fetch = try self.fetch(
        city, model: model, requestedAt: issued + 120, issuedAt: issued, offset: 3600)
      for (hour, validAt) in hours(city, "2026-03-20").enumerated() {
        let t = 5 + Double(hour) / 2
        try forecast(
          city, fetch: fetch, issuedAt: issued, validAt: validAt, model: model,
          [
            "temperature_2m": t + bias, "relative_humidity_2m": 70, "wind_speed_10m": 12,
            "wind_gusts_10m": 25, "precipitation": hour == 14 ? 0.4 : 0,
            "precipitation_probability": 30, "uv_index": hour == 13 ? 2.5 : 0.5,
          ])
      }
    }
    try fetch(
      city, requestedAt: issued + 7200, status: "failed", httpStatus: 503,
      error: "Too many concurrent requests", offset: nil)
    for (hour, validAt) in hours(city, "2026-03-20").enumerated() {
      try observedHour(
        city, validAt: validAt,
        ["temperature_2m": 5 + Double(hour) / 2, "wind_speed_10m": 10, "precipitation": 0])
    }
    try observedDay(city, date: "2026-03-20", ["precipitation_sum": 0])
    return city
  }
}
