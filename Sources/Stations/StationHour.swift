import SkycastModel

/// The measurements of one station valid at one whole UTC hour.
public struct StationHour: Sendable, Equatable {
  /// The hour, UTC epoch seconds (a multiple of 3600).
  public var validAt: Int64
  /// Canonical values by hourly observation variable (`WeatherVariable.Roles.hourlyObservation`);
  /// a variable absent here was missing, flagged or not measured.
  public var values: [WeatherVariable: Double]
  /// Values the provider flagged suspect or erroneous (never among `values`): stored only with
  /// `--keep-suspect`, flagged, and left out of verification unless asked.
  public var suspect: [WeatherVariable: Double]
  /// Variables of `values` given as a trace (precipitation too small to measure, stored as 0):
  /// stored with a `trace` flag in `observation_flags`.
  public var trace: Set<WeatherVariable>

  public init(
    validAt: Int64, values: [WeatherVariable: Double], suspect: [WeatherVariable: Double] = [:],
    trace: Set<WeatherVariable> = []
  ) {
    self.validAt = validAt
    self.values = values
    self.suspect = suspect
    self.trace = trace
  }
}
