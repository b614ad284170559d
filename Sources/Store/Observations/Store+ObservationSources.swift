internal import SQLiteKit
import SkycastModel

extension Store {
  /// The default observation source when several could apply: ERA5, as `observe` stores it.
  public static let defaultObservationSource = FetchSource.era5.rawValue

  /// The distinct observation sources stored, sorted.
  ///
  /// - Parameters:
  ///   - daily: only `daily_observations` (true), only `hourly_observations` (false), or both (nil).
  ///   - cityIDs: only these cities (empty for all).
  ///   - variable: only sources holding a value of this variable (its table is then implied).
  public func observationSources(
    daily: Bool? = nil, cityIDs: [Int64] = [], holding variable: WeatherVariable? = nil
  ) throws -> [String] {
    let daily = variable.map { $0.frequency == .daily } ?? daily
    let tables =
      daily.map { [$0 ? "daily_observations" : "hourly_observations"] }
      ?? ["hourly_observations", "daily_observations"]
    var sources = Set<String>()
    for table in tables {
      var conditions: [String] = []
      if let variable { conditions.append("\(variable.column) IS NOT NULL") }
      if !cityIDs.isEmpty {
        conditions.append("city_id IN (" + cityIDs.map { _ in "?" }.joined(separator: ", ") + ")")
      }
      var sql = "SELECT DISTINCT source FROM \(table)"
      if !conditions.isEmpty { sql += " WHERE " + conditions.joined(separator: " AND ") }
      for row in try database.query(sql, cityIDs.map { .integer($0) }) {
        if let source = row[0].stringValue { sources.insert(source) }
      }
    }
    return sources.sorted()
  }

  /// The observation source to use: `requested` when it is stored, else `era5` when stored, else
  /// the only stored source. The one place this rule lives (`--series observed`, `--obs`,
  /// `export observations`).
  ///
  /// - Parameters:
  ///   - variable: choose among sources holding a value of this variable (`verify`: ERA5 has no
  ///     UV index, so station UV data is the default there).
  /// - Throws: `ObservationSourceError` for an unknown or ambiguous source, or when nothing is
  ///   stored.
  public func resolveObservationSource(
    _ requested: String?, daily: Bool? = nil, cityIDs: [Int64] = [],
    holding variable: WeatherVariable? = nil
  ) throws -> String {
    if let requested {
      let stored = try observationSources(daily: variable.map { $0.frequency == .daily } ?? daily)
      guard stored.contains(requested) else {
        throw ObservationSourceError.unknown(requested, available: stored)
      }
      return requested
    }
    let available = try observationSources(daily: daily, cityIDs: cityIDs, holding: variable)
    if available.contains(Self.defaultObservationSource) { return Self.defaultObservationSource }
    switch available.count {
    case 0:
      let names = try cities().filter { cityIDs.contains($0.id) }.map(\.name)
      throw ObservationSourceError.none(cities: names)
    case 1: return available[0]
    default: throw ObservationSourceError.ambiguous(available)
    }
  }

  /// Rows per observation source for `cityIDs` (all cities when empty), in the daily or the
  /// hourly table, or both when `daily` is nil.
  public func observationRowCounts(daily: Bool?, cityIDs: [Int64]) throws -> [String: Int64] {
    let tables =
      daily.map { [$0 ? "daily_observations" : "hourly_observations"] }
      ?? ["hourly_observations", "daily_observations"]
    var counts: [String: Int64] = [:]
    for table in tables {
      var sql = "SELECT source, count(*) FROM \(table)"
      if !cityIDs.isEmpty {
        sql += " WHERE city_id IN (" + cityIDs.map { _ in "?" }.joined(separator: ", ") + ")"
      }
      for row in try database.query(sql + " GROUP BY source", cityIDs.map { .integer($0) }) {
        if let source = row[0].stringValue { counts[source, default: 0] += row[1].int64Value ?? 0 }
      }
    }
    return counts
  }

  /// For each observation source holding `variable`, how many of its values fall inside the
  /// span of the stored forecasts of the same city (hours, or days for a daily variable): how
  /// well it covers what there is to verify. Sources without such a value are left out.
  public func observationOverlap(variable: WeatherVariable, cityIDs: [Int64] = []) throws
    -> [String: Int64]
  {
    let daily = variable.frequency == .daily
    let cities =
      cityIDs.isEmpty
      ? "" : " WHERE city_id IN (" + cityIDs.map { _ in "?" }.joined(separator: ", ") + ")"
    let sql =
      daily
      ? """
      WITH f AS (SELECT city_id, min(date) AS lo, max(date) AS hi FROM daily_forecasts\(cities)
        GROUP BY city_id)
      SELECT o.source, count(*) FROM daily_observations AS o
      JOIN f ON f.city_id = o.city_id AND o.date BETWEEN f.lo AND f.hi
      WHERE o.\(variable.column) IS NOT NULL GROUP BY o.source
      """
      : """
      WITH f AS (SELECT city_id, min(valid_at) AS lo, max(valid_at) AS hi FROM forecast_hours\(cities)
        GROUP BY city_id)
      SELECT o.source, count(*) FROM hourly_observations AS o
      JOIN f ON f.city_id = o.city_id AND o.valid_at BETWEEN f.lo AND f.hi
      WHERE o.\(variable.column) IS NOT NULL GROUP BY o.source
      """
    var overlap: [String: Int64] = [:]
    for row in try database.query(sql, cityIDs.map { .integer($0) }) {
      if let source = row[0].stringValue { overlap[source] = row[1].int64Value ?? 0 }
    }
    return overlap
  }

  /// Each observation source stored for `cityIDs` (all cities when empty) in the hourly or the
  /// daily table: its first and last local date and its rows, by source: what `verify` lists
  /// when no pair matched, so the user sees which `--obs` covers the forecasts.
  package func observationCoverage(daily: Bool, cityIDs: [Int64]) throws -> [(
    source: FetchSource, first: String, last: String, rows: Int64
  )] {
    let date = daily ? "date" : "valid_date"
    var sql =
      "SELECT source, min(\(date)), max(\(date)), count(*) FROM \(daily ? "daily_observations" : "hourly_observations")"
    if !cityIDs.isEmpty {
      sql += " WHERE city_id IN (" + cityIDs.map { _ in "?" }.joined(separator: ", ") + ")"
    }
    return try database.query(
      sql + " GROUP BY source ORDER BY source", cityIDs.map { .integer($0) }
    )
    .compactMap { row in
      guard let source = row[0].stringValue else { return nil }
      return (
        FetchSource(rawValue: source), row[1].stringValue ?? "", row[2].stringValue ?? "",
        row[3].int64Value ?? 0
      )
    }
  }
}
