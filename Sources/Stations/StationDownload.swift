import SkycastModel

/// Where a provider publishes one station's file (`observe --station`), relative to a base URL
/// a flag or `SKYCAST_<PROVIDER>_URL` can replace (a mirror, or a test server on 127.0.0.1).
///
/// GHCNh: the period-of-record file (`…/hourly/access/by-station/GHCNh_<ID>_por.psv`, NCEI's
/// GHCNh documentation §I); Meteostat: the bulk hourly file and its source map
/// (`/v2/hourly/<ID>.csv.gz`, `<ID>.map.csv.gz`, Meteostat's bulk documentation); DWD: the
/// `recent` hourly air temperature archive (`…/hourly/air_temperature/recent/
/// stundenwerte_TU_<ID>_akt.zip`, the CDC's folder layout). ECA&D, IEM and ISD-Lite files are
/// imported (`import observations --format`), not fetched.
public enum StationDownload {
  /// The most bytes of one station file `observe --station` downloads from `provider`. The
  /// file streams to a temporary file and is read from there in chunks, so the cap bounds the
  /// disk and the time a flooding server can take, not memory (which stays flat):
  ///
  /// - GHCNh: 1 GiB. Period-of-record `.psv` files of long-running airports reach about
  ///   350 MB (issue 45's test file; NCEI publishes no size list): about 3× headroom.
  /// - Meteostat: 64 MiB. A bulk `hourly/<id>.csv.gz` holds at most one row per hour since
  ///   the 1900s (under 1.1 M rows of under 90 bytes, under 100 MB of text, which gzip cuts
  ///   four- to ten-fold): at least twice the largest possible file.
  /// - DWD: 32 MiB. A `recent/` archive holds the last 500 days (DWD's CDC dataset record:
  ///   "on a rolling basis, the data of the last 500 days"), 12,000 rows, a few hundred KB.
  /// - ECA&D, IEM and ISD-Lite files are imported, not fetched (Open-Meteo keeps 32 MiB).
  public static func replyLimit(_ provider: StationProvider) -> Int {
    switch provider {
    case .ghcnh: 1 << 30
    case .meteostat: 64 << 20
    case .dwd, .ecad, .asos, .isdLite: 32 << 20
    }
  }

  /// The most bytes of a reply read into memory on the station paths: a station list
  /// (`station load` without a file: one line or object per station, a few MB) and
  /// Meteostat's source map. Open-Meteo's own cap: 32 MiB.
  public static let listLimit = 32 << 20

  /// The most text a Meteostat source map may unpack to: 64 MiB (a map has one short row per
  /// data row, about 30 bytes, so this is over two million hours).
  public static let mapTextLimit = 64 << 20

  /// The providers `observe --station` fetches from.
  public static let providers: [StationProvider] = [.ghcnh, .meteostat, .dwd]

  /// The provider's own host, nil when Skycast does not fetch from it.
  public static func defaultBase(_ provider: StationProvider) -> String? {
    switch provider {
    case .ghcnh: "https://www.ncei.noaa.gov"
    case .meteostat: "https://bulk.meteostat.net"
    case .dwd: "https://opendata.dwd.de"
    case .ecad, .asos, .isdLite: nil
    }
  }

  /// The flag that replaces the base URL, `--ghcnh-url`.
  public static func flag(_ provider: StationProvider) -> String {
    provider.rawValue + "-url"
  }

  /// The environment variable that replaces the base URL, `SKYCAST_GHCNH_URL`.
  public static func environmentName(_ provider: StationProvider) -> String {
    "SKYCAST_" + provider.rawValue.uppercased().replacingOccurrences(of: "-", with: "_") + "_URL"
  }

  /// The path of station `id`'s file and the file name the reader is given.
  public static func file(_ provider: StationProvider, id: String) -> (path: String, name: String)?
  {
    switch provider {
    case .ghcnh:
      let name = "GHCNh_\(id)_por.psv"
      return ("/oa/global-historical-climatology-network/hourly/access/by-station/\(name)", name)
    case .meteostat:
      return ("/v2/hourly/\(id).csv.gz", "\(id).csv.gz")
    case .dwd:
      let name = "stundenwerte_TU_\(id)_akt.zip"
      return (
        "/climate_environment/CDC/observations_germany/climate/hourly/air_temperature/recent/\(name)",
        name
      )
    case .ecad, .asos, .isdLite: return nil
    }
  }

  /// Where the provider publishes its station list (`station load PROVIDER` without a file):
  /// GHCNh's `ghcnh-station-list.csv` (documentation §I), Meteostat's `stations/lite.json.gz`
  /// (an array of its weather-stations objects), DWD's hourly air temperature station
  /// description. ECA&D's list is loaded from a file.
  public static func stationList(_ provider: StationProvider) -> (path: String, name: String)? {
    switch provider {
    case .ghcnh:
      (
        "/oa/global-historical-climatology-network/hourly/doc/ghcnh-station-list.csv",
        "ghcnh-station-list.csv"
      )
    case .meteostat: ("/v2/stations/lite.json.gz", "lite.json.gz")
    case .dwd:
      (
        "/climate_environment/CDC/observations_germany/climate/hourly/air_temperature/recent/TU_Stundenwerte_Beschreibung_Stationen.txt",
        "TU_Stundenwerte_Beschreibung_Stationen.txt"
      )
    case .ecad, .asos, .isdLite: nil
    }
  }

  /// A second file read with the first: Meteostat's source map, which says which values a model
  /// filled (its absence is not an error; the reading's notes then say what cannot be told).
  public static func companion(_ provider: StationProvider, id: String) -> (
    path: String, name: String
  )? {
    provider == .meteostat ? ("/v2/hourly/\(id).map.csv.gz", "\(id).map.csv.gz") : nil
  }

  /// A station id safe to put in a path: letters, digits, `-` and `_` only
  /// (`Station.isValidID`, the one rule for ids from arguments, lists and files).
  public static func isValidID(_ id: String) -> Bool {
    Station.isValidID(id)
  }
}
