internal import SQLiteKit
import SkycastModel

extension Store {
  // MARK: - Writers

  /// A writer for `hourly_observations` rows with the given variable columns: one row per
  /// (city, source, valid_at), NULL never overwrites, `fetch_id`/`fetched_at` move only on a change.
  package func hourlyObservationWriter(variables: [WeatherVariable]) -> RowUpsert {
    RowUpsert(
      database: database, table: "hourly_observations", key: ["city_id", "source", "valid_at"],
      derived: ["valid_date", "valid_hour"], values: variables,
      provenance: ["fetch_id", "fetched_at"])
  }

  /// A writer for `daily_observations` rows: one row per (city, source, date).
  package func dailyObservationWriter(variables: [WeatherVariable]) -> RowUpsert {
    RowUpsert(
      database: database, table: "daily_observations", key: ["city_id", "source", "date"],
      derived: [], values: variables, provenance: ["fetch_id", "fetched_at"])
  }

  /// A writer for imported hourly forecast rows (`forecast_hours`), keyed (city, series,
  /// valid_at, issued_at) with `dedupe` 0 like every non-`forecast` source; callers bind the key
  /// in that order.
  package func hourlyForecastWriter(variables: [WeatherVariable]) -> RowUpsert {
    RowUpsert(
      database: database, table: "forecast_hours", key: ForecastHourColumns.validTimeOrder,
      derived: ["local_hour_shift", "lead_hours"], values: variables, provenance: ["fetch_id"])
  }

  /// A writer for imported `daily_forecasts` rows, keyed (city, source, model, issued_at, date).
  package func dailyForecastWriter(variables: [WeatherVariable]) -> RowUpsert {
    RowUpsert(
      database: database, table: "daily_forecasts",
      key: ["city_id", "source", "model", "issued_at", "date"], derived: ["lead_days"],
      values: variables, provenance: ["fetch_id"],
      guardClause: "source <> \(FetchSource.forecast.sqlLiteral)")
  }

  // MARK: - Decoded archive responses

  /// Stores the hourly and daily observations of one decoded archive location. Rows whose
  /// values are all NULL (hours the archive has not processed yet) are not stored: a later
  /// fetch inserts them. Call inside a write transaction, after inserting the fetch row.
  ///
  /// - Parameters:
  ///   - model: the model the decoder stored the columns under (`era5`, `best_match`).
  ///   - source: the `source` of the rows (`era5`, `archive`).
  ///   - fetchedAt: the request time, written to `fetched_at` on every row this fetch changes.
  public func upsertObservations(
    _ location: LocationBlock, model: String, city: City, source: FetchSource, fetchID: Int64,
    fetchedAt: Int64
  ) throws -> ObservationCounts {
    var counts = ObservationCounts()
    if let hourly = location.hourly {
      counts.hourly = try upsertHourlyObservations(
        hourly, model: model, cityID: city.id, source: source, zone: city.zone, fetchID: fetchID,
        fetchedAt: fetchedAt)
    }
    if let daily = location.daily {
      counts.daily = try upsertDailyObservations(
        daily, model: model, cityID: city.id, source: source, fetchID: fetchID,
        fetchedAt: fetchedAt)
    }
    return counts
  }

  /// Hourly rows of a decoded series; `valid_date`/`valid_hour` in the city's zone.
  public func upsertHourlyObservations(
    _ series: SeriesBlock, model: String, cityID: Int64, source: FetchSource, zone: CityTimeZone,
    fetchID: Int64, fetchedAt: Int64
  ) throws -> UpsertCounts {
    let present = WeatherVariable.with(.hourlyObservation).compactMap { variable in
      series.columns[SeriesKey(variable, model: model)].map { (variable, $0) }
    }
    guard !present.isEmpty else { return UpsertCounts() }
    let writer = hourlyObservationWriter(variables: present.map(\.0))
    var localDays = LocalDayCache(zone: zone)
    let provenance: [SQLiteValue] = [.integer(fetchID), .integer(fetchedAt)]
    var counts = UpsertCounts()
    for (row, validAt) in series.instants.enumerated() {
      let values = present.map { $0.1[row] }
      guard values.contains(where: { $0 != nil }) else { continue }
      let local = localDays.local(validAt)
      counts.record(
        try writer.upsert(
          key: [.integer(cityID), .text(source.rawValue), .integer(validAt)],
          derived: [.text(local.date), .integer(Int64(local.hour))], values: values,
          provenance: provenance))
    }
    return counts
  }

  /// Daily rows of a decoded series (dates are already the city's local dates).
  public func upsertDailyObservations(
    _ series: SeriesBlock, model: String, cityID: Int64, source: FetchSource, fetchID: Int64,
    fetchedAt: Int64
  ) throws -> UpsertCounts {
    let present = WeatherVariable.with(.dailyObservation).compactMap { variable in
      series.columns[SeriesKey(variable, model: model)].map { (variable, $0) }
    }
    guard !present.isEmpty else { return UpsertCounts() }
    let writer = dailyObservationWriter(variables: present.map(\.0))
    let provenance: [SQLiteValue] = [.integer(fetchID), .integer(fetchedAt)]
    var counts = UpsertCounts()
    for (row, date) in series.dates.enumerated() {
      let values = present.map { $0.1[row] }
      guard values.contains(where: { $0 != nil }) else { continue }
      counts.record(
        try writer.upsert(
          key: [.integer(cityID), .text(source.rawValue), .text(date.description)], derived: [],
          values: values, provenance: provenance))
    }
    return counts
  }
}
