import Foundation
import OpenMeteo
import SkycastModel
import Store

/// The one fetch pipeline of `collect`, `collect --ensemble`, `now --refresh`, `observe` and
/// `backfill`, whatever the product. It guarantees, for every run:
///
/// - one request in flight at a time, and before each unit of work but the first a pause in
///   proportion to the previous unit's call weight (so long runs stay under Open-Meteo's
///   600 calls per minute);
/// - an hourly or daily rate limit stops the whole run: nothing more is requested, and every
///   city (or date range) left is reported as not attempted;
/// - every location of a reply is checked against its city before anything is stored (count and
///   `location_id`, time order, distance, requested data; another zone is a warning), so one bad
///   city fails alone;
/// - each city is stored atomically with its fetch-log rows; a write that meets another
///   process's lock is retried (`LockedWrite`) rather than fetched again;
/// - a failed request, or a reply that could not be stored, leaves a `failed` fetch-log row for
///   its city and nothing else.
///
/// The unit of work is the product's: `CityBatch` products (the forecasts) also get the
/// freshness rule, before fetching and again inside the write transaction, and a city-by-city
/// retry of a failed batch (`collect(cities:…)`); `CityChunk` products (the history APIs) get
/// each city's date range cut into chunks (`fetch(_:)`).
package struct FetchPipeline<Product: FetchProduct> {
  package typealias Outcome = FetchOutcome<Product.Counts>

  package let store: Store
  package let client: HTTPClient
  package let product: Product
  package let now: () -> Int64
  package let onEvent: (FetchEvent) -> Void
  /// Further tries to store a fetched reply while another process holds the write lock past
  /// the busy timeout (10 s each).
  package var lockedWriteRetries = LockedWrite.retries

  package init(
    store: Store, client: HTTPClient, product: Product, now: @escaping () -> Int64,
    onEvent: @escaping (FetchEvent) -> Void = { _ in }
  ) {
    self.store = store
    self.client = client
    self.product = product
    self.now = now
    self.onEvent = onEvent
  }

  /// Runs `units` in order; `minInterval` (seconds) makes the store skip a city that another
  /// run stored meanwhile. Outcomes come in the order of the units and their cities.
  package func run(_ units: [Product.Unit], minInterval: Int?) async throws -> [Outcome] {
    let total = units.reduce(0) { $0 + $1.cities.count }
    var outcomes: [Outcome] = []
    var stored: [Int64: City] = [:]
    var stopReason: String?
    var previousWeight: Double?
    var done = 0
    for planned in units {
      let unit = planned.updating(stored)
      if let stopReason {
        outcomes += notAttempted(unit.cities, of: unit, reason: stopReason)
        continue
      }
      let request = product.request(for: unit, endpoints: client.endpoints)
      if let previousWeight { await client.pause(afterWeight: previousWeight) }
      previousWeight = request.weight
      onEvent(.requesting(cities: unit.cities, dates: unit.dates, index: done, total: total))
      for outcome in try await fetch(unit, request: request, minInterval: minInterval) {
        outcomes.append(outcome)
        if case .stored = outcome.status { stored[outcome.city.id] = outcome.city }
        stopReason = stopReason ?? Self.stopReason(outcome)
      }
      done += unit.cities.count
    }
    return outcomes
  }

  /// Why `outcome` stops the run (an hourly or daily rate limit), or nil.
  static func stopReason(_ outcome: Outcome) -> String? {
    guard case .failed(let error) = outcome.status, error.stopsAllRequests else { return nil }
    return "stopped after \(error)"
  }

  private func notAttempted(_ cities: [City], of unit: Product.Unit, reason: String) -> [Outcome] {
    cities.map {
      Outcome(city: $0, dates: unit.dates, run: unit.run, status: .notAttempted(reason: reason))
    }
  }

  /// One request for the unit; when a batch of several cities fails (not on a rate limit that
  /// stops the run), one request per city without retries, so the other cities still get their
  /// data.
  private func fetch(_ unit: Product.Unit, request: APIRequest, minInterval: Int?) async throws
    -> [Outcome]
  {
    let requestedAt = now()
    switch await attempt(unit, request: request, policy: client.policy) {
    case .success(let response):
      return try await storeSuccess(response, unit: unit, minInterval: minInterval)
    case .failure(let error) where unit.cities.count == 1 || error.stopsAllRequests:
      return try unit.cities.map {
        try storeFailure(
          $0, of: unit, error: error, request: singleRequest(unit, $0), requestedAt: requestedAt)
      }
    case .failure:
      var outcomes: [Outcome] = []
      var single = client.policy
      single.retries = 0
      for (number, city) in unit.cities.enumerated() {
        if let stopReason = outcomes.lazy.compactMap(Self.stopReason).first {
          outcomes += notAttempted([city], of: unit, reason: stopReason)
          continue
        }
        if number > 0 {
          await client.pause(afterWeight: singleRequest(unit, unit.cities[number - 1]).weight)
        }
        let alone = unit.alone(city)
        let request = singleRequest(unit, city)
        let requestedAt = now()
        switch await attempt(alone, request: request, policy: single) {
        case .success(let response):
          outcomes += try await storeSuccess(response, unit: alone, minInterval: minInterval)
        case .failure(let error):
          outcomes.append(
            try storeFailure(
              city, of: alone, error: error, request: request, requestedAt: requestedAt))
        }
      }
      return outcomes
    }
  }

  private func singleRequest(_ unit: Product.Unit, _ city: City) -> APIRequest {
    product.request(for: unit.alone(city), endpoints: client.endpoints)
  }

  /// A successful, decoded response.
  private struct Response {
    let request: APIRequest
    let body: HTTPBody
    let locations: [Product.Decoded]
    /// The model run behind the reply, per model (`Product.runModels`).
    let runs: [String: ModelRunRecord]
  }

  /// One request, decoded; a reply with the wrong number of locations, or `location_id`s that
  /// are not the requested ones, is a decoding failure.
  private func attempt(_ unit: Product.Unit, request: APIRequest, policy: RetryPolicy) async
    -> Result<Response, APIError>
  {
    let product = product
    let expected = unit.cities.count
    let models = product.runModels ?? []
    let before = await ModelRunRecord.read(models: models, client: client)
    do {
      let (body, locations) = try await client.send(request, policy: policy) { bytes in
        let locations = try product.decode(bytes)
        guard locations.count == expected else {
          throw APIError.decoding(
            "expected \(expected) location\(expected == 1 ? "" : "s"), got \(locations.count)")
        }
        // Several locations may come back in any order; `location_id` says which is which.
        let ids = locations.map { product.location(of: $0).locationID }
        guard Set(ids) == Set(0..<expected) else {
          throw APIError.decoding(
            "location_id values \(ids.map(String.init).joined(separator: ",")) do not match the "
              + "\(expected) requested locations")
        }
        return locations.sorted {
          product.location(of: $0).locationID < product.location(of: $1).locationID
        }
      }
      let after = await ModelRunRecord.read(models: models, client: client)
      var runs: [String: ModelRunRecord] = [:]
      for model in models {
        runs[model] = ModelRunRecord.from(
          model: model, before: before[model], after: after[model], fetchedAt: body.requestedAt)
      }
      return .success(Response(request: request, body: body, locations: locations, runs: runs))
    } catch let error as APIError {
      return .failure(error)
    } catch {
      return .failure(.transport("\(error)"))
    }
  }

  /// Stores every city of a successful response. A city whose location fails `LocationCheck`,
  /// or whose rows cannot be stored, gets a `failed` fetch row alone; a write lock held
  /// elsewhere is waited for and the write retried.
  private func storeSuccess(_ response: Response, unit: Product.Unit, minInterval: Int?)
    async throws -> [Outcome]
  {
    let requestedAt = response.body.requestedAt
    onEvent(
      .transferred(bodyBytes: response.body.bytes.count, wireBytes: response.body.wireBytes))
    var provenance = ResponseProvenance(
      url: response.request.displayURL, body: response.body.bytes,
      callWeight: response.request.weight / Double(response.locations.count))
    provenance.runs = response.runs
    var outcomes: [Int64: Outcome] = [:]
    var rejected: [(City, APIError)] = []
    var items: [Product.Item] = []
    for (city, decoded) in zip(unit.cities, response.locations) {
      let location = product.location(of: decoded)
      for warning in location.warnings { onEvent(.decodeWarning(city: city, message: warning)) }
      for line in location.droppedValues { onEvent(.alert(city: city, message: line)) }
      if product.warnsOfOtherZone,
        let warning = LocationCheck.zoneWarning(location, city: city, at: requestedAt)
      {
        onEvent(.alert(city: city, message: warning))
      }
      if let problem = LocationCheck.problem(
        location, for: city, models: product.checkedModels, at: requestedAt)
        ?? product.emptinessProblem(decoded) ?? product.periodProblem(decoded, unit: unit)
      {
        rejected.append((city, .decoding(problem)))
      } else {
        items.append(product.item(decoded, city: city, unit: unit, provenance: provenance))
      }
    }
    var results: [Result<(counts: Product.Counts, city: City)?, any Error>] = []
    do {
      let waiting = items.map(product.city(of:))
      let onEvent = self.onEvent
      let (store, product, stored) = (store, product, items)
      results = try await LockedWrite.retrying(
        retries: lockedWriteRetries, sleep: client.sleep,
        onRetry: { onEvent(.writeRetry(cities: waiting, attempt: $0)) },
        {
          try product.storeEach(
            stored, store: store, requestedAt: requestedAt, minInterval: minInterval)
        })
    } catch StoreError.busy {
      let reason = LockedWrite.failure(tries: lockedWriteRetries + 1)
      for item in items {
        let city = product.city(of: item)
        // The lock may still be held, so the failed row is written when it can be.
        outcomes[city.id] =
          (try? storeFailure(
            city, of: unit, error: reason, request: response.request, requestedAt: now()))
          ?? Outcome(city: city, dates: unit.dates, run: unit.run, status: .failed(reason))
      }
      items = []
    }
    for (item, result) in zip(items, results) {
      let city = product.city(of: item)
      switch result {
      case .success(let stored?):
        outcomes[city.id] = Outcome(
          city: stored.city, dates: unit.dates, run: unit.run, status: .stored(stored.counts))
      case .success(nil):
        outcomes[city.id] = Outcome(
          city: city, dates: unit.dates, run: unit.run, status: .skipped(.storedByAnotherRun))
      case .failure(let error):
        rejected.append((city, .decoding("the reply could not be stored: \(error)")))
      }
    }
    for (city, error) in rejected {
      outcomes[city.id] = try storeFailure(
        city, of: unit, error: error, request: singleRequest(unit, city), requestedAt: now())
    }
    return unit.cities.compactMap { outcomes[$0.id] }
  }

  /// Writes the city's `failed` fetch-log rows, and nothing else.
  private func storeFailure(
    _ city: City, of unit: Product.Unit, error: APIError, request: APIRequest, requestedAt: Int64
  ) throws -> Outcome {
    let fetches = product.failedFetches(
      city: city, of: unit, error: error, request: request, endpoints: client.endpoints,
      requestedAt: requestedAt)
    try store.write {
      for fetch in fetches { try store.insertFetch(fetch) }
    }
    return Outcome(city: city, dates: unit.dates, run: unit.run, status: .failed(error))
  }
}
