import SkycastModel
import Store

/// Stores one decoded forecast location for one city: the shared step of `collect`, `now
/// --refresh`, `demo` and the ingest benchmark, so all of them exercise the same code.
public enum ForecastIngest {
  /// One city's decoded location with the provenance of the body it came from.
  public struct Item {
    public var location: LocationBlock
    public var city: City
    public var provenance: ResponseProvenance

    public init(location: LocationBlock, city: City, provenance: ResponseProvenance) {
      self.location = location
      self.city = city
      self.provenance = provenance
    }
  }

  /// Stores several cities in one commit, each in its own savepoint, so every city is still
  /// all-or-nothing while a batch of cities costs one commit (WAL commits rewrite the touched
  /// index pages each time: per-city commits halve the ingest rate). Throws the first failure.
  public static func storeBatch(
    _ items: [Item], store: Store, requestedAt: Int64, models: [String], minInterval: Int?
  ) throws -> [(rows: Int, fetches: Int)?] {
    try storeEach(
      items, store: store, requestedAt: requestedAt, models: models, minInterval: minInterval
    ).map { try $0.get() }
  }

  /// Like `storeBatch`, but a city whose rows cannot be stored (a constraint its data breaks)
  /// fails alone: its savepoint is rolled back and the others still commit. A lock that cannot
  /// be had (`SQLITE_BUSY`) still fails the whole batch, for the caller to retry.
  public static func storeEach(
    _ items: [Item], store: Store, requestedAt: Int64, models: [String], minInterval: Int?
  ) throws -> [Result<(rows: Int, fetches: Int)?, any Error>] {
    try store.write {
      try Store.eachAlone(items) { item in
        try self.store(
          location: item.location, city: item.city, store: store, requestedAt: requestedAt,
          provenance: item.provenance, models: models, minInterval: minInterval)
      }
    }
  }

  /// Stores fetch rows (one per model) and their data rows in one transaction (a savepoint when
  /// called inside one).
  ///
  /// - Parameters:
  ///   - minInterval: when given, the transaction first re-checks that no other run stored a
  ///     successful fetch of the city within this many seconds, and stores nothing if one did.
  /// - Returns: rows and fetch rows written, or nil when skipped by the re-check.
  public static func store(
    location: LocationBlock, city: City, store: Store, requestedAt: Int64,
    provenance: ResponseProvenance, models: [String], minInterval: Int?
  ) throws -> (rows: Int, fetches: Int)? {
    let issuedAt = WallClock.floorToHour(requestedAt)
    return try store.write {
      if let minInterval,
        try store.freshFetch(cityID: city.id, now: requestedAt, minInterval: Int64(minInterval))
          != nil
      {
        return nil
      }
      let city = try store.adoptTimezone(of: location, for: city)
      var rows = 0
      for model in models {
        rows += try storeModel(
          model, of: location, city: city, source: .forecast, issuedAt: issuedAt,
          requestedAt: requestedAt, provenance: provenance, rowsPerBody: models.count,
          store: store)
      }
      return (rows, models.count)
    }
  }

  /// One model's fetch-log row (grid cell, provenance, model run) and its hourly, daily and
  /// current rows, issued at `issuedAt`; the row count goes into the fetch row. Call inside a
  /// write transaction, with the city as stored (`adoptTimezone`).
  ///
  /// - Returns: the data rows written.
  package static func storeModel(
    _ model: String, of location: LocationBlock, city: City, source: FetchSource,
    issuedAt: Int64, requestedAt: Int64, provenance: ResponseProvenance, rowsPerBody: Int,
    store: Store
  ) throws -> Int {
    var fetch = FetchRecord(
      cityID: city.id, source: source, model: model, requestedAt: requestedAt,
      issuedAt: issuedAt, status: .ok, httpStatus: 200)
    fetch.record(location)
    fetch.record(provenance, rowsPerBody: rowsPerBody)
    fetch.record(provenance.runs[model])
    let fetchID = try store.insertFetch(fetch)
    let written = try store.insertForecastRows(
      location, model: model, fetchID: fetchID, city: city, source: source,
      issuedAt: issuedAt)
    try store.setFetchRows(written, fetchID: fetchID)
    return written
  }
}
