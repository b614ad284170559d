import Foundation
import OpenMeteo
import SkycastModel
import Store

/// The deterministic forecast (`/v1/forecast`) in the fetch pipeline: one fetch-log row per
/// model, hourly, daily and current rows, for `collect` and `now --refresh`.
package struct ForecastProduct: FetchProduct {
  /// 10 locations keep a 16-day request near 50 calls.
  package static let defaultBatchSize = 10

  package let options: ForecastRequestOptions

  package init(options: ForecastRequestOptions) { self.options = options }

  package var source: FetchSource { .forecast }
  package var checkedModels: [String]? { options.storedModels }
  package var warnsOfOtherZone: Bool { true }
  package var runModels: [String]? { options.storedModels }

  package func request(for unit: CityBatch, endpoints: Endpoints) -> APIRequest {
    options.request(for: unit.cities, base: endpoints.forecast)
  }

  package func decode(_ bytes: [UInt8]) throws -> [LocationBlock] {
    try ResponseDecoder(models: options.models).decode(bytes)
  }

  package func location(of decoded: LocationBlock) -> LocationBlock { decoded }

  package func item(
    _ decoded: LocationBlock, city: City, unit: CityBatch, provenance: ResponseProvenance
  ) -> ForecastIngest.Item {
    ForecastIngest.Item(location: decoded, city: city, provenance: provenance)
  }

  package func city(of item: ForecastIngest.Item) -> City { item.city }

  package func storeEach(
    _ items: [ForecastIngest.Item], store: Store, requestedAt: Int64, minInterval: Int?
  ) throws -> [Result<(counts: ForecastCounts, city: City)?, any Error>] {
    let results = try ForecastIngest.storeEach(
      items, store: store, requestedAt: requestedAt, models: options.storedModels,
      minInterval: minInterval)
    return zip(items, results).map { item, result in
      result.map { stored in
        stored.map { (ForecastCounts(rows: $0.rows, fetches: $0.fetches), item.city) }
      }
    }
  }

  package func failedFetches(
    city: City, of unit: CityBatch, error: APIError, request: APIRequest, endpoints: Endpoints,
    requestedAt: Int64
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
}
