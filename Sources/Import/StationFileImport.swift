import Foundation
import SkycastModel
import Stations
import Store

/// `import observations --format PROVIDER FILE`: a station file read by its provider's reader
/// and stored under the station's own source (`station:<provider>:<id>`), never mixed with a
/// model's. One write transaction per file, so a failure stores nothing.
public enum StationFileImport {
  /// The model on station rows' fetch-log rows and their series columns: measurements have no
  /// model, and the observation tables are keyed without one.
  public static let model = "station"

  /// A file's size and SHA-256 for its fetch-log row, taken before the bytes are let go.
  public struct FileDigest: Sendable, Equatable {
    public var size: Int
    /// Lower-case hex.
    public var sha256: String

    public init(_ bytes: [UInt8]) {
      size = bytes.count
      sha256 = SHA256.hexDigest(bytes)
    }
  }

  /// What one file gave and what was stored.
  public struct Result: Sendable, Equatable {
    /// What the file held.
    public var reading: StationReading
    /// Hourly rows inserted, updated or unchanged.
    public var hourly = UpsertCounts()
    /// Daily rows inserted, updated or unchanged.
    public var daily = UpsertCounts()
    /// Flagged values stored with their flag (`keepSuspect`).
    public var keptSuspect = 0
    /// Trace values stored as 0 with the flag ``StationFileImport/traceFlag``.
    public var traceFlagged = 0
    /// The fetch-log row (nil on a dry run).
    public var fetchID: Int64?
  }

  /// The `observation_flags` flag of a trace value (stored as 0): unlike `suspect`, verify
  /// keeps it unless `--exclude-trace`.
  public static let traceFlag = Store.traceFlag

  /// Reads `path` (plain, gzip or zip) with `provider`'s reader.
  ///
  /// - Parameter limit: the output limit of the decompressed text (SPEC §12).
  public static func read(
    path: String, provider: StationProvider, options: StationReadOptions,
    limit: Int = StationFileBytes.defaultLimit
  ) throws -> (reading: StationReading, file: FileDigest) {
    // Read straight into one array (not Data and a copy): a period-of-record file is hundreds
    // of megabytes, and the reader's text is a second copy already.
    guard let bytes = StationFileBytes.contents(atPath: path) else {
      throw StationFileError.format("cannot read \(path)")
    }
    let file = FileDigest(bytes)
    let name = URL(fileURLWithPath: path).lastPathComponent
    let reading = try StationFiles.read(
      bytes, name: name, provider: provider, options: options, limit: limit,
      sibling: {
        FileManager.default.contents(
          atPath: URL(fileURLWithPath: path)
            .deletingLastPathComponent().appendingPathComponent($0).path
        ).map { [UInt8]($0) }
      })
    return (reading, file)
  }

  /// Stores `reading` for `city` with one fetch-log row (source `station:<provider>:<id>`, the
  /// file's `url` (`file://…` for an import), size and SHA-256 of the file), in one transaction.
  ///
  /// - Parameter keepSuspect: also store the values the provider flagged (`--keep-suspect`),
  ///   each marked in `observation_flags` so verification leaves it out unless asked.
  public static func store(
    _ reading: StationReading, city: City, url: String, file: FileDigest, store: Store,
    now: Int64, keepSuspect: Bool = false
  ) throws -> Result {
    var result = Result(reading: reading)
    let source = reading.source.rawValue
    try store.write {
      var fetch = FetchRecord(
        cityID: city.id, source: reading.source.fetchLogValue, model: Self.model,
        requestedAt: now, issuedAt: nil, status: .ok)
      fetch.url = url
      fetch.bytes = file.size
      fetch.bodySHA256 = file.sha256
      let fetchID = try store.insertFetch(fetch)
      result.fetchID = fetchID
      if reading.hourly.contains(where: { !$0.values.isEmpty }) {
        result.hourly = try store.upsertHourlyObservations(
          Self.hourlyBlock(reading.hourly), model: Self.model, cityID: city.id, source: source,
          zone: city.zone, fetchID: fetchID, fetchedAt: now)
      }
      if reading.daily.contains(where: { !$0.values.isEmpty }) {
        result.daily = try store.upsertDailyObservations(
          Self.dailyBlock(reading.daily), model: Self.model, cityID: city.id, source: source,
          fetchID: fetchID, fetchedAt: now)
      }
      // A good value replaces a flagged one (the provider corrected it, or a `recent` file
      // overlaps a `historical` one): its flag goes with it.
      if try store.flaggedObservationCount(cityID: city.id, source: source) > 0 {
        for hour in reading.hourly {
          for variable in hour.values.keys {
            try store.clearObservationFlag(
              cityID: city.id, source: source, variable: variable, validAt: hour.validAt)
          }
        }
        for day in reading.daily {
          for variable in day.values.keys {
            try store.clearObservationFlag(
              cityID: city.id, source: source, variable: variable, date: day.date)
          }
        }
      }
      // A trace (precipitation too small to measure) is stored as 0 with the flag `trace`, so
      // a later reader can tell it from a measured 0 (verify keeps it unless --exclude-trace).
      for hour in reading.hourly {
        for variable in hour.trace where hour.values[variable] != nil {
          try store.flagObservation(
            cityID: city.id, source: source, variable: variable, validAt: hour.validAt,
            flag: Self.traceFlag)
          result.traceFlagged += 1
        }
      }
      var suspectRows = UpsertCounts()
      if keepSuspect {
        (result.keptSuspect, suspectRows) = try storeSuspect(
          reading, city: city, source: source, fetchID: fetchID, now: now, store: store)
      }
      let rows =
        result.hourly.inserted + result.hourly.updated + result.daily.inserted
        + result.daily.updated + suspectRows.inserted + suspectRows.updated
      try store.setFetchRows(rows, fetchID: fetchID)
    }
    return result
  }

  /// The flagged values, stored and marked with the flag `suspect`; returns how many, and the
  /// rows written.
  static func storeSuspect(
    _ reading: StationReading, city: City, source: String, fetchID: Int64, now: Int64,
    store: Store
  ) throws -> (kept: Int, rows: UpsertCounts) {
    var kept = 0
    var rows = UpsertCounts()
    let hours = reading.hourly.filter { !$0.suspect.isEmpty }
    if !hours.isEmpty {
      rows =
        rows
        + (try store.upsertHourlyObservations(
          hourlyBlock(hours, suspect: true), model: Self.model, cityID: city.id, source: source,
          zone: city.zone, fetchID: fetchID, fetchedAt: now))
      for hour in hours {
        for variable in hour.suspect.keys {
          try store.flagObservation(
            cityID: city.id, source: source, variable: variable, validAt: hour.validAt,
            flag: "suspect")
          kept += 1
        }
      }
    }
    let days = reading.daily.filter { !$0.suspect.isEmpty }
    if !days.isEmpty {
      rows =
        rows
        + (try store.upsertDailyObservations(
          dailyBlock(days, suspect: true), model: Self.model, cityID: city.id, source: source,
          fetchID: fetchID, fetchedAt: now))
      for day in days {
        for variable in day.suspect.keys {
          try store.flagObservation(
            cityID: city.id, source: source, variable: variable, date: day.date, flag: "suspect")
          kept += 1
        }
      }
    }
    return (kept, rows)
  }

  /// The hours as a series block (model `station`), one column per variable present: the good
  /// values, or with `suspect` the flagged ones.
  static func hourlyBlock(_ hours: [StationHour], suspect: Bool = false) -> SeriesBlock {
    var block = SeriesBlock()
    block.instants = hours.map(\.validAt)
    block.columns = columns(
      hours.map { suspect ? $0.suspect : $0.values }, role: .hourlyObservation)
    return block
  }

  /// The days as a series block (model `station`); with `suspect` the flagged values.
  static func dailyBlock(_ days: [StationDay], suspect: Bool = false) -> SeriesBlock {
    var block = SeriesBlock()
    block.dates = days.map(\.date)
    block.columns = columns(days.map { suspect ? $0.suspect : $0.values }, role: .dailyObservation)
    return block
  }

  /// One column per variable of `role` that any row has, keyed for model `station`.
  private static func columns(_ rows: [[WeatherVariable: Double]], role: WeatherVariable.Roles)
    -> [SeriesKey: [Double?]]
  {
    var columns: [SeriesKey: [Double?]] = [:]
    for variable in WeatherVariable.with(role) {
      let column = rows.map { $0[variable] }
      if column.contains(where: { $0 != nil }) {
        columns[SeriesKey(variable, model: model)] = column
      }
    }
    return columns
  }
}
