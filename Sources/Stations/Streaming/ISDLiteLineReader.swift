import SkycastModel

/// `ISDLiteReader` fed one line at a time: twelve fields per line, one report per line,
/// reduced to hours as they finish.
struct ISDLiteLineReader: StationLineReader {
  private let stationID: String
  private var tally = StationTally()
  private var reducer: StationHourReducer

  /// - Throws: when neither the name nor the options give the station.
  init(name: String, options: StationReadOptions, window: StationWindow)
    throws(StationFileError)
  {
    // The name's USAF-WBAN wins over the option: the commands refuse a mismatch.
    guard let id = ISDLiteReader.idFromName(name) ?? options.stationID else {
      throw .format(
        "the ISD-Lite file name \(name) is not USAF-WBAN-YEAR.gz; give the station id")
    }
    stationID = id
    reducer = StationHourReducer(window: window)
  }

  var unsorted: Bool { reducer.unsorted }

  var stationSoFar: String? { stationID }

  mutating func read(_ bytes: UnsafeBufferPointer<UInt8>, number: Int) throws(StationFileError) {
    typealias Field = ISDLiteReader.Field
    let text = String(decoding: bytes, as: UTF8.self)
    let line = Substring(text)
    let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
    if fields.isEmpty { return }
    guard fields.count == 12 else {
      // A line of another format from the first line on means the file is not ISD-Lite.
      if tally.lines == 0 && number == 1 {
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
    else { return }
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
    if !values.isEmpty { reducer.add(StationReport(time: time, values: values, trace: trace)) }
  }

  mutating func take(into rows: inout StationRows) {
    reducer.take(into: &rows.hourly)
  }

  mutating func finish(into rows: inout StationRows) throws(StationFileError) -> StationReading {
    reducer.finish(into: &rows.hourly)
    tally.reducedReports += reducer.reducedReports
    return StationReading(
      provider: ISDLiteReader.provider, stationID: stationID, tally: tally,
      notes: ISDLiteReader.notes)
  }
}
