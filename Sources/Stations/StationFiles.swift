import SkycastModel

/// Every provider's reader behind one call: unwraps the file and reads it.
public enum StationFiles {
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
    let reading = try readUnchecked(
      bytes, name: name, provider: provider, options: options, limit: limit, sibling: sibling)
    if let problem = Station.idProblem(reading.stationID) {
      throw .format("the file names no usable station: \(problem)")
    }
    return reading
  }

  /// The provider's reader, before the id check.
  static func readUnchecked(
    _ bytes: [UInt8], name: String, provider: StationProvider, options: StationReadOptions,
    limit: Int, sibling: (String) -> [UInt8]?
  ) throws(StationFileError) -> StationReading {
    let text = try StationFileBytes.text(bytes, limit: limit) { names in
      provider == .dwd ? DWDReader.productEntry(names) : names.first
    }
    switch provider {
    case .ghcnh: return try GHCNhReader.read(text, name: name, options: options)
    case .asos: return try ASOSReader.read(text, name: name, options: options)
    case .isdLite: return try ISDLiteReader.read(text, name: name, options: options)
    case .dwd: return try DWDReader.read(text, name: name, options: options)
    case .ecad: return try ECADReader.read(text, name: name, options: options)
    case .meteostat:
      var flags: MeteostatReader.SourceMap?
      if let dot = name.firstIndex(of: "."),
        let map = sibling(String(name[..<dot]) + ".map" + String(name[dot...]))
      {
        flags = try MeteostatReader.SourceMap.parse(
          try StationFileBytes.text(map, limit: limit))
      }
      return try MeteostatReader.read(text, name: name, options: options, flags: flags)
    }
  }
}
