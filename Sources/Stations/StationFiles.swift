import SkycastModel

/// Every provider's reader behind one call: unwraps the file and reads it, line by line.
public enum StationFiles {
  /// Rows handed to the caller at a time by `stream`.
  public static let batchSize = 8192

  /// Reads one station file of `provider` (plain, gzip or zip; a DWD archive's `produkt_*.txt`).
  ///
  /// The station id the reading gives (the file's own, else its name's, else
  /// `options.stationID`) must pass `Station.idProblem`: a `Station_ID` with an ESC or a `/`
  /// refuses the file. Whether it is the station asked for is `StationReading.mismatch(asked:)`.
  ///
  /// - Parameter sibling: the bytes of another file in the same folder, by name, nil when there
  ///   is none: a Meteostat legacy file's source map (`10637.map.csv.gz` beside
  ///   `10637.csv.gz`), which says which values a model filled.
  public static func read(
    _ bytes: [UInt8], name: String, provider: StationProvider, options: StationReadOptions,
    limit: Int = StationFileBytes.defaultLimit, sibling: (String) -> [UInt8]? = { _ in nil }
  ) throws(StationFileError) -> StationReading {
    var hourly: [StationHour] = []
    var daily: [StationDay] = []
    let summary: StationFileSummary
    do {
      summary = try stream(
        .bytes(bytes), name: name, provider: provider, options: options, window: .whole,
        limit: limit, sibling: sibling
      ) { rows in
        hourly.append(contentsOf: rows.hourly)
        daily.append(contentsOf: rows.daily)
      }
    } catch let error as StationFileError {
      throw error
    } catch {
      throw .compressed("\(error)")
    }
    var reading = summary.reading
    reading.hourly = hourly
    reading.daily = daily
    return reading
  }

  /// Reads one station file of `provider` as a stream: the text is unwrapped and split into
  /// lines chunk by chunk, each line is read and checked as the whole-file readers do, and
  /// finished rows go to `rows` in batches of about `batchSize`, in time order. With
  /// `window: .standard` only a few days of reports are held, so memory stays flat whatever
  /// the file's size.
  ///
  /// - Parameters:
  ///   - window: how long rows are held; a file out of time order comes back with
  ///     `sorted == false`, and its rows are then right only when read again `.whole`.
  ///   - chunkSize: bytes read at a time (tests pass a few, to cut lines anywhere).
  ///   - raw: receives a plain or gzip file's bytes as read (`StationInput.text`).
  ///   - rows: receives each batch; its errors (a store's) end the read and propagate.
  /// - Throws: `StationFileError` for the file, the `rows` closure's errors as they are.
  public static func stream(
    _ input: StationInput, name: String, provider: StationProvider, options: StationReadOptions,
    window: StationWindow = .standard, limit: Int = StationFileBytes.defaultLimit,
    chunkSize: Int = StationInput.defaultChunkSize, batchSize: Int = batchSize,
    sibling: (String) -> [UInt8]? = { _ in nil }, raw: (UnsafeRawBufferPointer) -> Void = { _ in },
    rows: (StationRows) throws -> Void
  ) throws -> StationFileSummary {
    var reader = try lineReader(
      provider, name: name, options: options, window: window, limit: limit, sibling: sibling)
    var splitter = StationLineSplitter()
    var batch = StationRows()
    var hours = 0
    var days = 0
    func handOut() throws {
      hours += batch.hourly.count
      days += batch.daily.count
      var full = batch
      full.stationID = reader.stationSoFar
      batch = StationRows()
      try rows(full)
    }
    let pick: ([String]) -> String? = { names in
      provider == .dwd ? DWDReader.productEntry(names) : names.first
    }
    try input.text(limit: limit, chunkSize: chunkSize, pick: pick, raw: raw) { piece in
      try splitter.feed(piece) { line, number in try reader.read(line, number: number) }
      reader.take(into: &batch)
      if batch.count >= batchSize { try handOut() }
    }
    try splitter.finish { line, number in try reader.read(line, number: number) }
    let reading = try reader.finish(into: &batch)
    if let problem = Station.idProblem(reading.stationID) {
      throw StationFileError.format("the file names no usable station: \(problem)")
    }
    if !batch.isEmpty { try handOut() }
    return StationFileSummary(reading: reading, hours: hours, days: days, sorted: !reader.unsorted)
  }

  /// The provider's line reader.
  static func lineReader(
    _ provider: StationProvider, name: String, options: StationReadOptions,
    window: StationWindow, limit: Int, sibling: (String) -> [UInt8]?
  ) throws(StationFileError) -> any StationLineReader {
    switch provider {
    case .ghcnh: return GHCNhLineReader(name: name, options: options, window: window)
    case .asos: return ASOSLineReader(options: options, window: window)
    case .isdLite: return try ISDLiteLineReader(name: name, options: options, window: window)
    case .dwd: return DWDLineReader(options: options, window: window)
    case .ecad: return ECADLineReader(name: name, options: options, window: window)
    case .meteostat:
      var flags: MeteostatReader.SourceMap?
      if let dot = name.firstIndex(of: "."),
        let map = sibling(String(name[..<dot]) + ".map" + String(name[dot...]))
      {
        flags = try MeteostatReader.SourceMap.parse(
          try StationFileBytes.text(map, limit: min(limit, StationDownload.mapTextLimit)))
      }
      return try MeteostatLineReader(name: name, options: options, flags: flags, window: window)
    }
  }

  /// Runs `reader` over the whole of `text` (already unwrapped) and collects its rows: the
  /// providers' `read(_:name:options:)`.
  static func collect(_ reader: some StationLineReader, text: [UInt8])
    throws(StationFileError) -> StationReading
  {
    var reader = reader
    var splitter = StationLineSplitter()
    var rows = StationRows()
    do {
      try text.withUnsafeBufferPointer { buffer in
        try splitter.feed(buffer) { line, number in try reader.read(line, number: number) }
      }
      try splitter.finish { line, number in try reader.read(line, number: number) }
    } catch let error as StationFileError {
      throw error
    } catch {
      throw .format("\(error)")
    }
    var reading = try reader.finish(into: &rows)
    reading.hourly = rows.hourly
    reading.daily = rows.daily
    return reading
  }
}
