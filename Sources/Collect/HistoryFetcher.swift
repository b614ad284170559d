import OpenMeteo
import SQLiteKit
import SkycastModel
import Store

/// The API-specific half of a history fetch: how to ask for a city's dates, and how to store
/// one decoded answer. `Observer` (archive) and `Backfiller` (previous runs) supply one.
package protocol HistoryProduct: Sendable {
  /// `fetches.source` (`era5`, `archive`, `previous-runs`).
  var fetchSource: String { get }
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
    _ location: DecodedLocation, city: City, dates: ClosedRange<LocalDate>, fetchID: Int64,
    fetchedAt: Int64, store: Store
  ) throws -> HistoryCounts
}

/// Runs a history fetch: every city's date range cut into chunks, one request in flight at a
/// time, a pause between requests proportional to the previous request's call weight (so long
/// runs stay under Open-Meteo's 600 calls per minute), and each answer stored atomically with
/// its fetch-log row, or a `failed` fetch row and nothing else. An hourly or daily rate limit
/// stops the run; every other failure is recorded and the run goes on.
package final class HistoryFetcher {
  package let store: Store
  package let client: HTTPClient
  package let now: () -> Int64
  package let onEvent: (HistoryEvent) -> Void
  package let product: any HistoryProduct

  package init(
    store: Store, client: HTTPClient, product: any HistoryProduct, now: @escaping () -> Int64,
    onEvent: @escaping (HistoryEvent) -> Void
  ) {
    self.store = store
    self.client = client
    self.product = product
    self.now = now
    self.onEvent = onEvent
  }

  /// Fetches and stores `plan` (each city with its own date range), in order.
  package func run(_ plan: [(city: City, dates: ClosedRange<LocalDate>)]) async throws
    -> [HistoryOutcome]
  {
    let jobs = plan.flatMap { item in
      item.dates.chunked(days: product.chunkDays).map { (item.city.id, $0) }
    }
    var cities = Dictionary(
      plan.map { ($0.city.id, $0.city) }, uniquingKeysWith: { first, _ in first })
    var outcomes: [HistoryOutcome] = []
    var stopReason: String?
    var previousWeight: Double?
    for (index, job) in jobs.enumerated() {
      guard let city = cities[job.0] else { continue }
      if let stopReason {
        outcomes.append(
          HistoryOutcome(city: city, dates: job.1, status: .notAttempted(reason: stopReason)))
        continue
      }
      let request = product.request(for: city, dates: job.1, endpoints: client.endpoints)
      if let previousWeight {
        await client.pause(afterWeight: previousWeight)
      }
      previousWeight = request.weight
      onEvent(.requesting(city: city, dates: job.1, index: index, total: jobs.count))
      let (outcome, updatedCity) = try await fetch(request, city: city, dates: job.1)
      cities[city.id] = updatedCity
      if case .failed(let error) = outcome.status, error.stopsAllRequests {
        stopReason = "stopped after \(error)"
      }
      outcomes.append(outcome)
    }
    return outcomes
  }

  /// One request: stored with its fetch row, or a failed fetch row. Returns the city with the
  /// zone the API chose when it had none (`timezone=auto`).
  package func fetch(
    _ request: APIRequest, city: City, dates: ClosedRange<LocalDate>
  ) async throws -> (HistoryOutcome, City) {
    let requestedAt = now()
    let decoder = product.decoder
    let result: Result<(HTTPBody, DecodedLocation), APIError>
    do {
      let (body, locations) = try await client.send(request) { bytes in
        let locations = try decoder.decode(bytes)
        guard locations.count == 1 else {
          throw APIError.decoding("expected 1 location, got \(locations.count)")
        }
        return locations
      }
      result = .success((body, locations[0]))
    } catch let error as APIError {
      result = .failure(error)
    } catch {
      result = .failure(.transport("\(error)"))
    }
    switch result {
    case .success(let (body, location)):
      for warning in location.warnings { onEvent(.decodeWarning(city: city, message: warning)) }
      for line in location.droppedValues { onEvent(.alert(city: city, message: line)) }
      if let problem = LocationCheck.problem(
        location, for: city, models: nil, at: body.requestedAt)
      {
        return try fail(
          .decoding(problem), request: request, city: city, dates: dates,
          requestedAt: requestedAt)
      }
      do {
        let (counts, stored) = try await LockedWrite.retrying(sleep: client.sleep) {
          try storeSuccess(
            location, body: body, request: request, requestedAt: body.requestedAt, city: city,
            dates: dates)
        }
        return (HistoryOutcome(city: stored, dates: dates, status: .stored(counts)), stored)
      } catch let error as SQLiteError where error.isBusy {
        let reason = LockedWrite.failure(tries: LockedWrite.retries + 1)
        return (HistoryOutcome(city: city, dates: dates, status: .failed(reason)), city)
      } catch let error as SQLiteError {
        return try fail(
          .decoding("the reply could not be stored: \(error)"), request: request, city: city,
          dates: dates, requestedAt: requestedAt)
      }
    case .failure(let error):
      return try fail(
        error, request: request, city: city, dates: dates, requestedAt: requestedAt)
    }
  }

  /// Writes the `failed` fetch row of one request.
  package func fail(
    _ error: APIError, request: APIRequest, city: City, dates: ClosedRange<LocalDate>,
    requestedAt: Int64
  ) throws -> (HistoryOutcome, City) {
    try store.write {
      var fetch = FetchRecord(
        cityID: city.id, source: product.fetchSource, model: product.fetchModel,
        requestedAt: requestedAt, issuedAt: nil, status: .failed,
        httpStatus: error.httpStatus, error: error.description, url: request.displayURL)
      fetch.callWeight = request.weight
      try store.insertFetch(fetch)
    }
    return (HistoryOutcome(city: city, dates: dates, status: .failed(error)), city)
  }

  /// The fetch row and every data row of one answer, in one transaction.
  package func storeSuccess(
    _ location: DecodedLocation, body: HTTPBody, request: APIRequest, requestedAt: Int64,
    city: City, dates: ClosedRange<LocalDate>
  ) throws -> (HistoryCounts, City) {
    let provenance = ResponseProvenance(
      url: request.displayURL, body: body.bytes, callWeight: request.weight)
    return try store.write {
      let city = try store.adoptTimezone(of: location, for: city)
      var fetch = FetchRecord(
        cityID: city.id, source: product.fetchSource, model: product.fetchModel,
        requestedAt: requestedAt, issuedAt: nil, status: .ok, httpStatus: body.status)
      fetch.record(location)
      fetch.record(provenance)
      let fetchID = try store.insertFetch(fetch)
      let counts = try product.storeRows(
        location, city: city, dates: dates, fetchID: fetchID, fetchedAt: requestedAt,
        store: store)
      try store.setFetchRows(
        counts.updated.map { counts.inserted + $0 } ?? counts.rows, fetchID: fetchID)
      return (counts, city)
    }
  }
}

@available(*, unavailable)
extension HistoryFetcher: Sendable {}

extension ClosedRange where Bound == LocalDate {
  /// The range cut into consecutive ranges of at most `days` dates (the requests of an
  /// `observe` or `backfill` run).
  public func chunked(days: Int) -> [ClosedRange<LocalDate>] {
    let size = Swift.max(1, days)
    var result: [ClosedRange<LocalDate>] = []
    var start = lowerBound
    while start <= upperBound {
      let end = Swift.min(start.adding(days: size - 1), upperBound)
      result.append(start...end)
      start = end.adding(days: 1)
    }
    return result
  }
}
