import SkycastModel

/// `ASOSReader` fed one line at a time: `#` lines checked for the time zone, the header, then
/// one report per line, reduced to hours as they finish.
struct ASOSLineReader: StationLineReader {
  let options: StationReadOptions
  private var header: [String]?
  private var separator: Unicode.Scalar = ","
  private var stationColumn = 0
  private var validColumn = 0
  private var columns: [(mapping: ASOSReader.Mapping, index: Int)] = []
  private var tally = StationTally()
  private var stationID: String?
  private var reducer: StationHourReducer

  init(options: StationReadOptions, window: StationWindow) {
    self.options = options
    reducer = StationHourReducer(window: window)
  }

  var unsorted: Bool { reducer.unsorted }

  var stationSoFar: String? { stationID ?? options.stationID }

  mutating func read(_ bytes: UnsafeBufferPointer<UInt8>, number: Int) throws(StationFileError) {
    let text = String(decoding: bytes, as: UTF8.self)
    let line = Substring(text)
    if line.hasPrefix("#") {
      try ASOSReader.checkTimeZone(line)
      return
    }
    if StationText.trim(line).isEmpty { return }
    guard let header else {
      try readHeader(line)
      return
    }
    let fields = StationText.fields(line, separator)
    guard fields.count == header.count else {
      throw .line(number, "\(fields.count) fields where the header has \(header.count)")
    }
    tally.lines += 1
    let id = String(StationText.trim(fields[stationColumn]))
    if let stationID, stationID != id {
      throw .line(number, "station \(id) after \(stationID): one file holds one station")
    }
    stationID = id
    let validText = String(StationText.trim(fields[validColumn]))
    guard let time = WallClock.secondsAsUTC(validText) else {
      throw .line(number, "unreadable valid time '\(validText)' (expected YYYY-MM-DD HH:MM)")
    }
    guard tally.acceptsTime(time, line: number, text: validText) else { return }
    var values: [WeatherVariable: Double] = [:]
    var trace: Set<WeatherVariable> = []
    for (mapping, index) in columns {
      let cell = StationText.trim(fields[index])
      if cell.isEmpty || cell == "M" || cell == "null" {
        tally.missing += 1
        continue
      }
      if mapping.variable == .precipitation && (cell == "T" || cell == "0.0001") {
        tally.trace += 1
        trace.insert(.precipitation)
        values[.precipitation] = 0
        continue
      }
      guard let raw = StationText.number(cell) else {
        throw .line(number, "\(mapping.column) '\(cell)' is not a number")
      }
      if mapping.variable == .windDirection10m && raw == 0 { continue }
      values[mapping.variable] = StationText.denoise(mapping.convert(raw))
    }
    tally.dropImplausible(&values, line: number)
    if !values.isEmpty { reducer.add(StationReport(time: time, values: values, trace: trace)) }
  }

  private mutating func readHeader(_ line: Substring) throws(StationFileError) {
    separator = line.contains("\t") ? "\t" : ","
    let names = StationText.fields(line, separator).map {
      String(StationText.trim($0))
    }
    guard let station = names.firstIndex(of: "station"),
      let valid = names.firstIndex(of: "valid")
    else {
      throw .format(
        "not an IEM ASOS download: the header has no station and valid columns"
          + " (download without nometa=yes)")
    }
    columns = ASOSReader.mappings.compactMap { mapping in
      names.firstIndex(of: mapping.column).map { (mapping, $0) }
    }
    guard !columns.isEmpty else {
      throw .format(
        "the IEM ASOS download has none of the columns tmpf, dwpf, relh, drct, sknt, gust,"
          + " p01i, mslp (download with data=all)")
    }
    stationColumn = station
    validColumn = valid
    header = names
  }

  mutating func take(into rows: inout StationRows) {
    reducer.take(into: &rows.hourly)
  }

  mutating func finish(into rows: inout StationRows) throws(StationFileError) -> StationReading {
    guard header != nil else {
      throw .format("not an IEM ASOS download: no header line (station, valid, …)")
    }
    guard let id = stationID ?? options.stationID else {
      throw .format("the IEM ASOS download has no data lines and names no station")
    }
    reducer.finish(into: &rows.hourly)
    tally.reducedReports += reducer.reducedReports
    return StationReading(
      provider: ASOSReader.provider, stationID: id, tally: tally, notes: ASOSReader.notes)
  }
}
