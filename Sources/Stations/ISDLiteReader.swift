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
    // The name's USAF-WBAN wins over the option: the commands refuse a mismatch.
    guard let id = idFromName(name) ?? options.stationID else {
      throw .format(
        "the ISD-Lite file name \(name) is not USAF-WBAN-YEAR.gz; give the station id")
    }
    let lines = StationFileBytes.lines(StationFileBytes.utf8(text))
    var tally = StationTally()
    var reports: [StationReport] = []
    for (lineIndex, line) in lines.enumerated() {
      let number = lineIndex + 1
      let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
      if fields.isEmpty { continue }
      guard fields.count == 12 else {
        // A line of another format from the first line on means the file is not ISD-Lite.
        if tally.lines == 0 && lineIndex == 0 {
          throw .format("not an ISD-Lite file: the first line has \(fields.count) fields, not 12")
        }
        throw .line(number, "\(fields.count) fields, ISD-Lite lines have 12")
      }
      let numbers = fields.map { Int($0) }
      guard let year = numbers[0], let month = numbers[1], let day = numbers[2],
        let hour = numbers[3], (0..<24).contains(hour),
        let date = LocalDate(year: year, month: month, day: day)
      else {
        throw .line(number, "unreadable time '\(fields[0..<4].joined(separator: " "))'")
      }
      tally.lines += 1
      let time = date.midnightAsUTC + Int64(hour * 3600)
      guard
        tally.acceptsTime(time, line: number, text: fields[0..<4].joined(separator: " "))
      else { continue }
      var raw: [Field: Int] = [:]
      for field in Field.allCases {
        guard let value = numbers[4 + field.rawValue] else {
          throw .line(
            number, "field \(5 + field.rawValue) '\(fields[4 + field.rawValue])' is not an integer")
        }
        raw[field] = value
      }
      var values: [WeatherVariable: Double] = [:]
      var trace: Set<WeatherVariable> = []
      func store(_ field: Field, _ variable: WeatherVariable, _ convert: (Double) -> Double) {
        guard let value = raw[field], value != -9999 else {
          tally.missing += 1
          return
        }
        values[variable] = StationText.denoise(convert(Double(value)))
      }
      store(.temperature, .temperature2m) { $0 / 10 }
      store(.dewPoint, .dewPoint2m) { $0 / 10 }
      store(.seaLevelPressure, .pressureMSL) { $0 / 10 }
      if raw[.windDirection] == 0 {
        // Calm: ISD-Lite writes 0 (north is 360), so there is no direction to store.
      } else {
        store(.windDirection, .windDirection10m) { $0 }
      }
      store(.windSpeed, .windSpeed10m) { $0 / 10 * 3.6 }
      if raw[.precipitation1h] == -1 {
        tally.trace += 1
        trace.insert(.precipitation)
        values[.precipitation] = 0
      } else {
        store(.precipitation1h, .precipitation) { $0 / 10 }
      }
      // The 6-hour total covers other hours too: counted, never split or stored.
      if raw[.precipitation6h] != -9999 { tally.unmapped += 1 }
      tally.dropImplausible(&values, line: number)
      if !values.isEmpty { reports.append(StationReport(time: time, values: values, trace: trace)) }
    }
    return StationReading(
      provider: provider, stationID: id, hourly: StationReport.hours(reports, tally: &tally),
      tally: tally, notes: notes)
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
