internal import SQLiteKit
import SkycastModel

extension Store {
  package static let cityColumns =
    "id, name, country_code, country, admin1, latitude, longitude, elevation, timezone, geonames_id, population, added_at"

  /// Every saved city, by id.
  public func cities() throws -> [City] {
    try database.query("SELECT \(Self.cityColumns) FROM cities ORDER BY id").map(City.init(row:))
  }

  /// The city with this id.
  public func city(id: Int64) throws -> City? {
    try database.query("SELECT \(Self.cityColumns) FROM cities WHERE id = ?", [.integer(id)])
      .first.map(City.init(row:))
  }

  /// Saves a city and returns it with its new id. The same GeoNames id cannot be saved twice.
  @discardableResult
  public func addCity(_ city: City) throws -> City {
    try write {
      if let geonamesID = city.geonamesID,
        let existing = try database.query(
          "SELECT \(Self.cityColumns) FROM cities WHERE geonames_id = ?", [.integer(geonamesID)]
        ).first.map(City.init(row:))
      {
        throw CityChangeError.duplicateGeonames(existing: existing)
      }
      try database.run(
        """
        INSERT INTO cities (name, country_code, country, admin1, latitude, longitude, elevation,
          timezone, geonames_id, population, added_at)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        """,
        [
          .text(city.name), SQLiteValue(city.countryCode), SQLiteValue(city.country),
          SQLiteValue(city.admin1), .real(city.latitude), .real(city.longitude),
          SQLiteValue(city.elevation), SQLiteValue(city.timezone), SQLiteValue(city.geonamesID),
          SQLiteValue(city.population), .integer(city.addedAt),
        ])
      var saved = city
      saved.id = database.lastInsertRowID
      return saved
    }
  }

  /// Rows of history that refer to a city (forecasts, observations, fetches).
  public func historyCount(cityID: Int64) throws -> Int64 {
    var total: Int64 = 0
    for table in [
      "fetches", "hourly_forecasts", "daily_forecasts", "current_conditions", "hourly_observations",
      "daily_observations",
    ] {
      total +=
        try database.scalarInt(
          "SELECT count(*) FROM \(table) WHERE city_id = ?", [.integer(cityID)]) ?? 0
    }
    return total
  }

  /// Removes a city; with history it refuses unless `purge`, which deletes everything of the
  /// city in the same transaction.
  public func removeCity(_ city: City, purge: Bool) throws {
    try write {
      let rows = try historyCount(cityID: city.id)
      if rows > 0, !purge { throw CityChangeError.hasHistory(city, rows: rows) }
      for table in [
        "forecast_hours", "daily_forecasts", "current_conditions", "hourly_observations",
        "daily_observations", "fetches",
      ] {
        try database.run("DELETE FROM \(table) WHERE city_id = ?", [.integer(city.id)])
      }
      try database.run(
        "DELETE FROM settings WHERE key = 'last_city' AND value = ?", [.text(String(city.id))])
      try database.run("DELETE FROM cities WHERE id = ?", [.integer(city.id)])
    }
  }

  /// Sets a city's zone (the first forecast for a city saved without one).
  public func setTimezone(_ timezone: String, cityID: Int64) throws {
    try database.run(
      "UPDATE cities SET timezone = ? WHERE id = ? AND timezone IS NULL",
      [.text(timezone), .integer(cityID)])
  }

  /// Resolves a city reference: an id (all digits), an exact name (case-insensitive), or
  /// `Name, Admin1`. Ambiguous names list the candidates.
  public func resolveCity(_ reference: String) throws -> City {
    let trimmed = reference.trimmingCharacters(in: .whitespaces)
    let all = try cities()
    if !trimmed.isEmpty, trimmed.allSatisfy(\.isASCII), trimmed.allSatisfy(\.isNumber),
      let id = Int64(trimmed)
    {
      if let city = all.first(where: { $0.id == id }) { return city }
      throw CityReferenceError.unknown(reference)
    }
    let lowered = trimmed.lowercased()
    var matches = all.filter { $0.name.lowercased() == lowered }
    if matches.isEmpty, let comma = trimmed.lastIndex(of: ",") {
      let name = trimmed[..<comma].trimmingCharacters(in: .whitespaces).lowercased()
      let admin = trimmed[trimmed.index(after: comma)...].trimmingCharacters(in: .whitespaces)
        .lowercased()
      matches = all.filter {
        $0.name.lowercased() == name
          && ($0.admin1?.lowercased() == admin || $0.countryCode?.lowercased() == admin
            || $0.country?.lowercased() == admin)
      }
    }
    switch matches.count {
    case 0: throw CityReferenceError.unknown(reference)
    case 1: return matches[0]
    default: throw CityReferenceError.ambiguous(reference, candidates: matches)
    }
  }

  /// The cities named by `references`, or every saved city when none are given.
  public func resolveCities(_ references: [String]) throws -> [City] {
    if references.isEmpty {
      let all = try cities()
      if all.isEmpty { throw CityReferenceError.noCities }
      return all
    }
    var result: [City] = []
    for reference in references {
      let city = try resolveCity(reference)
      if !result.contains(where: { $0.id == city.id }) { result.append(city) }
    }
    return result
  }

  // MARK: - Settings

  public func setting(_ key: String) throws -> String? {
    try database.scalarText("SELECT value FROM settings WHERE key = ?", [.text(key)])
  }

  public func setSetting(_ key: String, _ value: String) throws {
    try database.run(
      "INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
      [.text(key), .text(value)])
  }
}
