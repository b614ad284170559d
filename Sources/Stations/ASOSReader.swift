import SkycastModel

/// Reads an IEM ASOS/METAR download (`/cgi-bin/request/asos.py`): comma (`onlycomma`, `comma`)
/// or tab (`tdf`, `onlytdf`) separated, `#DEBUG` preamble lines skipped, one report per line
/// at its real minute (routine, special and 1/5-minute reports alike), reduced to one value per
/// UTC hour by `StationReport.hours`.
///
/// Columns are picked by header name (`station`, `valid`, then any of `tmpf dwpf relh drct
/// sknt gust p01i mslp`); the output carries no quality flags, so nothing is counted flagged.
public enum ASOSReader: StationFileReader {
  /// Iowa Environmental Mesonet.
  public static let provider = StationProvider.asos

  /// An asos.py column Skycast stores, with its conversion to the canonical unit.
  struct Mapping: Sendable {
    var column: String
    var variable: WeatherVariable
    var convert: @Sendable (Double) -> Double
  }

  /// The stored columns. `alti` (inHg altimeter setting) is not a sea-level pressure and is
  /// dropped; `mslp` is already hPa.
  static let mappings: [Mapping] = [
    Mapping(column: "tmpf", variable: .temperature2m, convert: celsius),
    Mapping(column: "dwpf", variable: .dewPoint2m, convert: celsius),
    Mapping(column: "relh", variable: .relativeHumidity2m, convert: { $0 }),
    Mapping(column: "drct", variable: .windDirection10m, convert: { $0 }),
    Mapping(column: "sknt", variable: .windSpeed10m, convert: { $0 * 1.852 }),
    Mapping(column: "gust", variable: .windGusts10m, convert: { $0 * 1.852 }),
    Mapping(column: "p01i", variable: .precipitation, convert: { $0 * 25.4 }),
    Mapping(column: "mslp", variable: .pressureMSL, convert: { $0 }),
  ]

  /// The rules a reading applied, for the user's report.
  public static let notes: [String] = [
    "IEM ASOS timestamps (`valid`) are UTC (the download's default tz=UTC).",
    "Converted from US units: °F to °C ((F-32)x5/9), knots to km/h (x1.852), inches to mm"
      + " (x25.4); converted values are rounded to 6 decimals only to remove floating-point"
      + " noise. mslp is hPa as given; the altimeter setting (alti) is not stored.",
    "p01i (precipitation since the last routine report) is stored as the hour's precipitation"
      + " from the report nearest the hour, never summed; trace (T or 0.0001) is stored as 0.",
    "A calm wind (direction 0) has no direction; the speed is kept. IEM's download has no"
      + " quality flags.",
    StationReport.hourRule,
  ]

  /// Reads one asos.py download holding one station.
  ///
  /// - Parameters:
  ///   - name: the file name (unused: the `station` column names the station).
  public static func read(_ text: [UInt8], name: String, options: StationReadOptions)
    throws(StationFileError) -> StationReading
  {
    try StationFiles.collect(ASOSLineReader(options: options, window: .whole), text: text)
  }

  /// `#DEBUG: Time Zone -> UTC`: a download requested in another zone would shift every hour,
  /// so it is refused rather than read as UTC.
  static func checkTimeZone(_ line: Substring) throws(StationFileError) {
    guard line.hasPrefix("#DEBUG: Time Zone"), let arrow = line.firstRange(of: "->") else { return }
    let zone = StationText.trim(line[arrow.upperBound...])
    guard zone == "UTC" || zone == "Etc/UTC" else {
      throw .format("the IEM ASOS download is in time zone \(zone); download it with tz=UTC")
    }
  }

  static func celsius(_ fahrenheit: Double) -> Double { (fahrenheit - 32) * 5 / 9 }
}
