import Collect
import Foundation
import OpenMeteo
import SkycastModel
import Store
import Synthetic

/// The synthetic workload: places, issue times and the bodies the API would have sent.
struct Workload {
  let history: SyntheticHistory
  let issues: [Int64]
  let startDate: LocalDate
  let days: Int

  init(options: BenchOptions) {
    days = options.days
    history = SyntheticHistory(
      places: SyntheticCity.spread(options.cities), seed: options.seed,
      forecastDays: options.forecastDays)
    startDate = LocalDate(year: 2026, month: 1, day: 1)!
    let step = Int64(86_400 / max(1, options.issuesPerDay))
    let first = startDate.midnightAsUTC
    issues = (0..<(options.days * options.issuesPerDay)).map { first + Int64($0) * step }
  }

  var bodyCount: Int { issues.count * history.places.count }

  /// The `index`-th (place, issue) pair in ingest order (issue-major, like a cron job).
  func job(_ index: Int) -> (place: Int, issuedAt: Int64) {
    (index % history.places.count, issues[index / history.places.count])
  }

  /// Saves the places as cities and returns them in place order.
  func addCities(to store: Store) throws -> [City] {
    try history.places.map { try store.addCity($0.city(addedAt: startDate.midnightAsUTC)) }
  }

  /// Decodes and stores one issue's bodies through the collector's own code path: a batch of
  /// cities per commit, each city in its own savepoint (`ForecastProduct.defaultBatchSize`, 10,
  /// the batch `collect` sends).
  static func ingest(_ bodies: [(city: City, body: [UInt8])], issuedAt: Int64, store: Store) throws
  {
    for start in stride(from: 0, to: bodies.count, by: 10) {
      let items = try bodies[start..<min(start + 10, bodies.count)].map { city, body in
        ForecastIngest.Item(
          location: try ResponseDecoder().decode(body)[0], city: city,
          provenance: ResponseProvenance(
            url: "synthetic://skycast-bench", body: body, callWeight: nil))
      }
      _ = try ForecastIngest.storeBatch(
        items, store: store, requestedAt: issuedAt, models: [ModelName.bestMatch], minInterval: nil)
    }
  }

  /// Observations (the truth) for every place over the whole period plus the forecast horizon.
  func addObservations(to store: Store, cities: [City]) throws {
    let end = startDate.adding(days: days + history.forecastDays)
    for (index, city) in cities.enumerated() {
      let body = history.archiveBody(place: index, from: startDate, to: end)
      let location = try ResponseDecoder(models: [FetchSource.era5Model]).decode(body)[0]
      try store.write {
        let fetchID = try store.insertFetch(
          FetchRecord(
            cityID: city.id, source: .era5, model: FetchSource.era5Model,
            requestedAt: end.midnightAsUTC,
            status: .ok, url: "synthetic://skycast-bench"))
        _ = try store.upsertObservations(
          location, model: FetchSource.era5Model, city: city, source: .era5,
          fetchID: fetchID,
          fetchedAt: end.midnightAsUTC)
      }
    }
  }
}
