import Foundation
import OpenMeteo
import SkycastModel
import Store

/// What happened to one city in a `collect` run.
public struct CollectOutcome: Sendable, Equatable {
  public enum Status: Sendable, Equatable {
    /// Stored `rows` data rows across `fetches` fetch-log rows (one per model).
    case collected(rows: Int, fetches: Int)
    /// Not fetched: still fresh, or another run stored it first.
    case skipped(SkipReason)
    /// The request failed; a `failed` fetch row was written.
    case failed(APIError)
    /// Not attempted because an hourly or daily rate limit stopped the run.
    case notAttempted(reason: String)
  }

  /// Why a city was not fetched.
  public enum SkipReason: Sendable, Equatable {
    /// Its newest successful fetch is `age` seconds old, under the minimum interval.
    case fresh(age: Int64)
    /// Another run stored a fresh fetch while this one was requesting (the re-check inside
    /// the write transaction).
    case storedByAnotherRun
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
package typealias Collector = ProductCollector<ForecastProduct>

/// Fetches `Product` for saved cities through `FetchPipeline`, with a batch size and lock
/// retries that callers (and tests) may change.
package final class ProductCollector<Product: FetchedProduct> {
  package let store: Store
  package let client: HTTPClient
  package let now: () -> Int64
  package let onEvent: (CollectEvent) -> Void
  /// Cities per request.
  package var batchSize = Product.defaultBatchSize
  /// Cities per request unless changed.
  package static var defaultBatchSize: Int { Product.defaultBatchSize }
  /// Further tries to store a fetched batch while another process holds the write lock past
  /// the busy timeout (10 s each).
  package var lockedWriteRetries = LockedWrite.retries

  package init(
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
  package func collect(
    cities: [City], options: Product.Options, minInterval: Int, force: Bool
  ) async throws -> [CollectOutcome] {
    try await FetchPipeline<Product>(
      store: store, client: client, now: now, onEvent: onEvent, batchSize: batchSize,
      lockedWriteRetries: lockedWriteRetries, options: options
    ).collect(cities: cities, minInterval: minInterval, force: force)
  }

  /// `12 min`, `3 h`, `2 days`.
  package static func age(_ seconds: Int64) -> String {
    switch seconds {
    case ..<90: "\(max(0, seconds)) s"
    case ..<5400: "\(seconds / 60) min"
    case ..<(2 * 86_400): "\(seconds / 3600) h"
    default: "\(seconds / 86_400) days"
    }
  }
}

@available(*, unavailable)
extension ProductCollector: Sendable {}

/// The deterministic forecast (`/v1/forecast`) in the fetch pipeline: one fetch-log row per
/// model, hourly, daily and current rows.
package enum ForecastProduct: FetchedProduct {
  package static let source = "forecast"
  /// 10 locations keep a 16-day request near 50 calls.
  package static let defaultBatchSize = 10

  package static func request(
    for cities: [City], options: ForecastRequestOptions, endpoints: Endpoints
  ) -> APIRequest {
    options.request(for: cities, base: endpoints.forecast)
  }

  package static func decode(_ bytes: [UInt8], options: ForecastRequestOptions) throws
    -> [DecodedLocation]
  {
    try ResponseDecoder(models: options.models).decode(bytes)
  }

  package static func location(of decoded: DecodedLocation) -> DecodedLocation { decoded }

  package static func models(_ options: ForecastRequestOptions) -> [String] {
    options.storedModels
  }

  package static func item(_ decoded: DecodedLocation, city: City, provenance: ResponseProvenance)
    -> ForecastIngest.Item
  {
    ForecastIngest.Item(location: decoded, city: city, provenance: provenance)
  }

  package static func storeEach(
    _ items: [ForecastIngest.Item], store: Store, requestedAt: Int64,
    options: ForecastRequestOptions, minInterval: Int?
  ) throws -> [Result<(rows: Int, fetches: Int)?, any Error>] {
    try ForecastIngest.storeEach(
      items, store: store, requestedAt: requestedAt, models: options.storedModels,
      minInterval: minInterval)
  }

  package static func failedFetches(
    city: City, error: APIError, request: APIRequest, options: ForecastRequestOptions,
    endpoints: Endpoints, requestedAt: Int64
  ) -> [FetchRecord] {
    options.storedModels.map { model in
      var fetch = FetchRecord(
        cityID: city.id, source: source, model: model, requestedAt: requestedAt,
        issuedAt: nil, status: .failed, httpStatus: error.httpStatus, error: error.description,
        url: request.displayURL)
      fetch.callWeight = request.weight / Double(options.storedModels.count)
      return fetch
    }
  }

  package static func city(of item: ForecastIngest.Item) -> City { item.city }
}
