import OpenMeteo
import SkycastModel
import Store

/// `backfill --runs` in the fetch pipeline: each past run of one model stored whole as a
/// forecast issued at its initialisation time, source `single-runs`, so every lead is the true
/// lead from the run. One fetch-log row per city and run (`issued_at` = the run); rows are
/// upserted on (city, series, valid time, issue time), so storing a run again changes nothing.
package struct SingleRunsProduct: FetchProduct {
  package let options: SingleRunsRequestOptions

  package init(options: SingleRunsRequestOptions) { self.options = options }

  package var source: FetchSource { .singleRuns }
  package var checkedModels: [String]? { [options.model] }
  package var warnsOfOtherZone: Bool { true }

  package func request(for unit: RunBatch, endpoints: Endpoints) -> APIRequest {
    options.request(for: unit.cities, run: unit.runTime, base: endpoints.singleRuns)
  }

  package func decode(_ bytes: [UInt8]) throws -> [LocationBlock] {
    try ResponseDecoder(models: [options.model]).decode(bytes)
  }

  package func location(of decoded: LocationBlock) -> LocationBlock { decoded }

  package func item(
    _ decoded: LocationBlock, city: City, unit: RunBatch, provenance: ResponseProvenance
  ) -> SingleRunItem {
    SingleRunItem(location: decoded, city: city, run: unit.runTime, provenance: provenance)
  }

  package func city(of item: SingleRunItem) -> City { item.city }

  /// Hours before the run's local day or past the longest horizon: a reply dated before its
  /// run would store negative leads.
  package func periodProblem(_ decoded: LocationBlock, unit: RunBatch) -> String? {
    ReplyPeriod.run(unit.runTime, offset: decoded.utcOffsetSeconds).problem(decoded)
  }

  /// A run whose every forecast value is missing or impossible (all null, all 9999) is a
  /// failed fetch: storing it would be an ok fetch of 0 rows that marks the run as had.
  /// Astronomical columns (sunrise, sunset, is_day) are no forecast and do not count.
  package func emptinessProblem(_ decoded: LocationBlock) -> String? {
    let astronomical: Set<WeatherVariable> = [.sunrise, .sunset, .isDay]
    let blocks = [decoded.hourly, decoded.daily].compactMap { $0 }
    let values = blocks.reduce(0) { total, block in
      total
        + block.columns.filter { !astronomical.contains($0.key.variable) }.values
        .reduce(0) { $0 + $1.lazy.filter { $0 != nil }.count }
    }
    guard values == 0 else { return nil }
    return "the single run holds no value to store (every value is missing"
      + (decoded.droppedValues.isEmpty ? "" : " or outside its plausible range") + ")"
  }

  /// Each city's run in its own savepoint of one commit; a run another process stored in the
  /// meantime is left alone (nil).
  package func storeEach(
    _ items: [SingleRunItem], store: Store, requestedAt: Int64, minInterval: Int?
  ) throws -> [Result<(counts: ForecastCounts, city: City)?, any Error>] {
    try store.write {
      try Store.eachAlone(items) { item in
        try store.write { try storeOne(item, store: store, requestedAt: requestedAt) }
      }
    }
  }

  private func storeOne(_ item: SingleRunItem, store: Store, requestedAt: Int64) throws
    -> (counts: ForecastCounts, city: City)?
  {
    let stored = try store.storedRuns(
      cityID: item.city.id, source: source, model: options.model, from: item.run, to: item.run)
    guard stored.isEmpty else { return nil }
    let city = try store.adoptTimezone(of: item.location, for: item.city)
    // The run is the one asked for: recorded like collect's, so leads from the run and
    // `runCoverage` count single runs too (availability is not published for past runs).
    var provenance = item.provenance
    provenance.runs[options.model] = ModelRunRecord(
      initialisedAt: item.run, availableAt: nil, note: nil)
    let rows = try ForecastIngest.storeModel(
      options.model, of: item.location, city: city, source: .singleRuns, issuedAt: item.run,
      requestedAt: requestedAt, provenance: provenance, rowsPerBody: 1, store: store)
    return (ForecastCounts(rows: rows, fetches: 1), city)
  }

  /// One `failed` row per city, with the run as its issue time (a later run retries it).
  package func failedFetches(
    city: City, of unit: RunBatch, error: APIError, request: APIRequest, endpoints: Endpoints,
    requestedAt: Int64
  ) -> [FetchRecord] {
    var fetch = FetchRecord(
      cityID: city.id, source: source, model: options.model, requestedAt: requestedAt,
      issuedAt: unit.runTime, status: .failed, httpStatus: error.httpStatus,
      error: error.description,
      url: request.displayURL)
    let locations = request.query.first { $0.0 == "latitude" }?.1.split(separator: ",").count
    fetch.callWeight = request.weight / Double(max(1, locations ?? 1))
    return [fetch]
  }
}

extension FetchPipeline where Product == SingleRunsProduct {
  /// Fetches every run of `runs` for the cities that do not have it yet, `batchSize` cities a
  /// request; the others are `alreadyStored`. One outcome per city and run, in run order.
  package func backfillRuns(cities: [City], runs: [Int64], batchSize: Int) async throws
    -> [Outcome]
  {
    guard let first = runs.first, let last = runs.last else { return [] }
    var stored: [Int64: Set<Int64>] = [:]
    for city in cities {
      stored[city.id] = try store.storedRuns(
        cityID: city.id, source: product.source, model: product.options.model, from: first,
        to: last)
    }
    var outcomes: [Outcome] = []
    for run in runs {
      let due = cities.filter { stored[$0.id]?.contains(run) != true }
      let unit = RunBatch(cities, run: run)
      for city in cities where !due.contains(where: { $0.id == city.id }) {
        outcomes.append(
          Outcome(city: city, dates: unit.dates, run: run, status: .skipped(.alreadyStored)))
      }
      let batches = SingleRunsRequestOptions.batches(due, run: run, size: batchSize).map {
        RunBatch($0.cities, run: run)
      }
      outcomes += try await self.run(batches, minInterval: nil)
      if outcomes.contains(where: { if case .notAttempted = $0.status { true } else { false } }) {
        break
      }
    }
    return outcomes
  }
}
