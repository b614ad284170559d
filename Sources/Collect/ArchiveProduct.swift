import OpenMeteo
import SkycastModel
import Store

/// `observe` in the fetch pipeline: archive (ERA5) observations for saved cities, stored in
/// `hourly_observations` and `daily_observations`, one row per key.
///
/// Idempotent: a re-fetch inserts hours that were not available before, fills NULLs with values
/// that have since arrived, never overwrites a value with NULL and never duplicates a row
/// (`Store.upsertObservations`). Each request is stored with its fetch-log row (`source` `era5`
/// or `archive`, `issued_at` NULL).
extension FetchPipeline where Product == ArchiveProduct {
  /// Fetches `dates` (local dates, inclusive) for every city. A range reaching past a city's
  /// local today is cut at today (the archive has nothing later); a range wholly after it is
  /// skipped.
  package func observe(cities: [City], dates: ClosedRange<LocalDate>) async throws -> [Outcome] {
    let start = now()
    var plan: [(city: City, dates: ClosedRange<LocalDate>)] = []
    var skipped: [Int64: Outcome] = [:]
    for city in cities {
      if let available = ArchiveProduct.availableDates(dates, city: city, now: start) {
        plan.append((city, available))
      } else {
        skipped[city.id] = Outcome(
          city: city, dates: dates,
          status: .skipped(
            .unavailable("the archive has no data after today (\(city.zone.localDate(start)))")))
      }
    }
    let fetched = try await fetch(plan)
    return cities.flatMap { city in
      skipped[city.id].map { [$0] } ?? fetched.filter { $0.city.id == city.id }
    }
  }
}

/// `observe` as a `HistoryProduct`.
package struct ArchiveProduct: HistoryProduct {
  package let options: ArchiveRequestOptions

  package init(options: ArchiveRequestOptions = ArchiveRequestOptions()) { self.options = options }

  /// `dates` cut at the city's local today (the archive has nothing later), or nil when they
  /// all lie after it.
  package static func availableDates(
    _ dates: ClosedRange<LocalDate>, city: City, now: Int64
  ) -> ClosedRange<LocalDate>? {
    let today = city.zone.localDate(now)
    guard dates.lowerBound <= today else { return nil }
    return dates.lowerBound...min(dates.upperBound, today)
  }

  /// The latest local date, over `cities`, that the archive may still withhold at `now`, when
  /// `dates` reach it: hours after it come back NULL until the reanalysis catches up.
  package static func latencyCutoff(cities: [City], dates: ClosedRange<LocalDate>, now: Int64)
    -> LocalDate?
  {
    let cutoffs = cities.map {
      $0.zone.localDate(now).adding(days: -ArchiveRequestOptions.latencyDays)
    }
    guard let earliest = cutoffs.min(), dates.upperBound >= earliest else { return nil }
    return earliest
  }

  package var source: FetchSource { options.source }
  package var fetchModel: String { options.model }
  package var chunkDays: Int { options.chunkDays }
  package var decoder: ResponseDecoder { ResponseDecoder(models: options.decoderModels) }

  package func request(for city: City, dates: ClosedRange<LocalDate>, endpoints: Endpoints)
    -> APIRequest
  {
    options.request(
      for: city, dates: dates,
      base: options.api == .historicalForecast ? endpoints.historicalForecast : endpoints.archive)
  }

  package func storeRows(
    _ location: LocationBlock, city: City, dates: ClosedRange<LocalDate>, fetchID: Int64,
    fetchedAt: Int64, store: Store
  ) throws -> HistoryCounts {
    let counts = try store.upsertObservations(
      location, model: decoder.defaultModel, city: city, source: options.source,
      fetchID: fetchID, fetchedAt: fetchedAt)
    return HistoryCounts(
      hourly: counts.hourly.total, daily: counts.daily.total, inserted: counts.total.inserted,
      updated: counts.total.updated)
  }
}
