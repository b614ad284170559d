import Foundation
internal import SQLiteKit

/// The Skycast database: one connection with the schema migrated and the SQL functions registered.
///
/// All reads and writes of the domain go through a `Store`; commands open one per invocation.
public final class Store {
  /// The underlying connection. Not public: every statement of the product lives in this
  /// target, behind a method (`StoreBoundaryTests` checks that no other source file reaches
  /// for it); test-data writers in Tests/ use it directly.
  let database: Database
  /// The file path.
  public let path: String
  /// How the file was opened.
  public let access: Access
  /// The schema version found when opening (before any migration; 0 for an empty file).
  public let foundVersion: Int
  /// Test-only failure points (see `TestHooks`).
  package var hooks = TestHooks()
  /// Data rows written through this connection (for `hooks`).
  package var rowsWritten = 0

  /// How to open the database.
  public enum Access: Sendable {
    /// Create, migrate and write.
    case readWrite
    /// Read only (reports, `sql`): the file must exist and be at the current schema.
    case readOnly
    /// Read only, for `db check` and `db backup`: the file must exist and be Skycast's (or
    /// empty), at any version up to the current one; nothing is migrated.
    case inspect
  }

  /// Skycast's connection policy. A 10 s busy timeout lets a second writer (a cron collect
  /// meeting a manual one) queue instead of failing. WAL lets readers run while a collector
  /// writes; `synchronous = NORMAL` under WAL never corrupts the file, it may only lose the last
  /// commits on power loss, and Debian's FULL default halves ingest speed. A checkpoint every
  /// ~40 MB of WAL instead of 4 MB: with one commit per batch of cities, each checkpoint's two
  /// fsyncs dominated ingest time.
  static let connectionPolicy = Database.Configuration(
    busyTimeout: 10_000, foreignKeys: true, journalMode: .wal, synchronous: .normal,
    walAutocheckpointPages: 10_000)

  /// True when writes are impossible on this connection.
  public var isReadOnly: Bool { access != .readWrite }

  /// Opens (creating the folder and file for `.readWrite`) and migrates the database at `path`.
  ///
  /// The file is recognised first (`SchemaCheck`): another application's SQLite file, a
  /// negative or newer schema version is refused before anything in it changes; only then is a
  /// read-write connection switched to WAL and the schema created or migrated.
  ///
  /// - Parameters:
  ///   - now: epoch seconds, used to name the backup taken before an in-place migration.
  /// - Throws: `StoreError`, for this and every later call: a newer, foreign, unreadable or
  ///   read-only file, or whatever else SQLite reports.
  public init(
    path: String, access: Access = .readWrite, now: Int64 = Int64(Date().timeIntervalSince1970)
  ) throws {
    self.path = path
    self.access = access
    let fileManager = FileManager.default
    if let problem = DatabasePathCheck.problem(path) {
      throw StoreError.cannotOpen(path: path, reason: problem)
    }
    if access == .readWrite, path != ":memory:" {
      let folder = (path as NSString).deletingLastPathComponent
      if !folder.isEmpty, !fileManager.fileExists(atPath: folder) {
        do {
          try fileManager.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
          throw StoreError.cannotOpen(path: path, reason: "cannot create folder \(folder)")
        }
      }
    } else if access != .readWrite, path != ":memory:", !fileManager.fileExists(atPath: path) {
      throw StoreError.cannotOpen(
        path: path,
        reason: "no such file (run a command that stores data first, e.g. 'skycast city add')")
    }
    do {
      database = try Self.connect(path: path, access: access)
      try Self.checkIsDatabase(database, path: path)
      let finding = try SchemaCheck.recognise(database, path: path)
      if case .skycast(let version) = finding { foundVersion = version } else { foundVersion = 0 }
      try SQLFunctions.register(on: database)
      switch access {
      case .readWrite:
        try database.applyJournalMode(Self.connectionPolicy)
        try Migrator.migrate(database, path: path, now: now)
      case .readOnly:
        if finding == .empty {
          throw StoreError.cannotOpen(
            path: path,
            reason:
              "it holds no Skycast data yet (run a command that stores data first, e.g. 'skycast city add')"
          )
        }
        if foundVersion < Schema.currentVersion {
          throw StoreError.cannotOpen(
            path: path,
            reason:
              "schema version \(foundVersion) is older than \(Schema.currentVersion); run any writing command (e.g. 'skycast db info') to migrate it"
          )
        }
      case .inspect:
        break
      }
      database.translateError = { [path] in Self.translate($0, path: path) }
    } catch let error as SQLiteError {
      if access == .readWrite, Self.isReadOnlyLocation(path),
        error.code == .cannotOpen || error.code == .readOnly
      {
        throw StoreError.readOnly(path: path)
      }
      throw Self.translate(error, path: path)
    }
  }

  /// Opens the connection. A reader of a WAL database in a folder it cannot write (a read-only
  /// mount) cannot create the `-shm` file, so it retries with `immutable=1`, which reads the
  /// file without locks: nothing can be writing to a read-only mount.
  private static func connect(path: String, access: Access) throws -> Database {
    do {
      // WAL is switched on only after the file is recognised as Skycast's or empty.
      let database = try Database(
        path: path, mode: access == .readWrite ? .readWrite : .readOnly,
        configuration: connectionPolicy.deferringJournalMode)
      // Opening is lazy: the first read is what fails on a read-only WAL folder.
      _ = try database.scalar("SELECT count(*) FROM sqlite_schema")
      return database
    } catch let error as SQLiteError where access != .readWrite && error.code == .cannotOpen {
      guard isReadOnlyLocation(path) else { throw error }
      var components = URLComponents()
      components.scheme = "file"
      components.path = path
      components.queryItems = [URLQueryItem(name: "immutable", value: "1")]
      return try Database(
        path: components.string ?? path, mode: .readOnly, configuration: connectionPolicy)
    }
  }

  /// True when the file or its folder cannot be written (permissions or a read-only mount).
  package static func isReadOnlyLocation(_ path: String) -> Bool {
    let folder = (path as NSString).deletingLastPathComponent
    let fileManager = FileManager.default
    if fileManager.fileExists(atPath: path), !fileManager.isWritableFile(atPath: path) {
      return true
    }
    return !folder.isEmpty && !fileManager.isWritableFile(atPath: folder)
  }

  /// Reads the header so a foreign file fails now with a clear message rather than later.
  private static func checkIsDatabase(_ database: Database, path: String) throws {
    do {
      _ = try database.scalar("SELECT count(*) FROM sqlite_schema")
    } catch let error as SQLiteError where error.isNotADatabase {
      throw StoreError.notADatabase(path: path)
    }
  }

  /// Every SQLite failure as a `StoreError`: after `init`, the connection throws nothing else
  /// (`Database.translateError`), so no layer above the Store sees the wrapper's error type.
  static func translate(_ error: SQLiteError, path: String) -> StoreError {
    switch error.code {
    case .notADatabase: .notADatabase(path: path)
    case .corrupt: .damaged(path: path)
    case .readOnly: .readOnly(path: path)
    case .full: .full(path: path)
    case .cannotOpen: .cannotOpen(path: path, reason: error.message)
    case .busy, .locked: .busy(path: path)
    case .interrupt: .interrupted
    case .constraint: .constraint(message: error.message)
    case .authorization: .refused(message: error.message)
    default: .failed(code: Int(error.code.rawValue), message: error.message, sql: error.sql)
    }
  }

  /// Runs `body` in a `BEGIN IMMEDIATE` transaction, translating file-level failures.
  public func write<T>(_ body: () throws -> T) throws -> T {
    try database.transaction(.immediate, body)
  }

  /// Runs `body` in a deferred (read) transaction, so every query inside sees one snapshot.
  public func read<T>(_ body: () throws -> T) throws -> T {
    try database.transaction(.deferred, body)
  }
}

@available(*, unavailable)
extension Store: Sendable {}
