import TestSupport
import Testing

@testable import Store
@testable import Views

@Suite struct ObservationSourceTests {
  func store(sources: [(city: Int64, source: String)], daily: Bool = false) throws -> Store {
    let store = try Store(path: ":memory:")
    for id in Set(sources.map(\.city)) {
      try store.database.run(
        "INSERT INTO cities (id, name, latitude, longitude, added_at) VALUES (?, ?, 0, 0, 0)",
        [.integer(id), .text("c\(id)")])
    }
    for (index, entry) in sources.enumerated() {
      if daily {
        try store.database.run(
          "INSERT INTO daily_observations (city_id, source, date) VALUES (?, ?, ?)",
          [.integer(entry.city), .text(entry.source), .text("2026-03-\(10 + index)")])
      } else {
        try store.database.run(
          "INSERT INTO hourly_observations (city_id, source, valid_at, valid_date, valid_hour) VALUES (?, ?, ?, '2026-03-20', 0)",
          [.integer(entry.city), .text(entry.source), .integer(Int64(index) * 3600)])
      }
    }
    return store
  }

  /// era5 when present, else the only source; none or several others are errors.
  @Test("picks era5, else the only source")
  func rule() throws {
    #expect(
      try store(sources: [(1, "station"), (1, "era5"), (2, "other")]).resolveObservationSource(
        nil, daily: false)
        == "era5")
    #expect(
      try store(sources: [(1, "station")]).resolveObservationSource(nil, daily: false) == "station")
    #expect(throws: ObservationSourceError.none(cities: [])) {
      try store(sources: []).resolveObservationSource(nil, daily: false)
    }
    #expect(throws: ObservationSourceError.ambiguous(["a", "b"])) {
      try store(sources: [(1, "b"), (1, "a")]).resolveObservationSource(nil, daily: false)
    }
    let perCity = try store(sources: [(1, "era5"), (2, "station")])
    #expect(try perCity.resolveObservationSource(nil, cityIDs: [2]) == "station")
    #expect(
      try store(sources: [(1, "x")], daily: true).resolveObservationSource(nil, daily: true) == "x")
    #expect(throws: ObservationSourceError.none(cities: [])) {
      try store(sources: [(1, "x")], daily: true).resolveObservationSource(nil, daily: false)
    }
    #expect(
      ObservationSourceError.ambiguous(["a", "b"]).description.hasSuffix(
        "choose one with --series observed:NAME (e.g. --series observed:a)"))
  }

  /// Hourly series fill their slots; missing hours are nil; off-hour values fill an empty slot.
  @Test("hourly series fill slots and keep gaps")
  func series() throws {
    let store = try store(sources: [])
    try store.database.run(
      "INSERT INTO cities (id, name, latitude, longitude, timezone, added_at) VALUES (1, 'c', 0, 0, 'UTC', 0)"
    )
    try store.database.run(
      """
      INSERT INTO hourly_observations (city_id, source, valid_at, valid_date, valid_hour, temperature_2m)
      VALUES (1, 's', 0, '1970-01-01', 0, 1.5), (1, 's', 7200, '1970-01-01', 2, NULL),
             (1, 's', 9000, '1970-01-01', 2, 7), (1, 's', 10800, '1970-01-01', 3, 4),
             (1, 's', 12600, '1970-01-01', 3, 99), (1, 'other', 3600, '1970-01-01', 1, 5)
      """)
    let city = try #require(try store.city(id: 1))
    let resolved = try SeriesSelection.observed(source: .imported("s")).resolve(
      in: store, daily: false, cityIDs: [1])
    #expect(
      resolved
        == ResolvedSeries(
          table: "hourly_observations", source: .imported("s"), model: nil, daily: false))
    let series = try SeriesQuery.hourly(
      store: store, city: city, variable: .temperature2m, series: resolved, range: 0..<18_000)
    #expect(series.instants == [0, 3600, 7200, 10_800, 14_400])
    #expect(series.values == [1.5, nil, 7, 4, nil])
    #expect(series.spark.name == "c" && series.spark.unit == "°C" && series.spark.decimals == 1)
  }
}
