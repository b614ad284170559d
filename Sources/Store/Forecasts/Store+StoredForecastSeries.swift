internal import SQLiteKit
import SkycastModel

extension Store {
  /// The distinct (source, model) pairs of the hourly or daily forecasts, found by seeking the
  /// `(city_id, source, model, …)` index city by city rather than scanning millions of rows.
  ///
  /// - Parameter cityIDs: only these cities' forecasts; empty for every city.
  package func storedForecastSeries(daily: Bool, cityIDs: [Int64] = []) throws
    -> [(source: FetchSource, model: String)]
  {
    let chosen = try cities().filter { cityIDs.isEmpty || cityIDs.contains($0.id) }
    if !daily { return try hourlyForecastSeries(cities: chosen) }
    let next = try database.prepare(
      """
      SELECT source, model FROM daily_forecasts
      WHERE city_id = ?1 AND (source, model) > (?2, ?3)
      ORDER BY city_id, source, model LIMIT 1
      """)
    var found = Set<[String]>()
    for city in chosen {
      var source = ""
      var model = ""
      while true {
        next.reset()
        try next.bind([.integer(city.id), .text(source), .text(model)])
        guard try next.step(), let nextSource = next.text(0), let nextModel = next.text(1) else {
          break
        }
        found.insert([nextSource, nextModel])
        (source, model) = (nextSource, nextModel)
      }
    }
    return found.sorted { $0.lexicographicallyPrecedes($1) }.map {
      (FetchSource(rawValue: $0[0]), $0[1])
    }
  }

  /// The (source, model) pairs with stored hourly rows: the series ids found by seeking the
  /// primary key city by city (a pair can outlive its rows after a prune).
  private func hourlyForecastSeries(cities: [City]) throws -> [(source: FetchSource, model: String)]
  {
    let next = try database.prepare(
      """
      SELECT series_id FROM forecast_hours WHERE city_id = ?1 AND series_id > ?2
      ORDER BY city_id, series_id LIMIT 1
      """)
    var ids = Set<Int64>()
    for city in cities {
      var last: Int64 = .min
      while true {
        next.reset()
        try next.bind([.integer(city.id), .integer(last)])
        guard try next.step(), let id = next.int64(0) else { break }
        ids.insert(id)
        last = id
      }
    }
    var found: [(source: FetchSource, model: String)] = []
    for row in try database.query("SELECT id, source, model FROM forecast_series") {
      guard let id = row[0].int64Value, ids.contains(id), let source = row[1].stringValue,
        let model = row[2].stringValue
      else { continue }
      found.append((FetchSource(rawValue: source), model))
    }
    return found.sorted { ($0.source.rawValue, $0.model) < ($1.source.rawValue, $1.model) }
  }
}
