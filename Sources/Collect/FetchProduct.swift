import OpenMeteo
import SkycastModel
import Store

/// What one product of the Open-Meteo APIs (the forecast, the ensemble, the archive, the previous
/// runs) gives `FetchPipeline`: how to ask for one unit of work, decode the reply and store it or
/// its failure. Everything else (pacing, stopping, checks, locked writes) is the pipeline's.
package protocol FetchProduct: Sendable {
  /// What one request asks for: a batch of cities, or one city and a range of its dates.
  associatedtype Unit: FetchUnit
  /// One decoded location of a reply.
  associatedtype Decoded: Sendable
  /// One city's decoded location, ready to store.
  associatedtype Item
  /// What storing one city's reply wrote.
  associatedtype Counts: Sendable & Equatable

  /// The fetch log's `source`, whose successful fetches the freshness rule counts.
  var source: FetchSource { get }
  /// The models whose columns count as requested data in a reply; nil for any.
  var checkedModels: [String]? { get }
  /// Whether a reply in a UTC offset the city's zone never has is worth a warning (the forecast
  /// APIs answer in the zone asked for, so another offset means a server that ignores it).
  var warnsOfOtherZone: Bool { get }

  /// The request for `unit`.
  func request(for unit: Unit, endpoints: Endpoints) -> APIRequest
  /// The reply's locations, in the order the body lists them.
  func decode(_ bytes: [UInt8]) throws -> [Decoded]
  /// The location part of a decoded location (for its checks and `location_id`).
  func location(of decoded: Decoded) -> LocationBlock
  /// The item that stores `decoded` for `city` of `unit`.
  func item(_ decoded: Decoded, city: City, unit: Unit, provenance: ResponseProvenance) -> Item
  /// The item's city.
  func city(of item: Item) -> City
  /// Stores the items in one commit or several, each city atomically with its fetch-log rows;
  /// per item its counts and the city as stored (a zone adopted), nil when the city turned out
  /// fresh inside the transaction (only with a `minInterval`), or the error that rolled it back.
  /// A busy database is thrown, so the pipeline can wait for the lock.
  func storeEach(_ items: [Item], store: Store, requestedAt: Int64, minInterval: Int?) throws
    -> [Result<(counts: Counts, city: City)?, any Error>]
  /// The `failed` fetch-log rows of `city` of `unit` (`request` is the one that failed).
  func failedFetches(
    city: City, of unit: Unit, error: APIError, request: APIRequest, endpoints: Endpoints,
    requestedAt: Int64
  ) -> [FetchRecord]
  /// The models whose run `meta.json` tells, read before and after each call (`collect`);
  /// nil for products that know their run otherwise or not at all.
  var runModels: [String]? { get }
  /// Why `decoded` holds nothing to store (every value missing or impossible), or nil: such a
  /// reply is a failed fetch with that reason, never an ok fetch of 0 rows that would make the
  /// city fresh.
  func emptinessProblem(_ decoded: Decoded) -> String?
  /// Why `decoded` holds times outside what `unit` asked for (`ReplyPeriod`), or nil: such a
  /// reply is a failed fetch with that reason, and nothing of it is stored.
  func periodProblem(_ decoded: Decoded, unit: Unit) -> String?
}

extension FetchProduct {
  /// No run metadata: every product but the forecast's.
  package var runModels: [String]? { nil }

  /// Products whose stored rows count their own emptiness (the forecast's rows whose every
  /// value is NULL are never stored, and the location check asks for the requested columns).
  package func emptinessProblem(_ decoded: Decoded) -> String? { nil }

  /// Products that ask for no period of their own (the forecast and ensemble answer from now).
  package func periodProblem(_ decoded: Decoded, unit: Unit) -> String? { nil }
}

extension FetchUnit {
  /// No model run: all units but `backfill --runs`'.
  package var run: Int64? { nil }
}
