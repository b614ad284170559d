import OpenMeteo
import SkycastModel
import Store

/// Stores decoded ensemble locations: the shared step of `collect --ensemble` and the ensemble
/// benchmark. Each city gets one fetch-log row (source `ensemble`, every requested model) and its
/// member rows in one savepoint, so a city is all-or-nothing while a batch costs one commit.
public enum EnsembleIngest {
  /// One city's decoded ensemble with the provenance of the body it came from.
  public struct Item {
    public var ensemble: EnsembleBlock
    public var city: City
    public var provenance: ResponseProvenance

    public init(ensemble: EnsembleBlock, city: City, provenance: ResponseProvenance) {
      self.ensemble = ensemble
      self.city = city
      self.provenance = provenance
    }
  }

  /// Stores each item in its own savepoint inside one transaction; a city whose rows break a
  /// constraint fails alone, a lock that cannot be had fails the batch (for the caller to retry).
  /// A nil result is a city another run stored within `minInterval` seconds.
  public static func storeEach(
    _ items: [Item], store: Store, requestedAt: Int64, options: EnsembleRequestOptions,
    minInterval: Int?
  ) throws -> [Result<Int?, any Error>] {
    try store.write {
      try Store.eachAlone(items) { item in
        try self.store(
          item, store: store, requestedAt: requestedAt, options: options,
          minInterval: minInterval)
      }
    }
  }

  /// Stores one city: fetch row, member rows and the fetch's row count, or nothing when another
  /// run stored a fresh ensemble fetch first. Returns the rows written.
  public static func store(
    _ item: Item, store: Store, requestedAt: Int64, options: EnsembleRequestOptions,
    minInterval: Int?
  ) throws -> Int? {
    let issuedAt = WallClock.floorToHour(requestedAt)
    return try store.write {
      if let minInterval,
        try store.freshFetch(
          cityID: item.city.id, source: EnsembleRequestOptions.source, now: requestedAt,
          minInterval: Int64(minInterval)) != nil
      {
        return nil
      }
      let city = try store.adoptTimezone(of: item.ensemble.location, for: item.city)
      var fetch = FetchRecord(
        cityID: city.id, source: EnsembleRequestOptions.source, model: options.fetchModel,
        requestedAt: requestedAt, issuedAt: issuedAt, status: .ok, httpStatus: 200)
      fetch.record(item.ensemble.location)
      fetch.record(item.provenance)
      let fetchID = try store.insertFetch(fetch)
      let written = try store.insertEnsembleRows(
        item.ensemble, fetchID: fetchID, cityID: city.id, issuedAt: issuedAt)
      try store.setFetchRows(written, fetchID: fetchID)
      return written
    }
  }
}
