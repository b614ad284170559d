import SkycastModel

/// `DWDReader` fed one line at a time: the first non-empty line is the header, then one row per
/// line, hours reduced and days collected as they finish.
struct DWDLineReader: StationLineReader {
  let options: StationReadOptions
  private var header: [String]?
  private var stationColumn = 0
  private var timeColumn = 0
  private var frequency: WeatherVariable.Frequency?
  private var columns: [DWDReader.Column] = []
  private var stationNumber: Int?
  private var tally = StationTally()
  private var reducer: StationHourReducer
  private var days: StationDayCollector

  init(options: StationReadOptions, window: StationWindow) {
    self.options = options
    reducer = StationHourReducer(window: window)
    days = StationDayCollector(window: window)
  }

  var unsorted: Bool { reducer.unsorted || days.unsorted }

  var stationSoFar: String? { stationNumber.map(DWDReader.padded) ?? options.stationID }

  mutating func read(_ bytes: UnsafeBufferPointer<UInt8>, number lineNumber: Int)
    throws(StationFileError)
  {
    let text = StationFileBytes.latin1(bytes)
    let line = Substring(text)
    if StationText.trim(line).isEmpty { return }
    guard let header else {
      let names = StationText.fields(line, ";")
        .map { String(StationText.trim($0)).uppercased() }
      guard let station = names.firstIndex(of: "STATIONS_ID"),
        let time = names.firstIndex(of: "MESS_DATUM")
      else {
        throw .format(
          "no DWD produkt header: the first line does not name STATIONS_ID and MESS_DATUM")
      }
      stationColumn = station
      timeColumn = time
      self.header = names
      return
    }
    let fields = StationText.fields(line, ";")
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
        guard !DWDReader.skipped(name) else { return nil }
        return DWDReader.Column(index: index, name: name, target: DWDReader.target(name, kind))
      }
    }
    guard kind == frequency else {
      throw .line(lineNumber, "MESS_DATUM \"\(stamp)\" in a \(frequency!.rawValue) file")
    }
    guard let (date, hour) = DWDReader.parse(stamp), hour.map({ (0...23).contains($0) }) ?? true
    else {
      throw .line(lineNumber, "MESS_DATUM \"\(stamp)\" is not a valid date or hour")
    }
    var time: Int64?
    if let hour {
      time =
        date.midnightAsUTC + Int64(hour) * 3600 - (date < DWDReader.utcSince ? 3600 : 0)
    }
    guard
      time.map({ tally.acceptsTime($0, line: lineNumber, text: String(stamp)) })
        ?? tally.acceptsDate(date, line: lineNumber)
    else { return }
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
    guard !values.isEmpty else { return }
    if let time {
      reducer.add(StationReport(time: time, values: values))
    } else {
      days.merge(date, values)
    }
  }

  mutating func take(into rows: inout StationRows) {
    reducer.take(into: &rows.hourly)
    days.take(into: &rows.daily)
  }

  mutating func finish(into rows: inout StationRows) throws(StationFileError) -> StationReading {
    guard header != nil else { throw .format("the DWD produkt file is empty") }
    guard let stationID = stationNumber.map(DWDReader.padded) ?? options.stationID else {
      throw .format("the DWD produkt file has no rows naming its station; pass a station id")
    }
    reducer.finish(into: &rows.hourly)
    tally.reducedReports += reducer.reducedReports
    days.finish(into: &rows.daily)
    return StationReading(
      provider: DWDReader.provider, stationID: stationID, tally: tally,
      notes: DWDReader.notes(frequency ?? .hourly, columns: columns))
  }
}
