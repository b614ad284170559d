import SkycastModel

/// Reads the `produkt_*.txt` file of a DWD Climate Data Center station archive: hourly TU (air
/// temperature, humidity), RR (precipitation), FF (wind), and daily KL, in the current short
/// column names and the legacy long ones (before ~2018).
///
/// The file is `;`-separated Latin-1 with space-padded fields, `-999` for missing and an `eor`
/// column closing each row. Its `QN_*` (legacy `QUALITAETS_NIVEAU`) columns say how far a row
/// has been checked, not whether a value is bad, so every row is kept whatever its QN.
public enum DWDReader: StationFileReader {
  /// Deutscher Wetterdienst.
  public static let provider = StationProvider.dwd

  /// The archive entry holding the data: the `produkt_*.txt` one (the others are metadata).
  public static func productEntry(_ names: [String]) -> String? {
    names.first { name in
      let base = (name.split(separator: "/").last ?? "").lowercased()
      return base.hasPrefix("produkt_") && base.hasSuffix(".txt")
    }
  }

  /// The first hour DWD writes in UTC; hourly timestamps before it are MEZ (UTC+1).
  public static let utcSince = LocalDate(year: 2000, month: 1, day: 1)!

  /// Reads the text of a `produkt_*.txt` file. The station id is `STATIONS_ID` padded to 5
  /// digits as in DWD's file names (`options.stationID` only when the file has no rows).
  public static func read(_ text: [UInt8], name: String, options: StationReadOptions)
    throws(StationFileError) -> StationReading
  {
    let lines = StationFileBytes.lines(StationFileBytes.latin1(text))
    guard let headerLine = lines.firstIndex(where: { !StationText.trim($0).isEmpty }) else {
      throw .format("the DWD produkt file is empty")
    }
    let header = StationText.fields(lines[headerLine], ";")
      .map { String(StationText.trim($0)).uppercased() }
    guard let stationColumn = header.firstIndex(of: "STATIONS_ID"),
      let timeColumn = header.firstIndex(of: "MESS_DATUM")
    else {
      throw .format(
        "no DWD produkt header: the first line does not name STATIONS_ID and MESS_DATUM")
    }
    var frequency: WeatherVariable.Frequency?
    var columns: [Column] = []
    var stationNumber: Int?
    var tally = StationTally()
    var reports: [StationReport] = []
    var days: [LocalDate: [WeatherVariable: Double]] = [:]
    for offset in (headerLine + 1)..<lines.count where !StationText.trim(lines[offset]).isEmpty {
      let lineNumber = offset + 1
      let fields = StationText.fields(lines[offset], ";")
      tally.lines += 1
      guard fields.count == header.count else {
        throw .line(
          lineNumber, "expected \(header.count) ;-separated fields, found \(fields.count)")
      }
      let station = StationText.trim(fields[stationColumn])
      guard let stationValue = Int(station), stationValue >= 0 else {
        throw .line(lineNumber, "STATIONS_ID \"\(station)\" is not a station number")
      }
      if let stationNumber, stationNumber != stationValue {
        throw .line(lineNumber, "station \(stationValue) in a file of station \(stationNumber)")
      }
      stationNumber = stationValue
      let stamp = StationText.trim(fields[timeColumn])
      let kind: WeatherVariable.Frequency
      switch stamp.count {
      case 10: kind = .hourly
      case 8: kind = .daily
      default:
        throw .line(lineNumber, "MESS_DATUM \"\(stamp)\" is neither YYYYMMDDHH nor YYYYMMDD")
      }
      if frequency == nil {
        // The MESS_DATUM shape is the only thing telling an hourly file from a daily one (the
        // legacy LUFTTEMPERATUR is the hour's value in one and the daily mean in the other).
        frequency = kind
        columns = header.enumerated().compactMap { index, name in
          guard !skipped(name) else { return nil }
          return Column(index: index, name: name, target: target(name, kind))
        }
      }
      guard kind == frequency else {
        throw .line(lineNumber, "MESS_DATUM \"\(stamp)\" in a \(frequency!.rawValue) file")
      }
      guard let (date, hour) = parse(stamp), hour.map({ (0...23).contains($0) }) ?? true else {
        throw .line(lineNumber, "MESS_DATUM \"\(stamp)\" is not a valid date or hour")
      }
      var time: Int64?
      if let hour {
        time = date.midnightAsUTC + Int64(hour) * 3600 - (date < utcSince ? 3600 : 0)
      }
      guard
        time.map({ tally.acceptsTime($0, line: lineNumber, text: String(stamp)) })
          ?? tally.acceptsDate(date, line: lineNumber)
      else { continue }
      var values: [WeatherVariable: Double] = [:]
      for column in columns {
        let raw = StationText.trim(fields[column.index])
        let value = StationText.number(raw)
        let missing = raw.isEmpty || value == -999
        guard let target = column.target else {
          if !missing { tally.unmapped += 1 }
          continue
        }
        if missing {
          tally.missing += 1
          continue
        }
        guard let value else {
          throw .line(lineNumber, "\(column.name) \"\(raw)\" is not a number")
        }
        let converted = value * target.factor
        // Hours with 3 decimals × 3600 are not exact in binary (8.950 h → 32219.999…): durations
        // are whole seconds.
        values[target.variable] =
          target.variable == .sunshineDuration ? converted.rounded() : converted
      }
      tally.dropImplausible(&values, line: lineNumber)
      guard !values.isEmpty else { continue }
      if let time {
        reports.append(StationReport(time: time, values: values))
      } else {
        days[date, default: [:]].merge(values) { _, later in later }
      }
    }
    guard let stationID = stationNumber.map(padded) ?? options.stationID else {
      throw .format("the DWD produkt file has no rows naming its station; pass a station id")
    }
    let hourly = StationReport.hours(reports, tally: &tally)
    let daily = days.keys.sorted().map { StationDay(date: $0, values: days[$0]!) }
    return StationReading(
      provider: provider, stationID: stationID, hourly: hourly, daily: daily, tally: tally,
      notes: notes(frequency ?? .hourly, columns: columns))
  }

  // MARK: - Columns

  /// Where a column's values go, and the factor to the canonical unit.
  struct Target {
    var variable: WeatherVariable
    var factor: Double
  }

  struct Column {
    var index: Int
    var name: String
    var target: Target?
  }

  /// Key, quality-level and structure columns, which hold no measurement.
  static func skipped(_ name: String) -> Bool {
    name == "STATIONS_ID" || name == "MESS_DATUM" || name == "EOR" || name.hasPrefix("QN")
      || name == "QUALITAETS_NIVEAU" || name == "STRUKTUR_VERSION" || name.isEmpty
  }

  /// The variable a DWD column maps to (current short name or legacy long one); nil for the
  /// columns Skycast does not store (daily means, codes and indicators, snow depth, …).
  static func target(_ name: String, _ frequency: WeatherVariable.Frequency) -> Target? {
    switch (frequency, name) {
    case (.hourly, "TT_TU"), (.hourly, "LUFTTEMPERATUR"):
      Target(variable: .temperature2m, factor: 1)
    case (.hourly, "RF_TU"), (.hourly, "REL_FEUCHTE"):
      Target(variable: .relativeHumidity2m, factor: 1)
    case (.hourly, "R1"), (.hourly, "NIEDERSCHLAGSHOEHE"):
      Target(variable: .precipitation, factor: 1)
    case (.hourly, "F"), (.hourly, "WINDGESCHWINDIGKEIT"):
      Target(variable: .windSpeed10m, factor: 3.6)
    case (.hourly, "D"), (.hourly, "WINDRICHTUNG"):
      Target(variable: .windDirection10m, factor: 1)
    case (.daily, "TXK"), (.daily, "LUFTTEMPERATUR_MAXIMUM"):
      Target(variable: .temperature2mMax, factor: 1)
    case (.daily, "TNK"), (.daily, "LUFTTEMPERATUR_MINIMUM"):
      Target(variable: .temperature2mMin, factor: 1)
    case (.daily, "RSK"), (.daily, "NIEDERSCHLAGSHOEHE"):
      Target(variable: .precipitationSum, factor: 1)
    case (.daily, "FX"), (.daily, "WINDSPITZE_MAXIMUM"):
      Target(variable: .windGusts10mMax, factor: 3.6)
    case (.daily, "SDK"), (.daily, "SONNENSCHEINDAUER"):
      Target(variable: .sunshineDuration, factor: 3600)
    default: nil
    }
  }

  /// `YYYYMMDDHH` or `YYYYMMDD` as written (MEZ or UTC is decided by the caller).
  static func parse(_ stamp: Substring) -> (LocalDate, Int?)? {
    guard stamp.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }),
      let year = Int(stamp.prefix(4)), let month = Int(stamp.dropFirst(4).prefix(2)),
      let day = Int(stamp.dropFirst(6).prefix(2)),
      let date = LocalDate(year: year, month: month, day: day)
    else { return nil }
    return (date, stamp.count == 10 ? Int(stamp.dropFirst(8)) : nil)
  }

  static func padded(_ number: Int) -> String {
    let digits = String(number)
    return String(repeating: "0", count: max(0, 5 - digits.count)) + digits
  }

  static func notes(_ frequency: WeatherVariable.Frequency, columns: [Column]) -> [String] {
    var notes = [
      "-999 is DWD's missing value",
      "QN (quality level) says how far a row has been checked, not that a value is bad: rows of"
        + " every QN are kept, those of recent/ files (QN 1–3) included",
    ]
    let stored = Set(columns.compactMap { $0.target == nil ? nil : $0.name })
    let unstored = columns.filter { $0.target == nil }.map(\.name)
    if frequency == .hourly {
      notes.append(
        "hourly MESS_DATUM before 2000-01-01 is MEZ (UTC+1) and was moved one hour back to UTC;"
          + " from 2000-01-01 on it is UTC (Skycast's rule; DWD documents the switch for"
          + " 10-minute data, for hourly data it is unconfirmed)")
      if !stored.isDisjoint(with: ["R1", "NIEDERSCHLAGSHOEHE"]) {
        notes.append("R1 is the precipitation of the hour ending at MESS_DATUM → precipitation")
      }
      if !stored.isDisjoint(with: ["F", "WINDGESCHWINDIGKEIT"]) {
        notes.append("wind speed F m/s × 3.6 → km/h")
      }
    } else {
      notes.append(
        "a daily row is its MESS_DATUM date, never shifted; per DWD's Metadaten_Parameter (as"
          + " quoted by a third party, unconfirmed against DWD): TXK/TNK 00:00–24:00 UTC since"
          + " 2001-04-01 (before: 21:30 MEZ of the day before to 21:30 MEZ, before 1987 local"
          + " mean time); RSK 06:00 UTC (05:50 in some descriptions) to the same time the next"
          + " day, credited to the day it starts (unconfirmed); SDK 00:00–24:00 UTC; FX 23:51 UTC"
          + " of the day before to 23:50 UTC")
      notes.append(
        "FX (maximum gust) m/s × 3.6 → km/h; SDK sunshine hours × 3600 → seconds, rounded to whole seconds"
      )
    }
    if !unstored.isEmpty {
      notes.append(
        "not stored: " + unstored.joined(separator: ", ")
          + (frequency == .daily
            ? " (TMK/LUFTTEMPERATUR is the daily mean temperature and FM the daily mean wind,"
              + " which Skycast has no variable for)" : ""))
    }
    return notes
  }

}
