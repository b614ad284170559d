import OpenMeteo
import SkycastModel
import Store

/// What `backfill` asks the Previous Runs API for.
public struct PreviousRunsRequestOptions: Sendable, Equatable {
  /// Lead days 1…`days`: `<var>_previous_day1` … `<var>_previous_dayN`.
  public var days = 7
  /// Hourly forecast variables (`is_day` is astronomical, not a forecast, so it is left out).
  public var hourly: [WeatherVariable] = WeatherVariable.with(.hourlyForecast).filter {
    $0 != .isDay
  }
  /// Dates per request: about three months (a 7-day request carries 7 series per variable).
  public var chunkDays = 92
  /// The model asked for (`models=`); `best_match`, the API's blend, sends no parameter.
  public var model = PreviousRunsProduct.defaultModel

  public init() {}

  /// The request for one city and a range of its local dates. The day-0 series (the variable
  /// without suffix) is not requested: it is the analysis/best-estimate series, not a forecast,
  /// and `observe` is the reference Skycast verifies against.
  public func request(for city: City, dates: ClosedRange<LocalDate>, base: String) -> APIRequest {
    let names = hourly.flatMap { variable in
      (1...max(1, days)).map { "\(variable.apiName)_previous_day\($0)" }
    }
    let query: [(String, String)] =
      [
        ("latitude", ForecastRequestOptions.coordinate(city.latitude)),
        ("longitude", ForecastRequestOptions.coordinate(city.longitude)),
        ("hourly", names.joined(separator: ",")),
        ("start_date", dates.lowerBound.description),
        ("end_date", dates.upperBound.description),
        ("timezone", city.timezone ?? "auto"),
        ("timeformat", "unixtime"),
      ] + (model == PreviousRunsProduct.defaultModel ? [] : [("models", model)])
    let dayCount = Double(dates.lowerBound.days(to: dates.upperBound) + 1)
    let weight = CallWeight.perLocation(variables: names.count, models: 1, days: dayCount)
    return APIRequest(base: base, path: "/v1/forecast", query: query, weight: weight)
  }
}

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
  package static let source = FetchSource.previousRuns.rawValue
  /// The model when none is named: the API's blend.
  package static let defaultModel = "best_match"
  package let options: PreviousRunsRequestOptions

  package init(options: PreviousRunsRequestOptions = PreviousRunsRequestOptions()) {
    self.options = options
  }

  package var source: String { Self.source }
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
