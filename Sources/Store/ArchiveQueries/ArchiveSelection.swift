import SkycastModel

/// What the `archive` analyses read: one variable of some cities, models and forecast sources,
/// optionally within local valid dates. Empty lists select everything stored.
public struct ArchiveSelection: Sendable, Equatable {
  /// The variable (hourly from `hourly_forecasts`, daily from `daily_forecasts`).
  public var variable: WeatherVariable
  /// Cities by id; empty for all.
  public var cityIDs: [Int64]
  /// Models; empty for all.
  public var models: [String]
  /// Forecast sources; empty for all.
  public var sources: [FetchSource]
  /// Local valid dates, inclusive; nil for all.
  public var period: ClosedRange<LocalDate>?

  public init(
    variable: WeatherVariable, cityIDs: [Int64] = [], models: [String] = [],
    sources: [FetchSource] = [], period: ClosedRange<LocalDate>? = nil
  ) {
    self.variable = variable
    self.cityIDs = cityIDs
    self.models = models
    self.sources = sources
    self.period = period
  }

  /// True for a daily variable.
  var isDaily: Bool { variable.frequency == .daily }
}
