import Foundation
import OpenMeteo
import SkycastModel
import Store

/// The ensemble (`/v1/ensemble`) in the fetch pipeline, for `collect --ensemble`: one fetch-log
/// row per city for all its models (body SHA-256, its share of the call weight), and the members
/// of every variable and valid time. Its freshness rule counts only ensemble fetches, so a
/// deterministic fetch never makes the ensemble fresh.
package struct EnsembleProduct: FetchProduct {
  /// Ensemble bodies are large (every member is a column), so fewer than for the deterministic
  /// forecast: 5 cities of 51 members, 3 variables and 15 days are ~3 MB.
  package static let defaultBatchSize = 5

  package let options: EnsembleRequestOptions

  package init(options: EnsembleRequestOptions) { self.options = options }

  package var source: FetchSource { EnsembleRequestOptions.source }
  package var checkedModels: [String]? { options.models }
  package var warnsOfOtherZone: Bool { true }

  package func request(for unit: CityBatch, endpoints: Endpoints) -> APIRequest {
    options.request(for: unit.cities, base: endpoints.ensemble)
  }

  package func decode(_ bytes: [UInt8]) throws -> [EnsembleBlock] {
    try EnsembleDecoder(models: options.models, variables: options.variables).decode(bytes)
  }

  package func location(of decoded: EnsembleBlock) -> LocationBlock { decoded.location }

  package func item(
    _ decoded: EnsembleBlock, city: City, unit: CityBatch, provenance: ResponseProvenance
  ) -> EnsembleIngest.Item {
    EnsembleIngest.Item(ensemble: decoded, city: city, provenance: provenance)
  }

  package func city(of item: EnsembleIngest.Item) -> City { item.city }

  /// An ensemble whose every member value is missing or impossible (9999 °C, 1e308: dropped
  /// by the decoder) stores no row; it is a failed fetch, not a fresh one.
  package func emptinessProblem(_ decoded: EnsembleBlock) -> String? {
    guard decoded.valueCount == 0 else { return nil }
    let dropped = decoded.location.droppedValues.count
    return "the ensemble reply holds no member value to store (every value is missing"
      + (dropped > 0 ? " or outside its plausible range" : "") + ")"
  }

  package func storeEach(
    _ items: [EnsembleIngest.Item], store: Store, requestedAt: Int64, minInterval: Int?
  ) throws -> [Result<(counts: ForecastCounts, city: City)?, any Error>] {
    let results = try EnsembleIngest.storeEach(
      items, store: store, requestedAt: requestedAt, options: options, minInterval: minInterval)
    return zip(items, results).map { item, result in
      result.map { rows in rows.map { (ForecastCounts(rows: $0, fetches: 1), item.city) } }
    }
  }

  /// One row for the city (its models joined), with the weight of a request for it alone: an
  /// ensemble fetch is logged per city, whichever batch it failed in.
  package func failedFetches(
    city: City, of unit: CityBatch, error: APIError, request: APIRequest, endpoints: Endpoints,
    requestedAt: Int64
  ) -> [FetchRecord] {
    let single = options.request(for: [city], base: endpoints.ensemble)
    var fetch = FetchRecord(
      cityID: city.id, source: source, model: options.fetchModel, requestedAt: requestedAt,
      issuedAt: nil, status: .failed, httpStatus: error.httpStatus, error: error.description,
      url: single.displayURL)
    fetch.callWeight = single.weight
    return [fetch]
  }
}
