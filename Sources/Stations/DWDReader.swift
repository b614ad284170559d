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
    try StationFiles.collect(DWDLineReader(options: options, window: .whole), text: text)
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
