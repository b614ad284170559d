import Foundation
import OpenMeteo
import SQLiteKit
import SkycastModel
import Store

/// What happened to one city in a `collect` run.
public struct CollectOutcome: Sendable, Equatable {
  public enum Status: Sendable, Equatable {
    /// Stored `rows` data rows across `fetches` fetch-log rows (one per model).
    case collected(rows: Int, fetches: Int)
    /// Not fetched: fetched successfully `age` seconds ago (the `--min-interval` rule), or
    /// another run stored it first.
    case skipped(reason: String)
    /// The request failed; a `failed` fetch row was written.
    case failed(APIError)
    /// Not attempted because an hourly or daily rate limit stopped the run.
    case notAttempted(reason: String)
  }

  public let city: City
  public let status: Status
}

/// Progress events for the CLI.
public enum CollectEvent: Sendable {
  case requesting(cities: [City], index: Int, total: Int)
  case decodeWarning(city: City, message: String)
  /// Something in a stored reply the user must hear of: impossible values stored as NULL, or a
  /// grid point in another time zone.
  case alert(city: City, message: String)
  /// Another process held the write lock past the busy timeout; storing is tried again.
  case writeRetry(cities: [City], attempt: Int)
}

/// Fetches forecasts for saved cities and appends them to the history.
///
/// One request in flight at a time; cities are batched (several coordinates per request), and a
/// failed batch is retried city by city so one bad city never sinks the others. Each city's
/// fetch is stored atomically: its fetch-log rows and all hourly, daily and current rows commit
/// together, or a `failed` fetch row is written and nothing else.
public final class Collector {
  package let store: Store
  package let client: HTTPClient
  package let now: () -> Int64
  package let onEvent: (CollectEvent) -> Void
  /// Cities per request.
  public var batchSize = Collector.defaultBatchSize
  /// Cities per request unless changed: 10 locations keep a 16-day request near 50 calls.
  public static let defaultBatchSize = 10
  /// Further tries to store a fetched batch while another process holds the write lock past
  /// the busy timeout (10 s each).
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

  /// Collects `cities`. Cities fetched successfully less than `minInterval` seconds ago are
  /// skipped unless `force`.
  public func collect(
    cities: [City], options: ForecastRequestOptions, minInterval: Int, force: Bool
  ) async throws -> [CollectOutcome] {
    var outcomes: [Int64: CollectOutcome] = [:]
    var due: [City] = []
    let start = now()
    for city in cities {
      if !force, minInterval > 0,
        let last = try store.freshFetch(
          cityID: city.id, now: start, minInterval: Int64(minInterval))
      {
        outcomes[city.id] = CollectOutcome(
          city: city,
          status: .skipped(reason: "fetched \(Self.age(start - last)) ago; --force to fetch anyway")
        )
      } else {
        due.append(city)
      }
    }
    let batches = stride(from: 0, to: due.count, by: max(1, batchSize)).map {
      Array(due[$0..<min($0 + max(1, batchSize), due.count)])
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
          afterWeight: options.request(for: batches[number - 1], base: client.endpoints.forecast)
            .weight)
      }
      onEvent(.requesting(cities: batch, index: done, total: due.count))
      let results = try await fetchBatch(
        batch, options: options, minInterval: minInterval, force: force)
      for outcome in results {
        outcomes[outcome.city.id] = outcome
        if case .failed(let error) = outcome.status, error.stopsAllRequests {
          stopReason = "stopped after \(error)"
        }
      }
      done += batch.count
    }
    return cities.compactMap { outcomes[$0.id] }
  }

  /// One request for the batch; on failure, one request per city (without retries) so the
  /// other cities still get their data.
  package func fetchBatch(
    _ batch: [City], options: ForecastRequestOptions, minInterval: Int, force: Bool
  ) async throws -> [CollectOutcome] {
    let result = await attempt(batch, options: options, policy: client.policy)
    switch result {
    case .success(let response):
      return try await storeSuccess(
        response, cities: batch, options: options, minInterval: minInterval, force: force)
    case .failure(let error) where batch.count == 1 || error.stopsAllRequests:
      return try batch.map {
        try storeFailure(
          $0, error: error, request: options.request(for: [$0], base: client.endpoints.forecast),
          options: options)
      }
    case .failure:
      var outcomes: [CollectOutcome] = []
      for (number, city) in batch.enumerated() {
        if number > 0 {
          await client.pause(
            afterWeight: options.request(for: [batch[number - 1]], base: client.endpoints.forecast)
              .weight)
        }
        var single = client.policy
        single.retries = 0
        switch await attempt([city], options: options, policy: single) {
        case .success(let response):
          outcomes += try await storeSuccess(
            response, cities: [city], options: options, minInterval: minInterval, force: force)
        case .failure(let error):
          outcomes.append(
            try storeFailure(
              city, error: error,
              request: options.request(for: [city], base: client.endpoints.forecast),
              options: options))
        }
      }
      return outcomes
    }
  }

  /// A successful, decoded response.
  package struct Response {
    package let request: APIRequest
    package let requestedAt: Int64
    package let body: HTTPBody
    package let locations: [DecodedLocation]
  }

  package func attempt(_ cities: [City], options: ForecastRequestOptions, policy: RetryPolicy) async
    -> Result<Response, APIError>
  {
    let request = options.request(for: cities, base: client.endpoints.forecast)
    let decoder = ResponseDecoder(models: options.models)
    let expected = cities.count
    do {
      let (body, locations) = try await client.send(request, policy: policy) { bytes in
        let locations = try decoder.decode(bytes)
        guard locations.count == expected else {
          throw APIError.decoding("expected \(expected) locations, got \(locations.count)")
        }
        // Several locations may come back in any order; `location_id` says which is which.
        let ids = locations.map(\.locationID)
        guard Set(ids) == Set(0..<expected) else {
          throw APIError.decoding(
            "location_id values \(ids.map(String.init).joined(separator: ",")) do not match the "
              + "\(expected) requested locations")
        }
        return locations.sorted { $0.locationID < $1.locationID }
      }
      return .success(
        Response(request: request, requestedAt: body.requestedAt, body: body, locations: locations))
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
    _ response: Response, cities: [City], options: ForecastRequestOptions, minInterval: Int,
    force: Bool
  ) async throws -> [CollectOutcome] {
    let provenance = ResponseProvenance(
      url: response.request.displayURL, body: response.body.bytes,
      callWeight: response.request.weight / Double(response.locations.count))
    var outcomes: [Int64: CollectOutcome] = [:]
    var rejected: [(City, APIError)] = []
    var items: [ForecastIngest.Item] = []
    for (city, location) in zip(cities, response.locations) {
      for warning in location.warnings { onEvent(.decodeWarning(city: city, message: warning)) }
      for line in location.droppedValues { onEvent(.alert(city: city, message: line)) }
      if let warning = LocationCheck.zoneWarning(location, city: city, at: response.requestedAt) {
        onEvent(.alert(city: city, message: warning))
      }
      if let problem = LocationCheck.problem(
        location, for: city, models: options.storedModels, at: response.requestedAt)
      {
        rejected.append((city, .decoding(problem)))
      } else {
        items.append(ForecastIngest.Item(location: location, city: city, provenance: provenance))
      }
    }
    var results: [Result<(rows: Int, fetches: Int)?, any Error>] = []
    do {
      let waiting = items.map(\.city)
      let onEvent = self.onEvent
      results = try await LockedWrite.retrying(
        retries: lockedWriteRetries, sleep: client.sleep,
        onRetry: { onEvent(.writeRetry(cities: waiting, attempt: $0)) },
        {
          try ForecastIngest.storeEach(
            items, store: store, requestedAt: response.requestedAt, models: options.storedModels,
            minInterval: force || minInterval <= 0 ? nil : minInterval)
        })
    } catch let error as SQLiteError where error.isBusy {
      let reason = LockedWrite.failure(tries: lockedWriteRetries + 1)
      for item in items {
        outcomes[item.city.id] =
          (try? storeFailure(item.city, error: reason, request: response.request, options: options))
          ?? CollectOutcome(city: item.city, status: .failed(reason))
      }
      items = []
    }
    for (item, stored) in zip(items, results) {
      let city = item.city
      switch stored {
      case .success(let counts?):
        outcomes[city.id] = CollectOutcome(
          city: city, status: .collected(rows: counts.rows, fetches: counts.fetches))
      case .success(nil):
        outcomes[city.id] = CollectOutcome(
          city: city, status: .skipped(reason: "another run stored it first"))
      case .failure(let error):
        rejected.append((city, .decoding("the reply could not be stored: \(error)")))
      }
    }
    for (city, error) in rejected {
      outcomes[city.id] = try storeFailure(
        city, error: error, request: options.request(for: [city], base: client.endpoints.forecast),
        options: options)
    }
    return cities.compactMap { outcomes[$0.id] }
  }

  package func storeFailure(
    _ city: City, error: APIError, request: APIRequest, options: ForecastRequestOptions
  ) throws -> CollectOutcome {
    let requestedAt = now()
    try store.write {
      for model in options.storedModels {
        var fetch = FetchRecord(
          cityID: city.id, source: "forecast", model: model, requestedAt: requestedAt,
          issuedAt: nil, status: .failed, httpStatus: error.httpStatus, error: error.description,
          url: request.displayURL)
        fetch.callWeight = request.weight / Double(options.storedModels.count)
        try store.insertFetch(fetch)
      }
    }
    return CollectOutcome(city: city, status: .failed(error))
  }

  /// `12 min`, `3 h`, `2 days`.
  public static func age(_ seconds: Int64) -> String {
    switch seconds {
    case ..<90: "\(max(0, seconds)) s"
    case ..<5400: "\(seconds / 60) min"
    case ..<(2 * 86_400): "\(seconds / 3600) h"
    default: "\(seconds / 86_400) days"
    }
  }
}

@available(*, unavailable)
extension Collector: Sendable {}
