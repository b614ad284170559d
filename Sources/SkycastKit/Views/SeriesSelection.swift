/// Which stored series a time-series view reads (`--series forecast|observed[:SOURCE]`).
///
/// `forecast` is the latest-forecast series of SPEC §11: for each city and valid time, the row
/// with the greatest `issued_at` and lead ≥ 0, source `forecast`, model `best_match` (the
/// `*_forecasts_latest` views). `observed` reads observations from one source: the one named,
/// or by default `era5` when present, else the only source stored
/// (`Store.defaultObservationSource`).
public enum SeriesSelection: Sendable, Equatable {
  case forecast
  /// Observations; nil picks the default source.
  case observed(source: String?)

  /// Parses `forecast`, `observed` or `observed:NAME`; nil for anything else.
  public init?(argument: String) {
    let text = argument.trimmingCharacters(in: .whitespaces)
    if text == "forecast" {
      self = .forecast
    } else if text == "observed" {
      self = .observed(source: nil)
    } else if text.hasPrefix("observed:"), text.count > "observed:".count {
      self = .observed(source: String(text.dropFirst("observed:".count)))
    } else {
      return nil
    }
  }

  /// Resolves the selection to a table, source and model.
  ///
  /// - Parameters:
  ///   - daily: daily variables (`daily_forecasts_latest` / `daily_observations`).
  ///   - cityIDs: the cities shown (the default observation source is looked for among them).
  /// - Throws: `ObservationSourceError` when no observation source can be chosen.
  public func resolve(in store: Store, daily: Bool, cityIDs: [Int64]) throws -> ResolvedSeries {
    switch self {
    case .forecast:
      return ResolvedSeries(
        table: daily ? "daily_forecasts_latest" : "hourly_forecasts_latest", source: "forecast",
        model: "best_match", daily: daily)
    case .observed(let source):
      let name = try source ?? store.defaultObservationSource(daily: daily, cityIDs: cityIDs)
      return ResolvedSeries(
        table: daily ? "daily_observations" : "hourly_observations", source: name, model: nil,
        daily: daily)
    }
  }

  /// The variable's role in the tables this selection reads.
  public func role(daily: Bool) -> WeatherVariable.Roles {
    switch self {
    case .forecast: daily ? .dailyForecast : .hourlyForecast
    case .observed: daily ? .dailyObservation : .hourlyObservation
    }
  }
}

/// A series selection bound to one table, source and model.
public struct ResolvedSeries: Sendable, Equatable {
  /// The table or view read.
  public var table: String
  /// The `source` value rows must have.
  public var source: String
  /// The `model` rows must have (forecasts), nil for observations.
  public var model: String?
  /// True for one value per local date.
  public var daily: Bool

  /// A short description for labels and notes: `latest forecast (best_match)`, `observed (era5)`.
  public var label: String {
    if let model { return "latest \(source) (\(model))" }
    return "observed (\(source))"
  }
}
