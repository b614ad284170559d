import Foundation
import SkycastModel
import Stations
import Store

extension StationFileImport {
  /// What `importOnce` did: the reading without rows, and what was stored (nil when the file
  /// had no hours or days, and nothing was written).
  public struct Imported {
    /// The station, tally, notes and counts of the file.
    public var summary: StationFileSummary
    /// What was stored; nil when the file had no rows and nothing was written.
    public var result: Result?
  }

  /// Imports `path` with one read: its rows go to the store batch by batch as they are read,
  /// inside one transaction that rolls back whenever the read finds anything wrong, so a
  /// failure still stores nothing. What the reading decides only at its end is checked then:
  /// the station asked for (`mismatch`), the city (`resolve` runs with the station the first
  /// rows name; its error is reported only after the file read cleanly), a station that
  /// changed after the first rows and a file out of time order (`readTwice`: import it with
  /// `check` and `store(_:path:…)` instead).
  ///
  /// - Parameters:
  ///   - asked: the station the user asked for (`--station`), nil when none.
  ///   - strict: refuse the whole file when any line or value failed the checks
  ///     (`StationTally.strictRefusal`), instead of leaving those out.
  ///   - resolve: the city the rows go to, for the reading so far (provider and station).
  /// - Throws: `StationFileError` for the file, `StationImportStop`, and store errors; nothing
  ///   is stored when it throws.
  public static func importOnce(
    path: String, provider: StationProvider, options: StationReadOptions, asked: String?,
    url: String, store: Store, now: Int64, keepSuspect: Bool = false, strict: Bool = false,
    limit: Int = StationFileBytes.defaultLimit, chunkSize: Int = StationInput.defaultChunkSize,
    resolve: (StationReading) throws -> City
  ) throws -> Imported {
    var hasher = SHA256()
    var hashed = 0
    var writer: StationRowWriter?
    var provisional: String?
    var cityError: (any Error)?
    var undecided = false
    return try store.write {
      let summary = try read(
        path: path, provider: provider, options: options, window: .standard, limit: limit,
        chunkSize: chunkSize,
        raw: { bytes in
          hasher.update(bytes)
          hashed += bytes.count
        }
      ) { rows in
        if writer == nil {
          guard cityError == nil, !undecided else { return }
          let station = rows.stationID ?? ""
          var reading = StationReading(provider: provider, stationID: station)
          if let asked, reading.mismatch(asked: asked) != nil {
            // Decided at the end, from the whole file: nothing is written meanwhile.
            undecided = true
            return
          }
          do {
            let city = try resolve(reading)
            reading.notes = []
            writer = try begin(
              reading, city: city, url: url, file: FileDigest(size: 0, sha256: ""),
              store: store, now: now, keepSuspect: keepSuspect)
            provisional = station
          } catch {
            cityError = error
            return
          }
        }
        try writer?.write(rows)
      }
      let reading = summary.reading
      if !summary.sorted { throw StationImportStop.readTwice }
      if let asked, let mismatch = reading.mismatch(asked: asked) {
        throw StationImportStop.mismatch(mismatch)
      }
      if strict, let refusal = reading.tally.strictRefusal {
        throw StationFileError.format(refusal)
      }
      if undecided || (provisional != nil && provisional != reading.stationID) {
        throw StationImportStop.readTwice
      }
      if let cityError { throw StationImportStop.city(cityError) }
      if writer == nil, summary.hours + summary.days > 0 {
        // Rows came but none was written: cannot happen once the checks above passed.
        throw StationImportStop.readTwice
      }
      guard let writer else { return Imported(summary: summary, result: nil) }
      let digest: FileDigest
      if hashed > 0 {
        digest = FileDigest(size: hashed, sha256: Self.hex(hasher.finalize()))
      } else {
        guard let file = FileDigest(path: path) else {
          throw StationFileError.format("cannot read \(path)")
        }
        digest = file
      }
      var result = try writer.finish()
      try store.completeImportFetch(
        id: writer.fetchID, model: model, bytes: digest.size, sha256: digest.sha256,
        rows: writer.rowsWritten)
      result.reading = reading
      return Imported(summary: summary, result: result)
    }
  }

  /// Lower-case hex of a digest.
  static func hex(_ digest: [UInt8]) -> String {
    digest.map { String(format: "%02x", $0) }.joined()
  }
}
