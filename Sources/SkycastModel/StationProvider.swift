/// The station networks Skycast reads (`skycast help stations`), by their stable names.
public enum StationProvider: String, Sendable, Hashable, CaseIterable {
  /// NOAA's Global Historical Climatology Network hourly.
  case ghcnh
  /// Meteostat's bulk data.
  case meteostat
  /// Deutscher Wetterdienst's Climate Data Center.
  case dwd
  /// The European Climate Assessment & Dataset.
  case ecad
  /// Iowa Environmental Mesonet's ASOS/METAR archive.
  case asos
  /// NOAA's Integrated Surface Database, lite format.
  case isdLite = "isd-lite"
}
