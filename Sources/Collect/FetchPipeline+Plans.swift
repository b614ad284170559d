import OpenMeteo
import SkycastModel
import Store

/// A forecast-style product: several cities a request.
extension FetchPipeline where Product.Unit == CityBatch {
  /// Fetches `cities` in batches of `batchSize`; those fetched successfully less than
  /// `minInterval` seconds ago are skipped unless `force`. One outcome per city, in order.
  package func collect(cities: [City], batchSize: Int, minInterval: Int, force: Bool)
    async throws -> [Outcome]
  {
    var outcomes: [Int64: Outcome] = [:]
    var due: [City] = []
    let start = now()
    for city in cities {
      if !force, minInterval > 0,
        let last = try store.freshFetch(
          cityID: city.id, source: product.source, now: start, minInterval: Int64(minInterval))
      {
        outcomes[city.id] = Outcome(
          city: city, dates: nil, status: .skipped(.fresh(age: start - last)))
      } else {
        due.append(city)
      }
    }
    let fetched = try await run(
      CityBatch.batches(due, size: batchSize),
      minInterval: force || minInterval <= 0 ? nil : minInterval
    )
    for outcome in fetched { outcomes[outcome.city.id] = outcome }
    return cities.compactMap { outcomes[$0.id] }
  }

}

/// A history product: one city and a range of its dates a request.
extension FetchPipeline where Product: HistoryProduct {
  /// Fetches each city's range in chunks of at most the product's `chunkDays` dates, in order.
  package func fetch(_ plan: [(city: City, dates: ClosedRange<LocalDate>)]) async throws
    -> [Outcome]
  {
    let units = plan.flatMap { item in
      item.dates.chunked(days: product.chunkDays).map { CityChunk(item.city, $0) }
    }
    return try await run(units, minInterval: nil)
  }
}

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
