import SkycastModel

/// `MeteostatReader` fed one line at a time: the first non-empty line gives the layout (a
/// header, or the first legacy data row), then one row per line, hours reduced and days
/// collected as they finish. The legacy source map is parsed whole beforehand (its size is
/// bounded by the download cap or the file given).
struct MeteostatLineReader: StationLineReader {
  private let stationID: String
  private let flags: MeteostatReader.SourceMap?
  private var layout: MeteostatReader.Layout?
  private var map: MeteostatReader.SourceMap?
  private var tally = StationTally()
  private var reducer: StationHourReducer
  private var days: StationDayCollector

  /// - Throws: when neither the name nor the options give the station.
  init(
    name: String, options: StationReadOptions, flags: MeteostatReader.SourceMap?,
    window: StationWindow
  ) throws(StationFileError) {
    let named = MeteostatReader.stationID(fromName: name)
    let namesStation = named.map(MeteostatReader.isMeteostatID) ?? false
    guard let stationID = (namesStation ? named : nil) ?? options.stationID ?? named else {
      throw .format("no Meteostat station id: the file name \"\(name)\" holds none; pass one")
    }
    self.stationID = stationID
    self.flags = flags
    reducer = StationHourReducer(window: window)
    days = StationDayCollector(window: window)
  }

  var unsorted: Bool { reducer.unsorted || days.unsorted }

  var stationSoFar: String? { stationID }

  mutating func read(_ bytes: UnsafeBufferPointer<UInt8>, number lineNumber: Int)
    throws(StationFileError)
  {
    let text = String(decoding: bytes, as: UTF8.self)
    let line = Substring(text)
    if StationText.trim(line).isEmpty { return }
    guard let layout else {
      let layout = try MeteostatReader.Layout(line, index: lineNumber - 1)
      if let flags, layout.legacy, flags.frequency != layout.frequency {
        throw .format(
          "the source map is \(flags.frequency.rawValue) but the file is \(layout.frequency.rawValue)"
        )
      }
      map = layout.legacy ? flags : nil
      self.layout = layout
      // A legacy file's first line is already a data row.
      if layout.legacy { try read(line, number: lineNumber, layout: layout) }
      return
    }
    try read(line, number: lineNumber, layout: layout)
  }

  private mutating func read(
    _ line: Substring, number lineNumber: Int, layout: MeteostatReader.Layout
  ) throws(StationFileError) {
    let fields = StationText.fields(line, ",")
    tally.lines += 1
    guard fields.count == layout.fieldCount else {
      throw .line(
        lineNumber, "expected \(layout.fieldCount) comma-separated fields, found \(fields.count)")
    }
    let (date, hour) = try layout.time(fields, line: lineNumber)
    let time = hour.map { date.midnightAsUTC + Int64($0) * 3600 }
    guard
      time.map({ tally.acceptsTime($0, line: lineNumber, text: "\(date) \(hour ?? 0):00") })
        ?? tally.acceptsDate(date, line: lineNumber)
    else { return }
    var flagRow: UInt32?
    if let map {
      flagRow =
        map.rows[
          try MeteostatReader.rowKey(fields, frequency: layout.frequency, line: lineNumber)]
    }
    var values: [WeatherVariable: Double] = [:]
    for column in layout.columns {
      let raw = StationText.trim(fields[column.index])
      guard let target = column.target else {
        if !raw.isEmpty { tally.unmapped += 1 }
        continue
      }
      if raw.isEmpty {
        tally.missing += 1
        continue
      }
      guard let value = StationText.number(raw) else {
        throw .line(lineNumber, "\(column.name) \"\(raw)\" is not a number")
      }
      if let source = column.source,
        StationText.trim(fields[source]).split(separator: " ").contains(where: {
          MeteostatReader.modelSources.contains(String($0))
        })
      {
        tally.modelFilled += 1
        continue
      }
      if let flagRow, flagRow & (1 << UInt32(column.index)) != 0 {
        tally.modelFilled += 1
        continue
      }
      if target.variable == .cloudCover, !(0...8).contains(value) {
        // Only 0–8 okta describe a cloud cover; anything else is not a value we can convert.
        tally.flagged += 1
        continue
      }
      let converted = value * target.factor
      // Durations are whole seconds (a fractional minute would not convert exactly).
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
    guard let layout else { throw .format("the Meteostat file is empty") }
    reducer.finish(into: &rows.hourly)
    tally.reducedReports += reducer.reducedReports
    days.finish(into: &rows.daily)
    return StationReading(
      provider: MeteostatReader.provider, stationID: stationID, tally: tally,
      notes: MeteostatReader.notes(layout, map: map))
  }
}
