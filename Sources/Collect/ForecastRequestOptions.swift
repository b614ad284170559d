import OpenMeteo
import SkycastModel

/// What `collect` asks the Forecast API for.
public struct ForecastRequestOptions: Sendable, Equatable {
  /// `forecast_days`, 1–16.
  public var days: Int = 16
  /// `models=`; empty means the API's `best_match` (no parameter sent).
  public var models: [String] = []
  public var hourly: [WeatherVariable] = WeatherVariable.with(.hourlyForecast)
  public var daily: [WeatherVariable] = WeatherVariable.with(.dailyForecast)
  public var current: [WeatherVariable] = WeatherVariable.with(.current)
  /// `elevation=` per city id (`collect --elevation station`: the linked station's height, so
  /// Open-Meteo downscales the forecast to it); cities not listed send none.
  public var elevations: [Int64: Double] = [:]

  public init() {}

  /// The model names rows are stored under.
  public var storedModels: [String] { models.isEmpty ? [ModelName.bestMatch] : models }

  /// Variables counted for the call weight (hourly + daily + current).
  public var variableCount: Int { hourly.count + daily.count + current.count }

  /// The request for a batch of cities (one location per city, in order).
  public func request(for cities: [City], base: String) -> APIRequest {
    var query: [(String, String)] = [
      ("latitude", cities.map { Self.coordinate($0.latitude) }.joined(separator: ",")),
      ("longitude", cities.map { Self.coordinate($0.longitude) }.joined(separator: ",")),
    ]
    if !hourly.isEmpty { query.append(("hourly", hourly.map(\.apiName).joined(separator: ","))) }
    if !daily.isEmpty { query.append(("daily", daily.map(\.apiName).joined(separator: ","))) }
    if !current.isEmpty { query.append(("current", current.map(\.apiName).joined(separator: ","))) }
    query.append(("timezone", cities.map { $0.timezone ?? "auto" }.joined(separator: ",")))
    query.append(("forecast_days", String(days)))
    if cities.contains(where: { elevations[$0.id] != nil }) {
      // One value per location; a city without one keeps the API's own terrain model (NaN
      // would switch downscaling off), so it sends the elevation the API would pick: its own.
      query.append(
        (
          "elevation",
          cities.map { city in
            (elevations[city.id] ?? city.elevation).map(Self.coordinate) ?? "nan"
          }.joined(separator: ",")
        ))
    }
    if !models.isEmpty { query.append(("models", models.joined(separator: ","))) }
    query.append(("timeformat", "unixtime"))
    let weight = CallWeight.perLocation(
      variables: variableCount, models: models.count, days: Double(days))
    return APIRequest(
      base: base, path: "/v1/forecast", query: query, weight: weight * Double(cities.count))
  }

  /// Coordinates with at most 6 decimals and no exponent.
  package static func coordinate(_ value: Double) -> String {
    var text = String((value * 1_000_000).rounded() / 1_000_000)
    if text.hasSuffix(".0") { text.removeLast(2) }
    return text
  }
}
