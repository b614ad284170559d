import SkycastModel

/// Every provider's station-list parser behind one call.
public enum StationLists {
  /// The providers whose station list Skycast reads (IEM and ISD-Lite lists are not read).
  public static let providers: [StationProvider] = [.ghcnh, .meteostat, .dwd, .ecad]

  /// Parses a station list of `provider` (plain, .gz or .zip): GHCNh's
  /// `ghcnh-station-list.csv`, Meteostat's weather-stations JSON, DWD's
  /// `*_Beschreibung_Stationen.txt` (Latin-1), ECA&D's `stations.txt`.
  public static func parse(_ bytes: [UInt8], provider: StationProvider) throws(StationFileError)
    -> [Station]
  {
    let text = try StationFileBytes.text(bytes)
    switch provider {
    case .ghcnh: return try GHCNhStationList.parse(StationFileBytes.utf8(text))
    case .meteostat: return try MeteostatStationList.parse(StationFileBytes.utf8(text))
    case .dwd: return try DWDStationList.parse(text)
    case .ecad: return try ECADStationList.parse(StationFileBytes.utf8(text))
    case .asos, .isdLite:
      throw .format(
        "Skycast does not read \(provider.rawValue) station lists; import its files with --format \(provider.rawValue) and --city"
      )
    }
  }
}
