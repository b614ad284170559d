import SkycastModel

/// Every provider's station-list parser behind one call.
public enum StationLists {
  /// The providers whose station list Skycast reads (IEM and ISD-Lite lists are not read).
  public static let providers: [StationProvider] = [.ghcnh, .meteostat, .dwd, .ecad]

  /// The most text a station list may unpack to: 256 MiB (real lists are a few MB: one line
  /// or object per station, tens of thousands of stations).
  public static let textLimit = 256 << 20

  /// The largest list file `station load PROVIDER FILE` reads (whole): 64 MiB, twice the
  /// download cap (`StationDownload.listLimit`) of the same lists.
  public static let fileLimit = 64 << 20

  /// The stations of a list of `provider` that pass `Station.problem` (see `read`).
  public static func parse(_ bytes: [UInt8], provider: StationProvider) throws(StationFileError)
    -> [Station]
  {
    try read(bytes, provider: provider).stations
  }

  /// Reads a station list of `provider` (plain, .gz or .zip): GHCNh's
  /// `ghcnh-station-list.csv`, Meteostat's weather-stations JSON, DWD's
  /// `*_Beschreibung_Stationen.txt` (Latin-1), ECA&D's `stations.txt`. Stations whose id,
  /// name, coordinates or elevation fail `Station.problem` are left out and listed with their
  /// reason; a list that is not in the format throws. A list is read in memory, so its text
  /// may unpack to at most `textLimit`.
  public static func read(_ bytes: [UInt8], provider: StationProvider) throws(StationFileError)
    -> StationList
  {
    let text = try StationFileBytes.text(bytes, limit: textLimit)
    switch provider {
    case .ghcnh: return try GHCNhStationList.read(StationFileBytes.utf8(text))
    case .meteostat: return try MeteostatStationList.read(StationFileBytes.utf8(text))
    case .dwd: return try DWDStationList.read(text)
    case .ecad: return try ECADStationList.read(StationFileBytes.utf8(text))
    case .asos, .isdLite:
      throw .format(
        "Skycast does not read \(provider.rawValue) station lists; import its files with --format \(provider.rawValue) and --city"
      )
    }
  }
}
