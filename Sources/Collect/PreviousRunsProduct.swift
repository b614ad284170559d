import OpenMeteo
import SkycastModel
import Store

/// `backfill` in the fetch pipeline: Previous Runs data stored as forecast history, source
/// `previous-runs`, model `best_match` (or the one `--model` names), `issued_at` = valid time − 24·N h and `lead_hours` = 24·N
/// for `<var>_previous_dayN`.
///
/// This is a blended fixed-lead series (for each hour, what the model run about N days before
/// said), so its lead is nominal and a lower bound on the true lead, and it is not a set of
/// per-run snapshots like `collect`'s history. Idempotent: rows are upserted on (city, source,
/// model, issued_at, valid_at) and a NULL never replaces a stored value. Each request is stored
/// with its fetch-log row (`source` `previous-runs`, `issued_at` NULL).
package struct PreviousRunsProduct: HistoryProduct {
  package static let source = FetchSource.previousRuns
  /// The model when none is named: the API's blend.
  package static let defaultModel = ModelName.bestMatch
  package let options: PreviousRunsRequestOptions

  package init(options: PreviousRunsRequestOptions = PreviousRunsRequestOptions()) {
    self.options = options
  }

  package var source: FetchSource { Self.source }
  /// The model stored on the fetch-log row and the data rows.
  package var fetchModel: String { options.model }
  package var chunkDays: Int { options.chunkDays }
  /// One named model's columns come without a suffix; the blend's as `best_match`.
  package var decoder: ResponseDecoder {
    ResponseDecoder(models: options.model == Self.defaultModel ? [] : [options.model])
  }

  package func request(for city: City, dates: ClosedRange<LocalDate>, endpoints: Endpoints)
    -> APIRequest
  {
    options.request(for: city, dates: dates, base: endpoints.previousRuns)
  }

  /// One `insertHourlyForecasts` pass per lead day. A day-0 series in the body (a response
  /// that carries it anyway) is ignored.
  package func storeRows(
    _ location: LocationBlock, city: City, dates: ClosedRange<LocalDate>, fetchID: Int64,
    fetchedAt: Int64, store: Store
  ) throws -> HistoryCounts {
    guard let hourly = location.hourly, let first = hourly.instants.min(),
      let last = hourly.instants.max()
    else { return HistoryCounts(updated: nil) }
    let before = try count(store, city: city, from: first, to: last)
    var written = 0
    for day in 1...7 {
      let hasDay = hourly.columns.keys.contains {
        $0.previousDay == day && $0.model == options.model
      }
      guard hasDay else { continue }
      written += try store.insertHourlyForecasts(
        hourly, model: options.model, previousDay: day, fetchID: fetchID, cityID: city.id,
        source: Self.source, zone: city.zone,
        issuedAt: { LeadTime.issued(valid: $0, daysBefore: day) })
    }
    let after = try count(store, city: city, from: first, to: last)
    return HistoryCounts(hourly: written, inserted: Int(after - before), updated: nil)
  }

  /// Stored previous-runs rows of the city with valid times in `from…to`.
  package func count(_ store: Store, city: City, from: Int64, to: Int64) throws -> Int64 {
    try store.hourlyForecastCount(
      cityID: city.id, source: Self.source, model: options.model, validFrom: from, to: to)
  }
}
