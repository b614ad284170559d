import Testing

@testable import Store

/// One row per key: a NULL never overwrites, a value fills a NULL or replaces a different value,
/// and fetch_id/fetched_at follow the last write that changed something.
@Suite struct RowUpsertTests {
  static func store() throws -> Store {
    let store = try Store(path: ":memory:")
    try store.database.run(
      "INSERT INTO cities (id, name, latitude, longitude, added_at) VALUES (1, 'X', 0, 0, 0)")
    return store
  }

  static func row(_ store: Store) throws -> [String] {
    try store.database.query(
      "SELECT temperature_2m, precipitation, weather_code, fetch_id, fetched_at FROM hourly_observations"
    ).flatMap { $0.values.map(\.description) }
  }

  @Test("inserts, fills NULLs, keeps values against NULL, and moves provenance only on change")
  func observations() throws {
    let store = try Self.store()
    let writer = store.hourlyObservationWriter(variables: [
      .temperature2m, .precipitation, .weatherCode,
    ])
    func upsert(_ values: [Double?], fetch: Int64) throws -> UpsertOutcome {
      try writer.upsert(
        key: [.integer(1), .text("era5"), .integer(3600)],
        derived: [.text("1970-01-01"), .integer(1)],
        values: values, provenance: [.integer(fetch), .integer(fetch * 100)])
    }
    #expect(try upsert([1.5, nil, 3], fetch: 1) == .inserted)
    #expect(try Self.row(store) == ["1.5", "NULL", "3", "1", "100"])
    #expect(try upsert([1.5, nil, 3.0], fetch: 2) == .unchanged)
    #expect(try upsert([nil, nil, nil], fetch: 3) == .unchanged)
    #expect(try Self.row(store) == ["1.5", "NULL", "3", "1", "100"])
    #expect(try upsert([nil, 0.2, nil], fetch: 4) == .updated)
    #expect(try Self.row(store) == ["1.5", "0.2", "3", "4", "400"])
    #expect(try upsert([1.75, nil, 3], fetch: 5) == .updated)
    #expect(try Self.row(store) == ["1.75", "0.2", "3", "5", "500"])
    #expect(try store.database.scalarInt("SELECT count(*) FROM hourly_observations") == 1)
  }

  /// Imported forecasts are keyed (city, series, valid_at, issued_at) with `dedupe` 0; a
  /// re-import with a new fetch id changes nothing.
  @Test("forecast rows upsert on their key across fetch ids")
  func forecasts() throws {
    let store = try Self.store()
    let writer = store.hourlyForecastWriter(variables: [.temperature2m])
    let series = try store.forecastSeriesID(source: .imported("qweather"), model: "qweather")
    func upsert(_ value: Double?, fetch: Int64) throws -> UpsertOutcome {
      try writer.upsert(
        key: [.integer(1), .integer(series), .integer(86_400), .integer(0), .integer(0)],
        derived: [.integer(0), .integer(24)], values: [value], provenance: [.integer(fetch)])
    }
    #expect(try upsert(2, fetch: 1) == .inserted)
    #expect(try upsert(2, fetch: 2) == .unchanged)
    #expect(try upsert(nil, fetch: 3) == .unchanged)
    #expect(try upsert(2.5, fetch: 4) == .updated)
    #expect(
      try store.database.query("SELECT fetch_id, temperature_2m, lead_hours FROM hourly_forecasts")
        .map { $0.values.map(\.description) } == [["4", "2.5", "24"]])
  }
}
