import OpenMeteo
import SkycastModel
import Store

/// The API-specific half of a history fetch (one city and a range of its dates a request, one
/// fetch-log row each): how to ask for it, and how to store one decoded answer. The archive
/// (`observe`) and the previous runs (`backfill`) supply one; the rest of `FetchProduct` is
/// shared below.
package protocol HistoryProduct: FetchProduct
where Unit == CityChunk, Decoded == LocationBlock, Item == HistoryItem, Counts == HistoryCounts {
  /// `fetches.model`.
  var fetchModel: String { get }
  /// At most this many dates per request.
  var chunkDays: Int { get }
  /// Decodes the body (its `models` decide the key suffixes).
  var decoder: ResponseDecoder { get }
  /// The request for one city and a range of its local dates.
  func request(for city: City, dates: ClosedRange<LocalDate>, endpoints: Endpoints) -> APIRequest
  /// Stores the rows of one decoded location (inside the write transaction that also holds the
  /// fetch row `fetchID`).
  func storeRows(
    _ location: LocationBlock, city: City, dates: ClosedRange<LocalDate>, fetchID: Int64,
    fetchedAt: Int64, store: Store
  ) throws -> HistoryCounts
}

extension HistoryProduct {
  /// The history APIs take any columns the decoder keeps.
  package var checkedModels: [String]? { nil }
  /// The history replies are read in the zone they state, adopted when the city had none.
  package var warnsOfOtherZone: Bool { false }

  package func request(for unit: CityChunk, endpoints: Endpoints) -> APIRequest {
    request(for: unit.city, dates: unit.range, endpoints: endpoints)
  }

  package func decode(_ bytes: [UInt8]) throws -> [LocationBlock] {
    try decoder.decode(bytes)
  }

  package func location(of decoded: LocationBlock) -> LocationBlock { decoded }

  package func item(
    _ decoded: LocationBlock, city: City, unit: CityChunk, provenance: ResponseProvenance
  ) -> HistoryItem {
    HistoryItem(location: decoded, city: city, dates: unit.range, provenance: provenance)
  }

  package func city(of item: HistoryItem) -> City { item.city }

  /// Hours and dates outside the requested dates (ERA5, Historical Forecast, previous runs).
  package func periodProblem(_ decoded: LocationBlock, unit: CityChunk) -> String? {
    ReplyPeriod.history(unit.range).problem(decoded)
  }

  /// Each item in its own transaction with its fetch row; a store error other than a busy
  /// database fails that item alone.
  package func storeEach(
    _ items: [HistoryItem], store: Store, requestedAt: Int64, minInterval: Int?
  ) throws -> [Result<(counts: HistoryCounts, city: City)?, any Error>] {
    // Never nil: history has no freshness rule for another run to meet.
    try Store.eachAlone(items) { .some(try storeOne($0, store: store, requestedAt: requestedAt)) }
  }

  /// The fetch row and every data row of one answer, in one transaction; the city as stored
  /// (with the zone the API chose when it had none: `timezone=auto`).
  func storeOne(_ item: HistoryItem, store: Store, requestedAt: Int64) throws
    -> (counts: HistoryCounts, city: City)
  {
    try store.write {
      let city = try store.adoptTimezone(of: item.location, for: item.city)
      var fetch = FetchRecord(
        cityID: city.id, source: source, model: fetchModel, requestedAt: requestedAt,
        issuedAt: nil, status: .ok, httpStatus: 200)
      fetch.record(item.location)
      fetch.record(item.provenance)
      let fetchID = try store.insertFetch(fetch)
      let counts = try storeRows(
        item.location, city: city, dates: item.dates, fetchID: fetchID, fetchedAt: requestedAt,
        store: store)
      try store.setFetchRows(
        counts.updated.map { counts.inserted + $0 } ?? counts.rows, fetchID: fetchID)
      return (counts, city)
    }
  }

  /// One `failed` row for the request.
  package func failedFetches(
    city: City, of unit: CityChunk, error: APIError, request: APIRequest, endpoints: Endpoints,
    requestedAt: Int64
  ) -> [FetchRecord] {
    var fetch = FetchRecord(
      cityID: city.id, source: source, model: fetchModel, requestedAt: requestedAt,
      issuedAt: nil, status: .failed, httpStatus: error.httpStatus, error: error.description,
      url: request.displayURL)
    fetch.callWeight = request.weight
    return [fetch]
  }
}
