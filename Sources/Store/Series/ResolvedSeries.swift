import SkycastModel

/// A series selection bound to one table, source and model.
public struct ResolvedSeries: Sendable, Equatable {
  public enum Kind: Sendable, Equatable { case forecast, observed }

  /// The table or view read.
  public var table: String
  /// The `source` value rows must have.
  public var source: FetchSource
  /// The `model` rows must have (forecasts), nil for observations.
  public var model: String?
  /// True for one value per local date.
  public var daily: Bool
  /// Hourly forecasts only: "latest issue with lead ≥ 0" counts the lead from the model run
  /// where the fetch recorded one (`--lead-from run`), so hours the run covered before the
  /// fetch count; otherwise from the fetch, as the `*_latest` views do.
  public var leadFromRun = false
  /// Why this source was chosen when the user named none and several were stored.
  public var note: String?

  public var kind: Kind { model == nil ? .observed : .forecast }

  /// The hourly latest-forecast series (source `forecast`, model `best_match`).
  public static let latestForecast = ResolvedSeries(
    table: "hourly_forecasts_latest", source: .forecast, model: ModelName.bestMatch, daily: false)
  /// The daily latest-forecast series.
  public static let latestDailyForecast = ResolvedSeries(
    table: "daily_forecasts_latest", source: .forecast, model: ModelName.bestMatch, daily: true)

  /// Observations of `source`.
  public static func observed(_ source: FetchSource, daily: Bool = false) -> ResolvedSeries {
    ResolvedSeries(
      table: daily ? "daily_observations" : "hourly_observations", source: source, model: nil,
      daily: daily)
  }

  /// A short description for labels and notes: `latest forecast (best_match)`, `observed (era5)`.
  public var label: String {
    if let model {
      return "latest \(source) (\(model))"
        + (leadFromRun && !daily ? ", lead from the model run" : "")
    }
    return "observed (\(source))"
  }

  /// A one-line statement of the series for output headers.
  public var statement: String {
    switch kind {
    case .forecast:
      "forecast series: latest issue per valid time with lead >= 0 (source \(source), model \(model ?? ModelName.bestMatch))"
    case .observed:
      "observed series: source \(source)"
    }
  }
}
