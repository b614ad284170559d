import SkycastModel

/// Reads NOAA GHCNh pipe-separated station files (`GHCNh_<ID>_por.psv` and the by-year
/// `GHCNh_<ID>_<YYYY>.psv`): one observation per line at its real minute, reduced to one value
/// per UTC hour by `StationReport.hours`.
///
/// Columns are picked by header name, because the two schemas put the same variable at
/// different positions (238 and 329 columns). Each variable `v` carries `v_Measurement_Code`
/// (trace, calm) and `v_Quality_Code` (flags) next to it.
public enum GHCNhReader: StationFileReader {
  /// NOAA GHCNh.
  public static let provider = StationProvider.ghcnh

  /// A GHCNh column Skycast stores: its variable and the factor to the canonical unit.
  struct Mapping: Sendable {
    var column: String
    var variable: WeatherVariable
    var factor: Double
  }

  /// The stored columns. `precipitation` is the amount since the last routine report (the
  /// hour's amount for a routine METAR); the 3- to 24-hour and 5/15-minute columns are other
  /// periods and are only counted (`unmapped`), never split or summed into hours.
  static let mappings: [Mapping] = [
    Mapping(column: "temperature", variable: .temperature2m, factor: 1),
    Mapping(column: "dew_point_temperature", variable: .dewPoint2m, factor: 1),
    Mapping(column: "relative_humidity", variable: .relativeHumidity2m, factor: 1),
    Mapping(column: "sea_level_pressure", variable: .pressureMSL, factor: 1),
    Mapping(column: "wind_direction", variable: .windDirection10m, factor: 1),
    Mapping(column: "wind_speed", variable: .windSpeed10m, factor: 3.6),
    Mapping(column: "wind_gust", variable: .windGusts10m, factor: 3.6),
    Mapping(column: "precipitation", variable: .precipitation, factor: 1),
  ]

  /// The rules a reading applied, for the user's report.
  public static let notes: [String] = [
    "GHCNh timestamps are UTC.",
    "Wind speed and gusts are converted from m/s to km/h (x3.6); converted values are rounded"
      + " to 6 decimals only to remove floating-point noise.",
    "Calm (000, or 999 with a calm code) and variable (VRB) wind directions are left out; the"
      + " wind speed is kept.",
    "Values whose Quality_Code is a letter (a failed GHCNh check or a legacy edit flag) or a"
      + " legacy 2, 3, 6 or 7 (suspect or erroneous) are left out and counted as flagged.",
    "Precipitation is the column `precipitation` (the amount since the last routine report);"
      + " trace (measurement code 2-Trace or T) is stored as 0; 3- to 24-hour and 5/15-minute"
      + " totals are not stored.",
    StationReport.hourRule,
  ]

  /// Where one stored variable sits in a line.
  struct Column {
    var mapping: Mapping
    var value: Int
    var measurementCode: Int?
    var qualityCode: Int?
  }

  /// Reads one GHCNh `.psv` file (POR or by-year schema).
  ///
  /// - Parameters:
  ///   - name: the file name; the station id comes from the `Station_ID`/`STATION` column,
  ///     else the name's `GHCNh_<ID>_…` part, else `options.stationID`.
  public static func read(_ text: [UInt8], name: String, options: StationReadOptions)
    throws(StationFileError) -> StationReading
  {
    try StationFiles.collect(
      GHCNhLineReader(name: name, options: options, window: .whole), text: text)
  }

  /// The observation time from Year…Minute when present, else from `DATE` (both UTC).
  static func observationTime(
    _ fields: StationFields, split: [Int]?, date: Int?, line: Int
  ) throws(StationFileError) -> Int64 {
    if let split {
      let parts = split.map { Int(StationText.trim(fields[$0])) }
      if let year = parts[0], let month = parts[1], let day = parts[2], let hour = parts[3],
        let minute = parts[4], (0..<24).contains(hour), (0..<60).contains(minute),
        let localDate = LocalDate(year: year, month: month, day: day)
      {
        return localDate.midnightAsUTC + Int64(hour * 3600 + minute * 60)
      }
      throw .line(
        line,
        "unreadable time '\(split.map { String(StationText.trim(fields[$0])) }.joined(separator: " "))'"
      )
    }
    let text = date.map { String(StationText.trim(fields[$0])) } ?? ""
    guard let seconds = WallClock.secondsAsUTC(text) else {
      throw .line(line, "unreadable DATE '\(text)'")
    }
    return seconds
  }

  /// True for a Quality_Code that marks a value suspect or erroneous: a letter (the integrated
  /// GHCNh checks, the derived-humidity `o`/`f`, legacy edit flags, source 382's failures) or
  /// the legacy numeric 2, 3, 6, 7. Multi-valued cells (`1;`) are checked per part.
  static func isFlagged(_ code: Substring) -> Bool {
    code.split(whereSeparator: { $0 == ";" || $0 == "," || $0 == " " }).contains { part in
      guard let first = part.first else { return false }
      if first.isLetter { return true }
      return ["2", "3", "6", "7"].contains(part)
    }
  }

  /// Trace precipitation: `2-Trace` (POR, truncated), bare `2` (by-year) or `T`.
  static func isTraceCode(_ code: Substring) -> Bool {
    code == "T" || code == "2" || code.hasPrefix("2-")
  }

  /// The calm wind code: `C-Calm` (POR) or bare `C` (by-year).
  static func isCalmCode(_ code: Substring) -> Bool {
    code == "C" || code.hasPrefix("C-")
  }

  /// `precipitation_3_hour` … `precipitation_24_hour`, `precipitation_5_minute`, …
  static func isOtherPeriodTotal(_ column: String) -> Bool {
    guard column.hasPrefix("precipitation_") else { return false }
    let rest = column.dropFirst("precipitation_".count)
    let parts = rest.split(separator: "_")
    return parts.count == 2 && Int(parts[0]) != nil
      && (parts[1] == "hour" || parts[1] == "minute")
  }

  /// `GHCNh_USW00024135_por.psv` → `USW00024135`.
  static func idFromName(_ name: String) -> String? {
    let file = name.split(separator: "/").last.map(String.init) ?? name
    let parts = file.split(separator: "_")
    guard parts.count >= 3, parts[0] == "GHCNh", !parts[1].isEmpty else { return nil }
    return String(parts[1])
  }
}
