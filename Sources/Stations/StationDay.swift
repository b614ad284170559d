import SkycastModel

/// The measurements of one station for one date of its provider's day definition.
public struct StationDay: Sendable, Equatable {
  /// The date of the provider's day definition (the reading's notes state it).
  public var date: LocalDate
  /// Canonical values by daily observation variable (`temperature_2m_max`, `precipitation_sum`,
  /// …); a variable absent here was missing, flagged or not measured.
  public var values: [WeatherVariable: Double]
  /// Values the provider flagged (see `StationHour.suspect`).
  public var suspect: [WeatherVariable: Double]

  public init(
    date: LocalDate, values: [WeatherVariable: Double], suspect: [WeatherVariable: Double] = [:]
  ) {
    self.date = date
    self.values = values
    self.suspect = suspect
  }
}
