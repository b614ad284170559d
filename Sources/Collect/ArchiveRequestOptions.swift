import OpenMeteo
import SkycastModel
import Store

/// What `observe` asks the Archive API (ERA5 reanalysis) for.
public struct ArchiveRequestOptions: Sendable, Equatable {
  /// The archive's data lag: the last few days come back `null` until they are processed.
  public static let latencyDays = 5

  /// `era5` (one consistent reanalysis; stored as source `era5`) or `best_match` (no `models`
  /// parameter; the archive's own blend, stored as source `archive`).
  public var model: String = FetchSource.era5Model
  public var hourly: [WeatherVariable] = WeatherVariable.with(.archive).filter {
    $0.frequency == .hourly
  }
  public var daily: [WeatherVariable] = WeatherVariable.with(.archive).filter {
    $0.frequency == .daily
  }
  /// Dates per request: at most a year, so a long range becomes several polite requests.
  public var chunkDays = 366
  /// Which API answers: the Archive API's reanalysis (default), or the Historical Forecast
  /// API's stitched first hours of `model`'s runs, a model analysis stored as `analysis:MODEL`.
  public var api: API = .archive

  /// The API behind `observe`, by the word `--source` takes: the archive's by the source it
  /// fills (`era5`).
  public enum API: Sendable, Equatable, CaseIterable, RawRepresentable {
    case archive
    case historicalForecast

    public init?(rawValue: String) {
      guard let api = Self.allCases.first(where: { $0.rawValue == rawValue }) else { return nil }
      self = api
    }

    public var rawValue: String {
      switch self {
      case .archive: FetchSource.era5.rawValue
      case .historicalForecast: "historical-forecast"
      }
    }
  }

  public init() {}

  /// The rows' `source`.
  public var source: FetchSource {
    if api == .historicalForecast { return .analysis(model: model) }
    return model == ModelName.bestMatch ? .archive : .era5
  }

  /// The models the decoder expects (a single model gives unsuffixed keys).
  package var decoderModels: [String] { model == ModelName.bestMatch ? [] : [model] }

  /// The request for one city and a range of its local dates.
  public func request(for city: City, dates: ClosedRange<LocalDate>, base: String) -> APIRequest {
    var query: [(String, String)] = [
      ("latitude", ForecastRequestOptions.coordinate(city.latitude)),
      ("longitude", ForecastRequestOptions.coordinate(city.longitude)),
      ("start_date", dates.lowerBound.description),
      ("end_date", dates.upperBound.description),
    ]
    if !hourly.isEmpty { query.append(("hourly", hourly.map(\.apiName).joined(separator: ","))) }
    if !daily.isEmpty { query.append(("daily", daily.map(\.apiName).joined(separator: ","))) }
    query.append(("timezone", city.timezone ?? "auto"))
    if model != ModelName.bestMatch { query.append(("models", model)) }
    query.append(("timeformat", "unixtime"))
    let days = Double(dates.lowerBound.days(to: dates.upperBound) + 1)
    let weight = CallWeight.perLocation(
      variables: hourly.count + daily.count, models: 1, days: days)
    let path = api == .historicalForecast ? "/v1/forecast" : "/v1/archive"
    return APIRequest(base: base, path: path, query: query, weight: weight)
  }
}
