import SkycastModel

/// Reads an NOAA ISD-Lite file (`<USAF>-<WBAN>-<YYYY>.gz`, unwrapped by the caller): no
/// header, one line per UTC hour of twelve whitespace-separated fields (year, month, day, hour,
/// then eight `%6d` values in tenths or whole units, `-9999` missing).
///
/// The Lite subset drops ISD's quality flags, so nothing is counted flagged.
public enum ISDLiteReader: StationFileReader {
  /// NOAA ISD-Lite.
  public static let provider = StationProvider.isdLite

  /// The data fields after the four time fields, in file order.
  enum Field: Int, CaseIterable {
    case temperature, dewPoint, seaLevelPressure, windDirection, windSpeed, skyCover
    case precipitation1h, precipitation6h
  }

  /// The rules a reading applied, for the user's report.
  public static let notes: [String] = [
    "ISD-Lite times are UTC (inherited from ISD).",
    "Temperature, dew point and sea-level pressure are in tenths (/10); wind speed is tenths"
      + " of m/s, converted to km/h (/10 x3.6); converted values are rounded to 6 decimals only"
      + " to remove floating-point noise.",
    "Wind direction 0 means calm: no direction is stored, the speed is kept.",
    "Only the 1-hour precipitation is stored; trace (-1) is stored as 0; the 6-hour total is"
      + " not stored. Sky cover is not read.",
    StationReport.hourRule,
  ]

  /// Reads one ISD-Lite file holding one station-year.
  ///
  /// - Parameters:
  ///   - name: the file name `USAF-WBAN-YEAR[.gz]`, which gives the station id `USAF-WBAN`
  ///     unless `options.stationID` is set.
  public static func read(_ text: [UInt8], name: String, options: StationReadOptions)
    throws(StationFileError) -> StationReading
  {
    try StationFiles.collect(
      try ISDLiteLineReader(name: name, options: options, window: .whole), text: text)
  }

  /// `724940-23234-2020.gz` (or a name with a prefix, `…-724940-23234-2020.gz`) →
  /// `724940-23234`.
  static func idFromName(_ name: String) -> String? {
    var file = Substring(name.split(separator: "/").last ?? Substring(name))
    if file.hasSuffix(".gz") { file = file.dropLast(3) }
    let parts = file.split(separator: "-")
    guard parts.count >= 3, let year = parts.last, year.count == 4, Int(year) != nil else {
      return nil
    }
    return parts[parts.count - 3] + "-" + parts[parts.count - 2]
  }
}
