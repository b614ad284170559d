import OpenMeteo
import SkycastModel

/// What `collect --ensemble` asks the Ensemble API for.
public struct EnsembleRequestOptions: Sendable, Equatable {
  /// `models=`, at least one, stored under these names.
  public var models: [String]
  /// `hourly=`: 2 m temperature, precipitation and 10 m wind speed unless `--vars` says otherwise.
  public var variables: [WeatherVariable] = EnsembleRequestOptions.defaultVariables
  /// `forecast_days`, 1–35: 15 unless changed, the length of the ECMWF ensemble.
  public var days: Int = EnsembleRequestOptions.defaultDays

  public static let defaultVariables: [WeatherVariable] = [
    .temperature2m, .precipitation, .windSpeed10m,
  ]
  public static let defaultDays = 15
  public static let maximumDays = 35
  /// The fetch log's `source` for ensemble fetches.
  public static let source = FetchSource.ensemble

  public init(models: [String]) {
    self.models = models
  }

  /// The variables an ensemble may carry: hourly numeric forecast columns.
  public static var allowedVariables: [WeatherVariable] {
    WeatherVariable.with(.hourlyForecast).filter { $0.quantity != .instant }
  }

  /// The fetch log's `model` for an ensemble fetch: every model of the request, comma-separated
  /// (one fetch row per city and reply; the rows carry the model each member came from).
  public var fetchModel: String { models.joined(separator: ",") }

  /// Call weight for one location: Open-Meteo counts every member as a variable, so
  /// n = variables × Σ members (`ForecastapiController.swift`, `nVariables`), then the usual
  /// max(1, n/10, days/14 · n/10).
  public var weightPerLocation: Double {
    let members = models.map(EnsembleModel.memberCount).reduce(0, +)
    return CallWeight.perLocation(
      variables: variables.count * members, models: 1, days: Double(days))
  }

  /// The request for a batch of cities (one location per city, in order).
  public func request(for cities: [City], base: String) -> APIRequest {
    let query: [(String, String)] = [
      (
        "latitude",
        cities.map { ForecastRequestOptions.coordinate($0.latitude) }.joined(separator: ",")
      ),
      (
        "longitude",
        cities.map { ForecastRequestOptions.coordinate($0.longitude) }.joined(separator: ",")
      ),
      ("hourly", variables.map(\.apiName).joined(separator: ",")),
      ("models", models.joined(separator: ",")),
      ("timezone", cities.map { $0.timezone ?? "auto" }.joined(separator: ",")),
      ("forecast_days", String(days)),
      ("timeformat", "unixtime"),
    ]
    return APIRequest(
      base: base, path: "/v1/ensemble", query: query,
      weight: weightPerLocation * Double(cities.count))
  }
}
