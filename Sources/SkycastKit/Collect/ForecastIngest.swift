/// Stores one decoded forecast location for one city: the shared step of `collect`, `now
/// --refresh`, `demo` and the ingest benchmark, so all of them exercise the same code.
public enum ForecastIngest {
  /// Stores fetch rows (one per model) and their data rows in one transaction.
  ///
  /// - Parameters:
  ///   - minInterval: when given, the transaction first re-checks that no other run stored a
  ///     successful fetch of the city within this many seconds, and stores nothing if one did.
  /// - Returns: rows and fetch rows written, or nil when skipped by the re-check.
  public static func store(
    location: DecodedLocation, city: City, store: Store, requestedAt: Int64, url: String?,
    body: [UInt8], callWeight: Double?, models: [String], minInterval: Int?
  ) throws -> (rows: Int, fetches: Int)? {
    let issuedAt = requestedAt - ((requestedAt % 3600) + 3600) % 3600
    let hash = SHA256.hexDigest(body)
    return try store.write {
      if let minInterval,
        let last = try store.lastSuccessfulFetch(cityID: city.id, source: "forecast"),
        requestedAt - last < Int64(minInterval)
      {
        return nil
      }
      var city = city
      if city.timezone == nil, let zone = location.timezone, CityTimeZone(identifier: zone) != nil {
        try store.setTimezone(zone, cityID: city.id)
        city.timezone = zone
      }
      var rows = 0
      for model in models {
        var fetch = FetchRecord(
          cityID: city.id, source: "forecast", model: model, requestedAt: requestedAt,
          issuedAt: issuedAt, status: .ok, httpStatus: 200, url: url)
        fetch.utcOffsetSeconds = location.utcOffsetSeconds
        fetch.gridLatitude = location.latitude
        fetch.gridLongitude = location.longitude
        fetch.gridElevation = location.elevation
        fetch.callWeight = callWeight.map { $0 / Double(models.count) }
        fetch.bytes = body.count
        fetch.bodySHA256 = hash
        let fetchID = try store.insertFetch(fetch)
        let written = try store.insertForecastRows(
          location, model: model, fetchID: fetchID, city: city, source: "forecast", issuedAt: issuedAt)
        try store.setFetchRows(written, fetchID: fetchID)
        rows += written
      }
      return (rows, models.count)
    }
  }
}
