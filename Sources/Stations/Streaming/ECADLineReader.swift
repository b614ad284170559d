import SkycastModel

/// `ECADReader` fed one line at a time: free-text lines up to the `STAID` column header, then
/// one row per day, collected as the days finish.
struct ECADLineReader: StationLineReader {
  let name: String
  let options: StationReadOptions
  private var header: [String]?
  private var stationColumn = 0
  private var dateColumn = 0
  private var valueColumn = 0
  private var qualityColumn = 0
  private var element = ""
  private var target: ECADReader.Target?
  private var stationNumber: Int?
  private var tally = StationTally()
  private var days: StationDayCollector

  init(name: String, options: StationReadOptions, window: StationWindow) {
    self.name = name
    self.options = options
    days = StationDayCollector(window: window)
  }

  var unsorted: Bool { days.unsorted }

  var stationSoFar: String? {
    stationNumber.map(String.init) ?? ECADReader.idFromName(name) ?? options.stationID
  }

  mutating func read(_ bytes: UnsafeBufferPointer<UInt8>, number lineNumber: Int)
    throws(StationFileError)
  {
    let text = StationFileBytes.latin1(bytes)
    let line = Substring(text)
    guard let header else {
      if StationText.trim(line).hasPrefix("STAID") { try readHeader(line) }
      return
    }
    if StationText.trim(line).isEmpty { return }
    let fields = StationText.fields(line, ",")
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
    guard let date = ECADReader.date(stamp) else {
      throw .line(lineNumber, "DATE \"\(stamp)\" is not a YYYYMMDD date")
    }
    guard tally.acceptsDate(date, line: lineNumber) else { return }
    let raw = StationText.trim(fields[valueColumn])
    guard let value = Int(raw) else {
      throw .line(lineNumber, "\(element) \"\(raw)\" is not an integer")
    }
    let qualityText = StationText.trim(fields[qualityColumn])
    guard let quality = Int(qualityText) else {
      throw .line(lineNumber, "Q_\(element) \"\(qualityText)\" is not a quality code")
    }
    let missing = value == ECADReader.missingValue || quality == 9
    guard let target else {
      if !missing { tally.unmapped += 1 }
      return
    }
    if missing {
      tally.missing += 1
      return
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
        days.set(date, target.variable, kept, flagged: true)
      }
    } else if let kept = good[target.variable] {
      days.set(date, target.variable, kept, flagged: false)
    }
  }

  /// The `STAID, SOUID, DATE, <VAR>, Q_<VAR>` line.
  private mutating func readHeader(_ line: Substring) throws(StationFileError) {
    let names = StationText.fields(line, ",")
      .map { String(StationText.trim($0)).uppercased() }
    guard let station = names.firstIndex(of: "STAID"),
      let date = names.firstIndex(of: "DATE"),
      let value = names.firstIndex(where: {
        !["STAID", "SOUID", "DATE"].contains($0) && !$0.hasPrefix("Q_")
      }),
      let quality = names.firstIndex(of: "Q_" + names[value])
    else {
      throw .format(
        "the ECA&D column header \"\(StationText.trim(line))\" lacks STAID, DATE, an element"
          + " or its Q_ column")
    }
    stationColumn = station
    dateColumn = date
    valueColumn = value
    qualityColumn = quality
    element = names[value]
    target = ECADReader.target(element)
    header = names
  }

  mutating func take(into rows: inout StationRows) {
    days.take(into: &rows.daily)
  }

  mutating func finish(into rows: inout StationRows) throws(StationFileError) -> StationReading {
    guard header != nil else {
      throw .format("no ECA&D column header: no line starts with STAID")
    }
    let stationID: String
    if let stationNumber {
      stationID = String(stationNumber)
    } else if let id = ECADReader.idFromName(name) ?? options.stationID {
      stationID = id
    } else {
      throw .format("the ECA&D file has no rows naming its station; pass a station id")
    }
    days.finish(into: &rows.daily)
    return StationReading(
      provider: ECADReader.provider, stationID: stationID, tally: tally,
      notes: ECADReader.notes(element, target: target))
  }
}
