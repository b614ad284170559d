import SkycastModel

/// The tables `skycast export` writes.
public enum ExportTable: String, Sendable, CaseIterable {
  /// `hourly_forecasts` (or `hourly_forecasts_latest` with `latest`).
  case hourly
  /// `daily_forecasts` (or `daily_forecasts_latest` with `latest`).
  case daily
  /// `hourly_observations`.
  case hourlyObservations = "observations"
  /// `daily_observations`.
  case dailyObservations = "observations-daily"
  /// The fetch log, `fetches`: the provenance of every stored row.
  case fetches
  /// `cities`.
  case cities

  /// The variables that are columns of this table, in catalog order (none for the fetch log and
  /// the city table).
  public var variables: [WeatherVariable] {
    switch self {
    case .hourly: WeatherVariable.with(.hourlyForecast)
    case .daily: WeatherVariable.with(.dailyForecast)
    case .hourlyObservations: WeatherVariable.with(.hourlyObservation)
    case .dailyObservations: WeatherVariable.with(.dailyObservation)
    case .fetches, .cities: []
    }
  }

  /// True for tables with one value per local date (rather than per hour).
  public var isDaily: Bool { self == .daily || self == .dailyObservations }

  /// True for the forecast tables, which have issue times, models and a latest view.
  public var isForecast: Bool { self == .hourly || self == .daily }

  /// True for the observation tables.
  public var isObservation: Bool { self == .hourlyObservations || self == .dailyObservations }
}
