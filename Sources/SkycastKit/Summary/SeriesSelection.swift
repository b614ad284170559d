import Foundation

/// Which stored series a summary reads: the latest forecasts or one observation source.
///
/// Parsed from `--series forecast|observed[:SOURCE]` and resolved against the store by
/// ``Store/resolveSeries(_:cities:)``, which picks the default observation source.
public enum SeriesSelection: Equatable, Sendable, CustomStringConvertible {
  /// For each city and valid time, the most recently issued forecast with lead ≥ 0 from source
  /// `forecast` and model `best_match` (the `hourly_forecasts_latest` view), as SPEC §11 settles.
  case forecast
  /// Observations of one source (`era5`, `archive`, or an import's bare name); nil = the default
  /// (`era5` when stored, else the only source).
  case observed(source: String?)

  /// Parses `forecast`, `observed` or `observed:SOURCE`; nil for anything else.
  public init?(parsing text: String) {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    if trimmed == "forecast" {
      self = .forecast
    } else if trimmed == "observed" {
      self = .observed(source: nil)
    } else if trimmed.hasPrefix("observed:") {
      let source = trimmed.dropFirst("observed:".count).trimmingCharacters(in: .whitespaces)
      guard !source.isEmpty else { return nil }
      self = .observed(source: source)
    } else {
      return nil
    }
  }

  public var description: String {
    switch self {
    case .forecast: "forecast"
    case .observed(let source?): "observed:\(source)"
    case .observed(nil): "observed"
    }
  }
}

/// A series with its source settled: what the summaries read.
public struct ResolvedSeries: Equatable, Sendable {
  /// The kind of rows read.
  public enum Kind: Equatable, Sendable {
    /// `hourly_forecasts_latest` (source `forecast`, model `best_match`).
    case forecast
    /// `hourly_observations` / `daily_observations` of ``source``.
    case observed
  }

  /// Which tables the rows come from.
  public var kind: Kind
  /// The `source` value of the rows read (`forecast`, `era5`, an import name).
  public var source: String
  /// The model for forecasts (`best_match`); nil for observations.
  public var model: String?

  /// The forecast series of SPEC §11.
  public static let latestForecast = ResolvedSeries(
    kind: .forecast, source: "forecast", model: "best_match")

  /// Observations of `source`.
  public static func observed(_ source: String) -> ResolvedSeries {
    ResolvedSeries(kind: .observed, source: source, model: nil)
  }

  /// A one-line statement of the series for output headers.
  public var label: String {
    switch kind {
    case .forecast:
      "forecast series: latest issue per valid time with lead >= 0 (source forecast, model \(model ?? "best_match"))"
    case .observed:
      "observed series: source \(source)"
    }
  }
}
