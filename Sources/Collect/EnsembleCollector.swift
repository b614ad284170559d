import Foundation
import OpenMeteo
import SQLiteKit
import SkycastModel
import Store

/// Fetches ensemble forecasts (`/v1/ensemble`) for saved cities and appends their members to the
/// history, with `Collector`'s guarantees: the freshness rule (per source, so a deterministic
/// fetch never makes the ensemble fresh), several cities per request with a city-by-city retry
/// when a batch fails, each city stored atomically with its fetch-log row (body SHA-256, its
/// share of the call weight), and a `failed` fetch row for every city that could not be stored.
public final class EnsembleCollector {
  package let store: Store
  package let client: HTTPClient
  package let now: () -> Int64
  package let onEvent: (CollectEvent) -> Void
  /// Cities per request. Ensemble bodies are large (every member is a column), so fewer than
  /// for the deterministic forecast: 5 cities of 51 members, 3 variables and 15 days are ~3 MB.
  public var batchSize = EnsembleCollector.defaultBatchSize
  public static let defaultBatchSize = 5
  /// Further tries to store a fetched batch while another process holds the write lock.
  public var lockedWriteRetries = LockedWrite.retries

  public init(
    store: Store, client: HTTPClient, now: @escaping () -> Int64,
    onEvent: @escaping (CollectEvent) -> Void = { _ in }
  ) {
    self.store = store
    self.client = client
    self.now = now
    self.onEvent = onEvent
  }

  /// Collects `cities`; those with a successful ensemble fetch less than `minInterval` seconds
  /// ago are skipped unless `force`.
  public func collect(
    cities: [City], options: EnsembleRequestOptions, minInterval: Int, force: Bool
  ) async throws -> [CollectOutcome] {
    var outcomes: [Int64: CollectOutcome] = [:]
    var due: [City] = []
    let start = now()
    for city in cities {
      if !force, minInterval > 0,
        let last = try store.freshFetch(
          cityID: city.id, source: EnsembleRequestOptions.source, now: start,
          minInterval: Int64(minInterval))
      {
        outcomes[city.id] = CollectOutcome(
          city: city,
          status: .skipped(
            reason: "ensemble fetched \(Collector.age(start - last)) ago; --force to fetch anyway"))
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
      if number > 0 {
        await client.pause(
          afterWeight: options.request(for: batches[number - 1], base: client.endpoints.ensemble)
            .weight)
      }
      onEvent(.requesting(cities: batch, index: done, total: due.count))
      for outcome in try await fetchBatch(
        batch, options: options, minInterval: minInterval, force: force)
      {
        outcomes[outcome.city.id] = outcome
        if case .failed(let error) = outcome.status, error.stopsAllRequests {
          stopReason = "stopped after \(error)"
        }
      }
      done += batch.count
    }
    return cities.compactMap { outcomes[$0.id] }
  }

  package func fetchBatch(
    _ batch: [City], options: EnsembleRequestOptions, minInterval: Int, force: Bool
  ) async throws -> [CollectOutcome] {
    switch await attempt(batch, options: options, policy: client.policy) {
    case .success(let response):
      return try await storeSuccess(
        response, cities: batch, options: options, minInterval: minInterval, force: force)
    case .failure(let error) where batch.count == 1 || error.stopsAllRequests:
      return try batch.map { try storeFailure($0, error: error, options: options) }
    case .failure:
      var outcomes: [CollectOutcome] = []
      for (number, city) in batch.enumerated() {
        if number > 0 {
          await client.pause(afterWeight: options.weightPerLocation)
        }
        var single = client.policy
        single.retries = 0
        switch await attempt([city], options: options, policy: single) {
        case .success(let response):
          outcomes += try await storeSuccess(
            response, cities: [city], options: options, minInterval: minInterval, force: force)
        case .failure(let error):
          outcomes.append(try storeFailure(city, error: error, options: options))
        }
      }
      return outcomes
    }
  }

  package struct Response {
    package let request: APIRequest
    package let body: HTTPBody
    package let locations: [DecodedEnsemble]
  }

  package func attempt(_ cities: [City], options: EnsembleRequestOptions, policy: RetryPolicy) async
    -> Result<Response, APIError>
  {
    let request = options.request(for: cities, base: client.endpoints.ensemble)
    let decoder = EnsembleDecoder(models: options.models, variables: options.variables)
    let expected = cities.count
    do {
      let (body, locations) = try await client.send(request, policy: policy) { bytes in
        let locations = try decoder.decode(bytes)
        guard locations.count == expected else {
          throw APIError.decoding("expected \(expected) locations, got \(locations.count)")
        }
        let ids = locations.map(\.location.locationID)
        guard Set(ids) == Set(0..<expected) else {
          throw APIError.decoding(
            "location_id values \(ids.map(String.init).joined(separator: ",")) do not match the "
              + "\(expected) requested locations")
        }
        return locations.sorted { $0.location.locationID < $1.location.locationID }
      }
      return .success(Response(request: request, body: body, locations: locations))
    } catch let error as APIError {
      return .failure(error)
    } catch {
      return .failure(.transport("\(error)"))
    }
  }

  package func storeSuccess(
    _ response: Response, cities: [City], options: EnsembleRequestOptions, minInterval: Int,
    force: Bool
  ) async throws -> [CollectOutcome] {
    let requestedAt = response.body.requestedAt
    let provenance = ResponseProvenance(
      url: response.request.displayURL, body: response.body.bytes,
      callWeight: response.request.weight / Double(response.locations.count))
    var outcomes: [Int64: CollectOutcome] = [:]
    var rejected: [(City, APIError)] = []
    var items: [EnsembleIngest.Item] = []
    for (city, ensemble) in zip(cities, response.locations) {
      let location = ensemble.location
      for warning in location.warnings { onEvent(.decodeWarning(city: city, message: warning)) }
      for line in location.droppedValues { onEvent(.alert(city: city, message: line)) }
      if let warning = LocationCheck.zoneWarning(location, city: city, at: requestedAt) {
        onEvent(.alert(city: city, message: warning))
      }
      if let problem = LocationCheck.problem(
        location, for: city, models: options.models, at: requestedAt)
      {
        rejected.append((city, .decoding(problem)))
      } else {
        items.append(EnsembleIngest.Item(ensemble: ensemble, city: city, provenance: provenance))
      }
    }
    var results: [Result<Int?, any Error>] = []
    do {
      let waiting = items.map(\.city)
      let onEvent = self.onEvent
      results = try await LockedWrite.retrying(
        retries: lockedWriteRetries, sleep: client.sleep,
        onRetry: { onEvent(.writeRetry(cities: waiting, attempt: $0)) },
        {
          try EnsembleIngest.storeEach(
            items, store: store, requestedAt: requestedAt, options: options,
            minInterval: force || minInterval <= 0 ? nil : minInterval)
        })
    } catch let error as SQLiteError where error.isBusy {
      let reason = LockedWrite.failure(tries: lockedWriteRetries + 1)
      for item in items {
        outcomes[item.city.id] =
          (try? storeFailure(item.city, error: reason, options: options))
          ?? CollectOutcome(city: item.city, status: .failed(reason))
      }
      items = []
    }
    for (item, stored) in zip(items, results) {
      switch stored {
      case .success(let rows?):
        outcomes[item.city.id] = CollectOutcome(
          city: item.city, status: .collected(rows: rows, fetches: 1))
      case .success(nil):
        outcomes[item.city.id] = CollectOutcome(
          city: item.city, status: .skipped(reason: "another run stored it first"))
      case .failure(let error):
        rejected.append((item.city, .decoding("the reply could not be stored: \(error)")))
      }
    }
    for (city, error) in rejected {
      outcomes[city.id] = try storeFailure(city, error: error, options: options)
    }
    return cities.compactMap { outcomes[$0.id] }
  }

  package func storeFailure(_ city: City, error: APIError, options: EnsembleRequestOptions) throws
    -> CollectOutcome
  {
    let request = options.request(for: [city], base: client.endpoints.ensemble)
    try store.write {
      var fetch = FetchRecord(
        cityID: city.id, source: EnsembleRequestOptions.source, model: options.fetchModel,
        requestedAt: now(), issuedAt: nil, status: .failed, httpStatus: error.httpStatus,
        error: error.description, url: request.displayURL)
      fetch.callWeight = request.weight
      try store.insertFetch(fetch)
    }
    return CollectOutcome(city: city, status: .failed(error))
  }
}

@available(*, unavailable)
extension EnsembleCollector: Sendable {}
