import Foundation
import OpenMeteo
import SkycastModel
import Store

/// Fetches ensemble forecasts (`/v1/ensemble`) for saved cities and appends their members to the
/// history, with `Collector`'s guarantees: the freshness rule (per source, so a deterministic
/// fetch never makes the ensemble fresh), several cities per request with a city-by-city retry
/// when a batch fails, each city stored atomically with its fetch-log row (body SHA-256, its
/// share of the call weight), and a `failed` fetch row for every city that could not be stored.
package typealias EnsembleCollector = ProductCollector<EnsembleProduct>

/// The ensemble (`/v1/ensemble`) in the fetch pipeline: one fetch-log row per city for all its
/// models, and the members of every variable and valid time.
package enum EnsembleProduct: FetchedProduct {
  package static let source = EnsembleRequestOptions.source
  /// Ensemble bodies are large (every member is a column), so fewer than for the deterministic
  /// forecast: 5 cities of 51 members, 3 variables and 15 days are ~3 MB.
  package static let defaultBatchSize = 5

  package static func request(
    for cities: [City], options: EnsembleRequestOptions, endpoints: Endpoints
  ) -> APIRequest {
    options.request(for: cities, base: endpoints.ensemble)
  }

  package static func decode(_ bytes: [UInt8], options: EnsembleRequestOptions) throws
    -> [DecodedEnsemble]
  {
    try EnsembleDecoder(models: options.models, variables: options.variables).decode(bytes)
  }

  package static func location(of decoded: DecodedEnsemble) -> DecodedLocation {
    decoded.location
  }

  package static func models(_ options: EnsembleRequestOptions) -> [String] { options.models }

  package static func item(_ decoded: DecodedEnsemble, city: City, provenance: ResponseProvenance)
    -> EnsembleIngest.Item
  {
    EnsembleIngest.Item(ensemble: decoded, city: city, provenance: provenance)
  }

  package static func storeEach(
    _ items: [EnsembleIngest.Item], store: Store, requestedAt: Int64,
    options: EnsembleRequestOptions, minInterval: Int?
  ) throws -> [Result<(rows: Int, fetches: Int)?, any Error>] {
    try EnsembleIngest.storeEach(
      items, store: store, requestedAt: requestedAt, options: options, minInterval: minInterval
    ).map { result in result.map { rows in rows.map { ($0, 1) } } }
  }

  /// One row for the city (its models joined), with the weight of a request for it alone: an
  /// ensemble fetch is logged per city, whichever batch it failed in.
  package static func failedFetches(
    city: City, error: APIError, request: APIRequest, options: EnsembleRequestOptions,
    endpoints: Endpoints, requestedAt: Int64
  ) -> [FetchRecord] {
    let single = options.request(for: [city], base: endpoints.ensemble)
    var fetch = FetchRecord(
      cityID: city.id, source: source, model: options.fetchModel, requestedAt: requestedAt,
      issuedAt: nil, status: .failed, httpStatus: error.httpStatus, error: error.description,
      url: single.displayURL)
    fetch.callWeight = single.weight
    return [fetch]
  }

  package static func city(of item: EnsembleIngest.Item) -> City { item.city }
}
