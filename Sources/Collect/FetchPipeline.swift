import Foundation
import OpenMeteo
import SQLiteKit
import SkycastModel
import Store

/// What one product of the forecast APIs (the deterministic forecast, the ensemble) gives the
/// shared fetch pipeline: how to ask for it, decode it, and store it or its failure.
package protocol FetchedProduct {
  /// The request options (`ForecastRequestOptions`, `EnsembleRequestOptions`).
  associatedtype Options: Sendable
  /// One decoded location of a reply.
  associatedtype Decoded: Sendable
  /// One city's decoded location, ready to store.
  associatedtype Item

  /// The fetch log's `source`, whose fetches the freshness rule counts.
  static var source: String { get }
  /// Cities per request unless changed.
  static var defaultBatchSize: Int { get }
  /// The request for `cities`.
  static func request(for cities: [City], options: Options, endpoints: Endpoints) -> APIRequest
  /// The reply's locations, in the order the body lists them.
  static func decode(_ bytes: [UInt8], options: Options) throws -> [Decoded]
  /// The location part of a decoded location (for its checks and `location_id`).
  static func location(of decoded: Decoded) -> DecodedLocation
  /// The models a reply must hold.
  static func models(_ options: Options) -> [String]
  /// The item that stores `decoded` for `city`.
  static func item(_ decoded: Decoded, city: City, provenance: ResponseProvenance) -> Item
  /// Stores the items in one commit, each city in its own savepoint; per item its counts, nil
  /// when the city turned out fresh inside the transaction, or the error that rolled it back.
  static func storeEach(
    _ items: [Item], store: Store, requestedAt: Int64, options: Options, minInterval: Int?
  ) throws -> [Result<(rows: Int, fetches: Int)?, any Error>]
  /// The `failed` fetch-log rows of `city` (`request` is the one that failed).
  static func failedFetches(
    city: City, error: APIError, request: APIRequest, options: Options, endpoints: Endpoints,
    requestedAt: Int64
  ) -> [FetchRecord]
  /// The item's city.
  static func city(of item: Item) -> City
}

/// The one fetch pipeline of `collect` and `collect --ensemble`: the freshness rule before
/// fetching, batches of cities with one request in flight and polite pauses, a city-by-city
/// retry of a failed batch, checks of every location, atomic per-city writes (retried while
/// another process holds the write lock, with the freshness rule checked again inside the
/// transaction), and a `failed` fetch row for each city that could not be stored.
package struct FetchPipeline<Product: FetchedProduct> {
  package let store: Store
  package let client: HTTPClient
  package let now: () -> Int64
  package let onEvent: (CollectEvent) -> Void
  package let batchSize: Int
  package let lockedWriteRetries: Int
  package let options: Product.Options

  /// Collects `cities`; those fetched successfully less than `minInterval` seconds ago are
  /// skipped unless `force`.
  package func collect(cities: [City], minInterval: Int, force: Bool) async throws
    -> [CollectOutcome]
  {
    var outcomes: [Int64: CollectOutcome] = [:]
    var due: [City] = []
    let start = now()
    for city in cities {
      if !force, minInterval > 0,
        let last = try store.freshFetch(
          cityID: city.id, source: Product.source, now: start, minInterval: Int64(minInterval))
      {
        outcomes[city.id] = CollectOutcome(city: city, status: .skipped(.fresh(age: start - last)))
      } else {
        due.append(city)
      }
    }
    let size = max(1, batchSize)
    let batches = stride(from: 0, to: due.count, by: size).map {
      Array(due[$0..<min($0 + size, due.count)])
    }
    var stopReason: String?
    var done = 0
    for (number, batch) in batches.enumerated() {
      if let stopReason {
        for city in batch {
          outcomes[city.id] = CollectOutcome(city: city, status: .notAttempted(reason: stopReason))
        }
        continue
      }
      if number > 0 { await client.pause(afterWeight: request(for: batches[number - 1]).weight) }
      onEvent(.requesting(cities: batch, index: done, total: due.count))
      for outcome in try await fetchBatch(batch, minInterval: minInterval, force: force) {
        outcomes[outcome.city.id] = outcome
        if case .failed(let error) = outcome.status, error.stopsAllRequests {
          stopReason = "stopped after \(error)"
        }
      }
      done += batch.count
    }
    return cities.compactMap { outcomes[$0.id] }
  }

  private func request(for cities: [City]) -> APIRequest {
    Product.request(for: cities, options: options, endpoints: client.endpoints)
  }

  /// One request for the batch; on failure, one request per city (without retries) so the
  /// other cities still get their data.
  package func fetchBatch(_ batch: [City], minInterval: Int, force: Bool) async throws
    -> [CollectOutcome]
  {
    switch await attempt(batch, policy: client.policy) {
    case .success(let response):
      return try await storeSuccess(response, cities: batch, minInterval: minInterval, force: force)
    case .failure(let error) where batch.count == 1 || error.stopsAllRequests:
      return try batch.map { try storeFailure($0, error: error, request: request(for: [$0])) }
    case .failure:
      var outcomes: [CollectOutcome] = []
      for (number, city) in batch.enumerated() {
        if number > 0 { await client.pause(afterWeight: request(for: [batch[number - 1]]).weight) }
        var single = client.policy
        single.retries = 0
        switch await attempt([city], policy: single) {
        case .success(let response):
          outcomes += try await storeSuccess(
            response, cities: [city], minInterval: minInterval, force: force)
        case .failure(let error):
          outcomes.append(try storeFailure(city, error: error, request: request(for: [city])))
        }
      }
      return outcomes
    }
  }

  /// A successful, decoded response.
  package struct Response {
    package let request: APIRequest
    package let body: HTTPBody
    package let locations: [Product.Decoded]
  }

  /// One request for `cities`, decoded; a reply with the wrong number of locations, or
  /// `location_id`s that are not the requested ones, is a decoding failure.
  package func attempt(_ cities: [City], policy: RetryPolicy) async -> Result<Response, APIError> {
    let request = request(for: cities)
    let options = options
    let expected = cities.count
    do {
      let (body, locations) = try await client.send(request, policy: policy) { bytes in
        let locations = try Product.decode(bytes, options: options)
        guard locations.count == expected else {
          throw APIError.decoding("expected \(expected) locations, got \(locations.count)")
        }
        // Several locations may come back in any order; `location_id` says which is which.
        let ids = locations.map { Product.location(of: $0).locationID }
        guard Set(ids) == Set(0..<expected) else {
          throw APIError.decoding(
            "location_id values \(ids.map(String.init).joined(separator: ",")) do not match the "
              + "\(expected) requested locations")
        }
        return locations.sorted {
          Product.location(of: $0).locationID < Product.location(of: $1).locationID
        }
      }
      return .success(Response(request: request, body: body, locations: locations))
    } catch let error as APIError {
      return .failure(error)
    } catch {
      return .failure(.transport("\(error)"))
    }
  }

  /// Stores every city of a successful response: one commit, one savepoint per city. A city
  /// whose location fails `LocationCheck`, or whose rows cannot be stored, gets a `failed` fetch
  /// row alone; a write lock held elsewhere is waited for and the write retried.
  package func storeSuccess(
    _ response: Response, cities: [City], minInterval: Int, force: Bool
  ) async throws -> [CollectOutcome] {
    let requestedAt = response.body.requestedAt
    let provenance = ResponseProvenance(
      url: response.request.displayURL, body: response.body.bytes,
      callWeight: response.request.weight / Double(response.locations.count))
    var outcomes: [Int64: CollectOutcome] = [:]
    var rejected: [(City, APIError)] = []
    var items: [Product.Item] = []
    for (city, decoded) in zip(cities, response.locations) {
      let location = Product.location(of: decoded)
      for warning in location.warnings { onEvent(.decodeWarning(city: city, message: warning)) }
      for line in location.droppedValues { onEvent(.alert(city: city, message: line)) }
      if let warning = LocationCheck.zoneWarning(location, city: city, at: requestedAt) {
        onEvent(.alert(city: city, message: warning))
      }
      if let problem = LocationCheck.problem(
        location, for: city, models: Product.models(options), at: requestedAt)
      {
        rejected.append((city, .decoding(problem)))
      } else {
        items.append(Product.item(decoded, city: city, provenance: provenance))
      }
    }
    var results: [Result<(rows: Int, fetches: Int)?, any Error>] = []
    do {
      let waiting = items.map(Product.city(of:))
      let onEvent = self.onEvent
      let (store, options, stored) = (store, options, items)
      results = try await LockedWrite.retrying(
        retries: lockedWriteRetries, sleep: client.sleep,
        onRetry: { onEvent(.writeRetry(cities: waiting, attempt: $0)) },
        {
          try Product.storeEach(
            stored, store: store, requestedAt: requestedAt, options: options,
            minInterval: force || minInterval <= 0 ? nil : minInterval)
        })
    } catch let error as SQLiteError where error.isBusy {
      let reason = LockedWrite.failure(tries: lockedWriteRetries + 1)
      for item in items {
        let city = Product.city(of: item)
        outcomes[city.id] =
          (try? storeFailure(city, error: reason, request: response.request))
          ?? CollectOutcome(city: city, status: .failed(reason))
      }
      items = []
    }
    for (item, stored) in zip(items, results) {
      let city = Product.city(of: item)
      switch stored {
      case .success(let counts?):
        outcomes[city.id] = CollectOutcome(
          city: city, status: .collected(rows: counts.rows, fetches: counts.fetches))
      case .success(nil):
        outcomes[city.id] = CollectOutcome(city: city, status: .skipped(.storedByAnotherRun))
      case .failure(let error):
        rejected.append((city, .decoding("the reply could not be stored: \(error)")))
      }
    }
    for (city, error) in rejected {
      outcomes[city.id] = try storeFailure(city, error: error, request: request(for: [city]))
    }
    return cities.compactMap { outcomes[$0.id] }
  }

  /// Writes the city's `failed` fetch-log rows.
  package func storeFailure(_ city: City, error: APIError, request: APIRequest) throws
    -> CollectOutcome
  {
    let fetches = Product.failedFetches(
      city: city, error: error, request: request, options: options, endpoints: client.endpoints,
      requestedAt: now())
    try store.write {
      for fetch in fetches { try store.insertFetch(fetch) }
    }
    return CollectOutcome(city: city, status: .failed(error))
  }
}
