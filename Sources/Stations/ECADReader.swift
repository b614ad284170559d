import SkycastModel

/// Reads an ECA&D daily series file (`TX_STAID000001.txt`, `RR_…`, …): a free-text header block
/// whose length changes between vintages, then the column header `STAID, SOUID, DATE, <VAR>,
/// Q_<VAR>` and one comma-separated, space-padded row per day. Values are integers in 0.1 units,
/// `-9999` is missing, and `Q_<VAR>` is 0 valid, 1 suspect, 9 missing.
public enum ECADReader: StationFileReader {
  /// The European Climate Assessment & Dataset.
  public static let provider = StationProvider.ecad

  /// ECA&D's missing value.
  public static let missingValue = -9999

  /// Reads the text of one series file; the element comes from its column header. The station
  /// id is `STAID` as an integer string (`1`); without rows, `options.stationID` or the number
  /// after `STAID` in the file name.
  public static func read(_ text: [UInt8], name: String, options: StationReadOptions)
    throws(StationFileError) -> StationReading
  {
    try StationFiles.collect(
      ECADLineReader(name: name, options: options, window: .whole), text: text)
  }

  /// Where an element's values go: the factor applies after dividing the 0.1 units by 10.
  struct Target {
    var variable: WeatherVariable
    var factor: Double
  }

  /// The variable an ECA&D element maps to; nil for those Skycast has no variable for (TG daily
  /// mean, FG mean wind, PP mean pressure, SD snow depth, CC, HU, DD, QQ, …).
  static func target(_ element: String) -> Target? {
    switch element {
    case "TX": Target(variable: .temperature2mMax, factor: 1)
    case "TN": Target(variable: .temperature2mMin, factor: 1)
    case "RR": Target(variable: .precipitationSum, factor: 1)
    case "FX": Target(variable: .windGusts10mMax, factor: 3.6)
    case "SS": Target(variable: .sunshineDuration, factor: 3600)
    default: nil
    }
  }

  static func notes(_ element: String, target: Target?) -> [String] {
    var notes = [
      "ECA&D values are in 0.1 units: divided by 10"
        + (element == "FX"
          ? ", then m/s × 3.6 → km/h" : element == "SS" ? ", then h × 3600 → s" : ""),
      "-9999 or Q_\(element) 9 is missing; Q_\(element) 1 (suspect) values are not stored",
      "a row is ECA&D's date as given: the station's observation day, whose time zone and window"
        + " (e.g. for RR, 06–06 or 07–07) the file does not state (unconfirmed)",
    ]
    if target == nil {
      notes.append(
        "not stored: \(element)"
          + (element == "TG" ? " (daily mean temperature, which Skycast has no variable for)" : ""))
    }
    return notes
  }

  /// `STAID000001` in a file name → `1`.
  static func idFromName(_ name: String) -> String? {
    guard let range = name.range(of: "STAID") else { return nil }
    let digits = name[range.upperBound...].prefix(while: \.isNumber)
    return Int(digits).map(String.init)
  }

  static func date(_ stamp: Substring) -> LocalDate? {
    guard stamp.count == 8, stamp.utf8.allSatisfy({ (48...57).contains($0) }),
      let value = Int(stamp)
    else { return nil }
    return LocalDate(year: value / 10000, month: value / 100 % 100, day: value % 100)
  }
}
