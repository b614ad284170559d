import SkycastModel

/// `GHCNhReader` fed one line at a time: the header from line 1, then one report per line,
/// reduced to hours as they finish. Every check and message is the whole-file reader's.
struct GHCNhLineReader: StationLineReader {
  let name: String
  let options: StationReadOptions
  private var header: [String]?
  private var stationColumn: Int?
  private var splitTime: [Int] = []
  private var dateColumn: Int?
  private var columns: [GHCNhReader.Column] = []
  private var otherTotals: [Int] = []
  private var tally = StationTally()
  private var stationID: String?
  private var reducer: StationHourReducer
  /// The current line's fields (bounds reused from line to line).
  private var fields = StationFields()

  init(name: String, options: StationReadOptions, window: StationWindow) {
    self.name = name
    self.options = options
    reducer = StationHourReducer(window: window)
  }

  var unsorted: Bool { reducer.unsorted }

  var stationSoFar: String? { stationID ?? GHCNhReader.idFromName(name) ?? options.stationID }

  mutating func read(_ bytes: UnsafeBufferPointer<UInt8>, number: Int) throws(StationFileError) {
    guard let header else {
      try readHeader(Substring(String(decoding: bytes, as: UTF8.self)))
      return
    }
    if StationFields.isBlank(bytes) { return }
    fields.split(bytes, separator: UInt8(ascii: "|"))
    let fields = self.fields
    // wetterdienst notes files that end in a repeated header line.
    if fields.count == header.count, StationText.trim(fields[0]) == header[0] { return }
    guard fields.count == header.count else {
      throw .line(number, "\(fields.count) fields where the header has \(header.count)")
    }
    tally.lines += 1
    if let stationColumn {
      let id = String(StationText.trim(fields[stationColumn]))
      if !id.isEmpty {
        if let stationID, stationID != id {
          throw .line(number, "station \(id) after \(stationID): one file holds one station")
        }
        stationID = id
      }
    }
    let split = splitTime.count == 5 ? splitTime : nil
    let time = try GHCNhReader.observationTime(
      fields, split: split, date: dateColumn, line: number)
    guard
      tally.acceptsTime(
        time, line: number,
        text: (split ?? dateColumn.map { [$0] } ?? []).map {
          String(StationText.trim(fields[$0]))
        }
        .joined(separator: " "))
    else { return }
    var values: [WeatherVariable: Double] = [:]
    var trace: Set<WeatherVariable> = []
    var suspect: [WeatherVariable: Double] = [:]
    for column in columns {
      let cell = StationText.trim(fields[column.value])
      let measurement = column.measurementCode.map { StationText.trim(fields[$0]) } ?? ""
      let quality = column.qualityCode.map { StationText.trim(fields[$0]) } ?? ""
      let isDirection = column.mapping.variable == .windDirection10m
      if cell.isEmpty {
        // A calm report leaves the direction empty with a calm code: no direction, not missing.
        if !(isDirection && GHCNhReader.isCalmCode(measurement)) { tally.missing += 1 }
        continue
      }
      if GHCNhReader.isFlagged(quality) {
        tally.flagged += 1
        // Kept apart, for --keep-suspect: a flagged number (not a sentinel or a calm code).
        if let raw = StationText.number(cell), abs(raw) != 9999,
          !(isDirection && (raw == 0 || raw == 999))
        {
          suspect[column.mapping.variable] = StationText.denoise(raw * column.mapping.factor)
        }
        continue
      }
      if isDirection && cell == "VRB" { continue }
      guard let raw = StationText.number(cell) else {
        throw .line(number, "\(column.mapping.column) '\(cell)' is not a number")
      }
      if abs(raw) == 9999 {
        tally.missing += 1
        continue
      }
      if isDirection && (raw == 0 || (raw == 999 && GHCNhReader.isCalmCode(measurement))) {
        continue
      }
      if isDirection && raw == 999 {
        tally.missing += 1
        continue
      }
      if column.mapping.variable == .precipitation && GHCNhReader.isTraceCode(measurement) {
        tally.trace += 1
        trace.insert(.precipitation)
        values[.precipitation] = 0
        continue
      }
      values[column.mapping.variable] = StationText.denoise(raw * column.mapping.factor)
    }
    for position in otherTotals {
      let cell = StationText.trim(fields[position])
      if !cell.isEmpty, cell != "9999", cell != "-9999" { tally.unmapped += 1 }
    }
    tally.dropImplausible(&values, suspect: &suspect, line: number)
    if !values.isEmpty || !suspect.isEmpty {
      reducer.add(StationReport(time: time, values: values, suspect: suspect, trace: trace))
    }
  }

  /// Line 1: the column names, which say where every stored variable sits.
  private mutating func readHeader(_ first: Substring) throws(StationFileError) {
    var headerLine = first
    if headerLine.hasPrefix("\u{FEFF}") { headerLine = headerLine.dropFirst() }
    let header = StationText.fields(headerLine, "|").map {
      String(StationText.trim($0))
    }
    var index: [String: Int] = [:]
    for (position, column) in header.enumerated() where index[column] == nil {
      index[column] = position
    }
    stationColumn = index["Station_ID"] ?? index["STATION"]
    splitTime = ["Year", "Month", "Day", "Hour", "Minute"].compactMap { index[$0] }
    dateColumn = index["DATE"]
    guard header.count > 1, stationColumn != nil, splitTime.count == 5 || dateColumn != nil
    else {
      throw .format(
        "not a GHCNh file: the first line is not a GHCNh header (Station_ID or STATION, and"
          + " Year…Minute or DATE columns, separated by |)")
    }
    columns = GHCNhReader.mappings.compactMap { mapping -> GHCNhReader.Column? in
      guard let value = index[mapping.column] else { return nil }
      return GHCNhReader.Column(
        mapping: mapping, value: value,
        measurementCode: index[mapping.column + "_Measurement_Code"],
        qualityCode: index[mapping.column + "_Quality_Code"])
    }
    // Other periods' precipitation totals: counted, never stored (`skycast help stations`: never split or summed).
    otherTotals = header.indices.filter { GHCNhReader.isOtherPeriodTotal(header[$0]) }
    self.header = header
  }

  mutating func take(into rows: inout StationRows) {
    reducer.take(into: &rows.hourly)
  }

  mutating func finish(into rows: inout StationRows) throws(StationFileError) -> StationReading {
    guard header != nil else { throw .format("not a GHCNh file: it is empty") }
    // What the file says (its column, else its name) wins over the option: the commands refuse
    // a mismatch.
    guard let id = stationID ?? GHCNhReader.idFromName(name) ?? options.stationID else {
      throw .format("the GHCNh file names no station (empty Station_ID and file name \(name))")
    }
    reducer.finish(into: &rows.hourly)
    tally.reducedReports += reducer.reducedReports
    return StationReading(
      provider: GHCNhReader.provider, stationID: id, tally: tally, notes: GHCNhReader.notes)
  }
}
