import Foundation
import SkycastModel
import Stations
import Store

#if canImport(Glibc)
  import Glibc
#endif

/// `import observations --format PROVIDER FILE`: a station file read by its provider's reader
/// and stored under the station's own source (`station:<provider>:<id>`), never mixed with a
/// model's. One write transaction per file, so a failure stores nothing.
///
/// A file is read as a stream twice, never held: `check` reads and validates it whole (every
/// line's error, the station, the tally and the counts are known before anything is stored),
/// then `store(_:path:…)` reads it again and writes its rows batch by batch in one transaction.
/// Memory stays flat whatever the file's size; a file out of time order is read with every row
/// held (`StationWindow.whole`), as before.
public enum StationFileImport {
  /// The model on station rows' fetch-log rows and their series columns: measurements have no
  /// model, and the observation tables are keyed without one.
  public static let model = "station"

  /// A file's size and SHA-256 for its fetch-log row.
  public struct FileDigest: Sendable, Equatable {
    public var size: Int
    /// Lower-case hex.
    public var sha256: String

    public init(_ bytes: [UInt8]) {
      size = bytes.count
      sha256 = SHA256.hexDigest(bytes)
    }

    public init(size: Int, sha256: String) {
      self.size = size
      self.sha256 = sha256
    }

    /// The digest of the file at `path`, read in chunks; nil when it cannot be read.
    public init?(path: String) {
      let descriptor = open(path, O_RDONLY | O_CLOEXEC)
      guard descriptor >= 0 else { return nil }
      defer { close(descriptor) }
      var hasher = SHA256()
      var size = 0
      var chunk = [UInt8](repeating: 0, count: 1 << 20)
      while true {
        let got = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
        if got < 0, errno == EINTR { continue }
        guard got >= 0 else { return nil }
        if got == 0 { break }
        size += got
        chunk.withUnsafeBytes { hasher.update(UnsafeRawBufferPointer(rebasing: $0[0..<got])) }
      }
      self.size = size
      sha256 = hasher.finalize().map { String(format: "%02x", $0) }.joined()
    }
  }

  /// What one file gave and what was stored.
  public struct Result: Sendable, Equatable {
    /// What the file held (its rows only when it was read whole, `store(_ reading:…)`).
    public var reading: StationReading
    /// Hours written (the file's hours, `StationFileSummary.hours`).
    public var hours = 0
    /// Days written.
    public var days = 0
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

  /// A file read once and found good: what `store(_:path:…)` needs to read it again.
  public struct Checked: Sendable, Equatable {
    /// The station, tally, notes and counts.
    public var summary: StationFileSummary
    /// The file's size and SHA-256.
    public var file: FileDigest
    /// `.standard`, or `.whole` for a file out of time order.
    public var window: StationWindow

    public init(summary: StationFileSummary, file: FileDigest, window: StationWindow) {
      self.summary = summary
      self.file = file
      self.window = window
    }
  }

  /// The `observation_flags` flag of a trace value (stored as 0): unlike `suspect`, verify
  /// keeps it unless `--exclude-trace`.
  public static let traceFlag = Store.traceFlag

  /// Reads `path` (plain, gzip or zip) with `provider`'s reader as a stream, validating every
  /// line, and keeps no rows; the file's digest is taken from the same read (a zip archive's
  /// in a read of its own).
  ///
  /// - Parameters:
  ///   - name: the file name the reader is given (a download's, not its temporary file's);
  ///     the path's last component when nil.
  ///   - sibling: another file beside it by name (Meteostat's source map); files in the same
  ///     folder when nil.
  ///   - limit: the output limit of the decompressed text (`StationFileBytes.defaultLimit`).
  ///   - chunkSize: bytes read at a time.
  public static func check(
    path: String, provider: StationProvider, options: StationReadOptions, name: String? = nil,
    sibling: ((String) -> [UInt8]?)? = nil, limit: Int = StationFileBytes.defaultLimit,
    chunkSize: Int = StationInput.defaultChunkSize
  ) throws -> Checked {
    var hasher = SHA256()
    var hashed = 0
    var window = StationWindow.standard
    var summary = try read(
      path: path, provider: provider, options: options, name: name, sibling: sibling,
      window: window, limit: limit, chunkSize: chunkSize,
      raw: { bytes in
        hasher.update(bytes)
        hashed += bytes.count
      }, rows: { _ in })
    let file: FileDigest
    if hashed > 0 {
      file = FileDigest(
        size: hashed, sha256: hasher.finalize().map { String(format: "%02x", $0) }.joined())
    } else {
      // A zip archive (or an empty file): its bytes were not read in order.
      guard let digest = FileDigest(path: path) else {
        throw StationFileError.format("cannot read \(path)")
      }
      file = digest
    }
    if !summary.sorted {
      window = .whole
      summary = try read(
        path: path, provider: provider, options: options, name: name, sibling: sibling,
        window: window, limit: limit, chunkSize: chunkSize
      ) { _ in }
    }
    return Checked(summary: summary, file: file, window: window)
  }

  /// Reads `path` as a stream, handing its rows to `rows` in batches.
  ///
  /// - Parameters:
  ///   - name: the file name the reader is given; the path's last component when nil.
  ///   - sibling: another file beside it by name; files in the same folder when nil.
  ///   - raw: receives a plain or gzip file's bytes as read.
  public static func read(
    path: String, provider: StationProvider, options: StationReadOptions, name: String? = nil,
    sibling: ((String) -> [UInt8]?)? = nil, window: StationWindow,
    limit: Int = StationFileBytes.defaultLimit, chunkSize: Int = StationInput.defaultChunkSize,
    raw: (UnsafeRawBufferPointer) -> Void = { _ in }, rows: (StationRows) throws -> Void
  ) throws -> StationFileSummary {
    let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
    return try StationFiles.stream(
      .file(path: path), name: name ?? URL(fileURLWithPath: path).lastPathComponent,
      provider: provider, options: options, window: window, limit: limit, chunkSize: chunkSize,
      sibling: sibling
        ?? {
          FileManager.default.contents(atPath: folder.appendingPathComponent($0).path)
            .map { [UInt8]($0) }
        }, raw: raw, rows: rows)
  }

  /// Reads `path` (plain, gzip or zip) with `provider`'s reader, every row held in memory.
  ///
  /// - Parameter limit: the output limit of the decompressed text (`StationFileBytes.defaultLimit`).
  public static func read(
    path: String, provider: StationProvider, options: StationReadOptions,
    limit: Int = StationFileBytes.defaultLimit
  ) throws -> (reading: StationReading, file: FileDigest) {
    let checked = try check(path: path, provider: provider, options: options, limit: limit)
    var reading = checked.summary.reading
    _ = try read(
      path: path, provider: provider, options: options, window: checked.window, limit: limit
    ) { rows in
      reading.hourly += rows.hourly
      reading.daily += rows.daily
    }
    return (reading, checked.file)
  }

  /// Reads the checked file at `path` again and stores its rows for `city` with one fetch-log
  /// row, in one transaction: batch by batch, never the whole file in memory.
  ///
  /// - Throws: `StationFileError` when the file no longer reads as it did (it changed between
  ///   the two reads; nothing is stored), and store errors.
  public static func store(
    _ checked: Checked, path: String, provider: StationProvider, options: StationReadOptions,
    name: String? = nil, sibling: ((String) -> [UInt8]?)? = nil, city: City, url: String,
    store: Store, now: Int64, keepSuspect: Bool = false,
    limit: Int = StationFileBytes.defaultLimit, chunkSize: Int = StationInput.defaultChunkSize
  ) throws -> Result {
    try store.write {
      var writer = try begin(
        checked.summary.reading, city: city, url: url, file: checked.file, store: store,
        now: now, keepSuspect: keepSuspect)
      let again = try read(
        path: path, provider: provider, options: options, name: name, sibling: sibling,
        window: checked.window, limit: limit, chunkSize: chunkSize
      ) { rows in try writer.write(rows) }
      guard again.readsLike(checked.summary) else {
        throw StationFileError.format("the file changed while it was read; nothing was stored")
      }
      return try writer.finish()
    }
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
    try store.write {
      var writer = try begin(
        reading, city: city, url: url, file: file, store: store, now: now,
        keepSuspect: keepSuspect)
      try writer.write(StationRows(hourly: reading.hourly, daily: reading.daily))
      var result = try writer.finish()
      result.reading = reading
      return result
    }
  }

  /// Inserts the fetch-log row and returns the writer of the rows.
  package static func begin(
    _ reading: StationReading, city: City, url: String, file: FileDigest, store: Store,
    now: Int64, keepSuspect: Bool
  ) throws -> StationRowWriter {
    var fetch = FetchRecord(
      cityID: city.id, source: reading.source, model: Self.model,
      requestedAt: now, issuedAt: nil, status: .ok)
    fetch.url = url
    fetch.bytes = file.size
    fetch.bodySHA256 = file.sha256
    let fetchID = try store.insertFetch(fetch)
    return try StationRowWriter(
      store: store, city: city, reading: reading, fetchID: fetchID, now: now,
      keepSuspect: keepSuspect)
  }
}
