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
