import Foundation
import SkycastModel
import Stations
import Store

/// `import observations --format PROVIDER FILE`: a station file read by its provider's reader
/// and stored under the station's own source (`station:<provider>:<id>`), never mixed with a
/// model's. One write transaction per file, so a failure stores nothing.
public enum StationFileImport {
  /// What one file gave and what was stored.
  public struct Result: Sendable, Equatable {
    public var reading: StationReading
    /// Hourly and daily rows inserted, updated or unchanged.
    public var hourly = UpsertCounts()
    public var daily = UpsertCounts()
    /// The fetch-log row (nil on a dry run).
    public var fetchID: Int64?
  }

  /// Reads `path` (plain, gzip or zip) with `provider`'s reader.
  ///
  /// - Parameter limit: the output limit of the decompressed text (SPEC §12).
  public static func read(
    path: String, provider: StationProvider, options: StationReadOptions,
    limit: Int = StationFileBytes.defaultLimit
  ) throws -> (reading: StationReading, bytes: [UInt8]) {
    guard let data = FileManager.default.contents(atPath: path) else {
      throw StationFileError.format("cannot read \(path)")
    }
    let bytes = [UInt8](data)
    let name = URL(fileURLWithPath: path).lastPathComponent
    let reading = try StationFiles.read(
      bytes, name: name, provider: provider, options: options, limit: limit,
      sibling: {
        FileManager.default.contents(
          atPath: URL(fileURLWithPath: path)
            .deletingLastPathComponent().appendingPathComponent($0).path
        ).map { [UInt8]($0) }
      })
    return (reading, bytes)
  }

  /// Stores `reading` for `city` with one fetch-log row (source `station:<provider>:<id>`, the
  /// file's `url` (`file://…` for an import), size and SHA-256 of the file), in one transaction.
  public static func store(
    _ reading: StationReading, city: City, url: String, fileBytes: [UInt8], store: Store,
    now: Int64
  ) throws -> Result {
    var result = Result(reading: reading)
    let source = reading.source.rawValue
    try store.write {
      var fetch = FetchRecord(
        cityID: city.id, source: reading.source.fetchLogValue, model: "station",
        requestedAt: now, issuedAt: nil, status: .ok)
      fetch.url = url
      fetch.bytes = fileBytes.count
      fetch.bodySHA256 = SHA256.hexDigest(fileBytes)
      let fetchID = try store.insertFetch(fetch)
      result.fetchID = fetchID
      if !reading.hourly.isEmpty {
        result.hourly = try store.upsertHourlyObservations(
          Self.hourlyBlock(reading.hourly), model: "station", cityID: city.id, source: source,
          zone: city.zone, fetchID: fetchID, fetchedAt: now)
      }
      if !reading.daily.isEmpty {
        result.daily = try store.upsertDailyObservations(
          Self.dailyBlock(reading.daily), model: "station", cityID: city.id, source: source,
          fetchID: fetchID, fetchedAt: now)
      }
      let rows =
        result.hourly.inserted + result.hourly.updated + result.daily.inserted
        + result.daily.updated
      try store.setFetchRows(rows, fetchID: fetchID)
    }
    return result
  }

  /// The hours as a series block (model `station`), one column per variable present.
  static func hourlyBlock(_ hours: [StationHour]) -> SeriesBlock {
    var block = SeriesBlock()
    block.instants = hours.map(\.validAt)
    for variable in WeatherVariable.with(.hourlyObservation) {
      let column = hours.map { $0.values[variable] }
      if column.contains(where: { $0 != nil }) {
        block.columns[SeriesKey(variable, model: "station")] = column
      }
    }
    return block
  }

  /// The days as a series block (model `station`).
  static func dailyBlock(_ days: [StationDay]) -> SeriesBlock {
    var block = SeriesBlock()
    block.dates = days.map(\.date)
    for variable in WeatherVariable.with(.dailyObservation) {
      let column = days.map { $0.values[variable] }
      if column.contains(where: { $0 != nil }) {
        block.columns[SeriesKey(variable, model: "station")] = column
      }
    }
    return block
  }
}
