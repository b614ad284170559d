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
    let lines = StationFileBytes.lines(StationFileBytes.latin1(text))
    guard let headerLine = lines.firstIndex(where: { StationText.trim($0).hasPrefix("STAID") })
    else {
      throw .format("no ECA&D column header: no line starts with STAID")
    }
    let header = StationText.fields(lines[headerLine], ",")
      .map { String(StationText.trim($0)).uppercased() }
    guard let stationColumn = header.firstIndex(of: "STAID"),
      let dateColumn = header.firstIndex(of: "DATE"),
      let valueColumn = header.firstIndex(where: {
        !["STAID", "SOUID", "DATE"].contains($0) && !$0.hasPrefix("Q_")
      }),
      let qualityColumn = header.firstIndex(of: "Q_" + header[valueColumn])
    else {
      throw .format(
        "the ECA&D column header \"\(StationText.trim(lines[headerLine]))\" lacks STAID, DATE, an element"
          + " or its Q_ column")
    }
    let element = header[valueColumn]
    let target = target(element)
    var stationNumber: Int?
    var tally = StationTally()
    var days: [LocalDate: [WeatherVariable: Double]] = [:]
    var suspectDays: [LocalDate: [WeatherVariable: Double]] = [:]
    for offset in (headerLine + 1)..<lines.count where !StationText.trim(lines[offset]).isEmpty {
      let lineNumber = offset + 1
      let fields = StationText.fields(lines[offset], ",")
      tally.lines += 1
      guard fields.count == header.count else {
        throw .line(
          lineNumber, "expected \(header.count) comma-separated fields, found \(fields.count)")
      }
      guard let station = Int(StationText.trim(fields[stationColumn])) else {
        throw .line(
          lineNumber, "STAID \"\(StationText.trim(fields[stationColumn]))\" is not a number")
      }
      if let stationNumber, stationNumber != station {
        throw .line(lineNumber, "station \(station) in a file of station \(stationNumber)")
      }
      stationNumber = station
      let stamp = StationText.trim(fields[dateColumn])
      guard let date = date(stamp) else {
        throw .line(lineNumber, "DATE \"\(stamp)\" is not a YYYYMMDD date")
      }
      guard tally.acceptsDate(date, line: lineNumber) else { continue }
      let raw = StationText.trim(fields[valueColumn])
      guard let value = Int(raw) else {
        throw .line(lineNumber, "\(element) \"\(raw)\" is not an integer")
      }
      let qualityText = StationText.trim(fields[qualityColumn])
      guard let quality = Int(qualityText) else {
        throw .line(lineNumber, "Q_\(element) \"\(qualityText)\" is not a quality code")
      }
      let missing = value == missingValue || quality == 9
      guard let target else {
        if !missing { tally.unmapped += 1 }
        continue
      }
      if missing {
        tally.missing += 1
        continue
      }
      var converted = Double(value) / 10 * target.factor
      // Durations are whole seconds (0.1 h steps are 360 s; the division is not exact).
      if target.variable == .sunshineDuration { converted = converted.rounded() }
      // A suspect value is kept apart for --keep-suspect, so it passes the same check.
      var good: [WeatherVariable: Double] = quality == 0 ? [target.variable: converted] : [:]
      var suspect: [WeatherVariable: Double] = quality == 0 ? [:] : [target.variable: converted]
      tally.dropImplausible(&good, suspect: &suspect, line: lineNumber)
      if quality != 0 {
        // 1 is "suspect"; any other code is none ECA&D defines, so it is not trusted either.
        tally.flagged += 1
        if let kept = suspect[target.variable] {
          suspectDays[date, default: [:]][target.variable] = kept
        }
      } else if let kept = good[target.variable] {
        days[date, default: [:]][target.variable] = kept
      }
    }
    let stationID: String
    if let stationNumber {
      stationID = String(stationNumber)
    } else if let id = idFromName(name) ?? options.stationID {
      stationID = id
    } else {
      throw .format("the ECA&D file has no rows naming its station; pass a station id")
    }
    return StationReading(
      provider: provider, stationID: stationID,
      daily: Set(days.keys).union(suspectDays.keys).sorted().map {
        StationDay(
          date: $0, values: days[$0, default: [:]], suspect: suspectDays[$0, default: [:]])
      }, tally: tally,
      notes: notes(element, target: target))
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
