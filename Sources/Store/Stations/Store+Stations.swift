internal import SQLiteKit
import SkycastModel

/// The station catalogue cache and the city ↔ station links (schema version 8).
extension Store {
  /// Stores `stations` in the catalogue (replacing rows with the same provider and id), with
  /// the time the list was loaded. Call inside a write transaction.
  public func cacheStations(_ stations: [Station], loadedAt: Int64) throws {
    let statement = try database.prepare(
      """
      INSERT OR REPLACE INTO stations
        (provider, id, name, latitude, longitude, elevation, first_date, last_date, variables,
         loaded_at)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
      """)
    for station in stations {
      statement.reset()
      try statement.bind([
        .text(station.provider.rawValue), .text(station.id), .text(station.name),
        .real(station.latitude), .real(station.longitude),
        station.elevation.map(SQLiteValue.real) ?? .null,
        station.first.map { .text($0.description) } ?? .null,
        station.last.map { .text($0.description) } ?? .null,
        station.variables.isEmpty ? .null : .text(station.variables.joined(separator: ",")),
        .integer(loadedAt),
      ])
      _ = try statement.step()
    }
  }

  /// Per provider: how many stations the catalogue holds and when its list was last loaded.
  public func stationCatalogues() throws -> [(
    provider: StationProvider, count: Int, loadedAt: Int64
  )] {
    let statement = try database.prepare(
      "SELECT provider, count(*), max(loaded_at) FROM stations GROUP BY provider ORDER BY provider")
    var result: [(StationProvider, Int, Int64)] = []
    while try statement.step() {
      guard let provider = statement.text(0).flatMap(StationProvider.init(rawValue:)) else {
        continue
      }
      result.append((provider, Int(statement.int64(1) ?? 0), statement.int64(2) ?? 0))
    }
    return result
  }

  /// Catalogue stations within `radiusKm` of a point, nearest first (ties by provider and id),
  /// at most `limit`; only `provider`'s when given. A latitude band narrows the scan; the
  /// distance is the great circle's.
  public func stations(
    near latitude: Double, _ longitude: Double, radiusKm: Double, provider: StationProvider?,
    limit: Int
  ) throws -> [(station: Station, distanceKm: Double)] {
    let band = radiusKm / 111.0 + 0.01
    var sql = """
      SELECT provider, id, name, latitude, longitude, elevation, first_date, last_date, variables
      FROM stations WHERE latitude BETWEEN ? AND ?
      """
    var bindings: [SQLiteValue] = [.real(latitude - band), .real(latitude + band)]
    if let provider {
      sql += " AND provider = ?"
      bindings.append(.text(provider.rawValue))
    }
    let statement = try database.prepare(sql)
    try statement.bind(bindings)
    var found: [(Station, Double)] = []
    while try statement.step() {
      guard let station = Self.station(statement) else { continue }
      let distance = GreatCircle.kilometres(
        latitude, longitude, station.latitude, station.longitude)
      if distance <= radiusKm { found.append((station, distance)) }
    }
    found.sort {
      ($0.1, $0.0.provider.rawValue, $0.0.id) < ($1.1, $1.0.provider.rawValue, $1.0.id)
    }
    return Array(found.prefix(max(0, limit)))
  }

  /// The catalogue's station `id` of `provider`, nil when it is not cached.
  public func cachedStation(provider: StationProvider, id: String) throws -> Station? {
    let statement = try database.prepare(
      """
      SELECT provider, id, name, latitude, longitude, elevation, first_date, last_date, variables
      FROM stations WHERE provider = ? AND id = ?
      """)
    try statement.bind([.text(provider.rawValue), .text(id)])
    return try statement.step() ? Self.station(statement) : nil
  }

  /// Links a station to a city, replacing an earlier link of the same station; a default link
  /// clears the city's other default (one default per city). Call inside a write transaction.
  public func link(_ link: StationLink, at now: Int64) throws {
    if link.isDefault {
      try database.run(
        "UPDATE station_links SET is_default = 0 WHERE city_id = ?", [.integer(link.cityID)])
    }
    let station = link.station
    try database.run(
      """
      INSERT OR REPLACE INTO station_links
        (city_id, provider, station_id, name, latitude, longitude, elevation, distance_km,
         elevation_difference_m, is_default, linked_at)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
      """,
      [
        .integer(link.cityID), .text(station.provider.rawValue), .text(station.id),
        .text(station.name), .real(station.latitude), .real(station.longitude),
        station.elevation.map(SQLiteValue.real) ?? .null, .real(link.distanceKm),
        link.elevationDifference.map(SQLiteValue.real) ?? .null,
        .integer(link.isDefault ? 1 : 0), .integer(now),
      ])
  }

  /// Removes a link; true when there was one.
  public func unlink(cityID: Int64, provider: StationProvider, stationID: String) throws -> Bool {
    try database.run(
      "DELETE FROM station_links WHERE city_id = ? AND provider = ? AND station_id = ?",
      [.integer(cityID), .text(provider.rawValue), .text(stationID)])
    return database.changes > 0
  }

  /// The stations linked to `cityID` (all cities when nil), default first, then by distance.
  public func stationLinks(cityID: Int64? = nil) throws -> [StationLink] {
    var sql = """
      SELECT provider, station_id, name, latitude, longitude, elevation, NULL, NULL, NULL,
        city_id, distance_km, elevation_difference_m, is_default
      FROM station_links
      """
    var bindings: [SQLiteValue] = []
    if let cityID {
      sql += " WHERE city_id = ?"
      bindings.append(.integer(cityID))
    }
    let statement = try database.prepare(
      sql + " ORDER BY city_id, is_default DESC, distance_km, provider, station_id")
    try statement.bind(bindings)
    var links: [StationLink] = []
    while try statement.step() {
      guard let station = Self.station(statement), let city = statement.int64(9) else {
        continue
      }
      links.append(
        StationLink(
          cityID: city, station: station, distanceKm: statement.double(10) ?? 0,
          elevationDifference: statement.double(11), isDefault: statement.int64(12) == 1))
    }
    return links
  }

  /// The station a row of the catalogue's column order describes.
  private static func station(_ statement: Statement) -> Station? {
    guard let provider = statement.text(0).flatMap(StationProvider.init(rawValue:)),
      let id = statement.text(1), let latitude = statement.double(3),
      let longitude = statement.double(4)
    else { return nil }
    return Station(
      provider: provider, id: id, name: statement.text(2) ?? "", latitude: latitude,
      longitude: longitude, elevation: statement.double(5),
      first: statement.text(6).flatMap(LocalDate.init),
      last: statement.text(7).flatMap(LocalDate.init),
      variables: statement.text(8).map { $0.split(separator: ",").map(String.init) } ?? [])
  }
}
