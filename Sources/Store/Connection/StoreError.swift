/// Problems with the database file itself, phrased for the person who owns the file.
public enum StoreError: Error, CustomStringConvertible, Equatable {
  /// The file was written by a newer Skycast.
  case newerSchema(path: String, found: Int, supported: Int)
  /// The file exists but is not a SQLite database.
  case notADatabase(path: String)
  /// The file or its folder cannot be opened or created.
  case cannotOpen(path: String, reason: String)
  /// The file or its folder is read-only and a write was needed.
  case readOnly(path: String)
  /// The database (or the disk) is full; nothing from the failed write was kept.
  case full(path: String)
  /// A SQLite file that is not a Skycast database (another application's, or a schema version
  /// Skycast never writes); it is left untouched.
  case foreign(path: String, reason: String)
  /// SQLite found the file damaged (`SQLITE_CORRUPT`), e.g. truncated.
  case damaged(path: String)
  /// Another connection held the lock past the busy timeout (`SQLITE_BUSY`, `SQLITE_LOCKED`).
  case busy(path: String)
  /// A deadline or `sqlite3_interrupt` stopped the statement (`SQLITE_INTERRUPT`).
  case interrupted
  /// A row broke a constraint of the schema (`SQLITE_CONSTRAINT`), with SQLite's message.
  case constraint(message: String)
  /// The reading guard refused what a user's statement asked for (`SQLITE_AUTH`).
  case refused(message: String)
  /// Any other failure SQLite reported: its primary result code, message and statement.
  case failed(code: Int, message: String, sql: String?)

  public var description: String {
    switch self {
    case .newerSchema(let path, let found, let supported):
      "\(path) was written by a newer Skycast (schema version \(found); this build understands up to \(supported)); upgrade skycast or use another --db"
    case .notADatabase(let path):
      "\(path) is not a Skycast database (not a SQLite file); choose another --db"
    case .cannotOpen(let path, let reason):
      "cannot open database \(path): \(reason)"
    case .readOnly(let path):
      "database \(path) is read-only (file or folder not writable); use another --db or fix permissions"
    case .full(let path):
      "database \(path) is full (disk or size limit reached); nothing from this write was stored"
    case .foreign(let path, let reason):
      "\(path) is not a Skycast database: \(reason); Skycast leaves it unchanged; choose another --db"
    case .damaged(let path):
      "database \(path) is damaged (SQLite: database disk image is malformed); check it with 'skycast db check' and restore it from a backup"
    case .busy(let path):
      "database \(path) is busy: another process held its lock too long; nothing was changed, try again"
    case .interrupted:
      "the query was interrupted"
    case .constraint(let message):
      "SQLite error 19: \(message)"
    case .refused(let message):
      "SQLite error 23: \(message)"
    case .failed(let code, let message, let sql):
      "SQLite error \(code): \(message)" + (sql.map { " - while executing `\($0)`" } ?? "")
    }
  }

  /// True when the failure is the file's or the connection's (full, busy, read-only, damaged,
  /// interrupted, …), so every later statement would meet it too; false for what one row or
  /// one statement did (a constraint, a refused or malformed statement).
  public var isAboutTheFile: Bool {
    switch self {
    case .constraint, .refused, .failed: false
    default: true
    }
  }

  /// SQLite's own words for the failure, without the path or advice (what a message about
  /// another file, or about a user's query, quotes).
  public var reason: String {
    switch self {
    case .notADatabase: "file is not a database"
    case .damaged: "database disk image is malformed"
    case .full: "database or disk is full"
    case .readOnly: "attempt to write a readonly database"
    case .busy: "database is locked"
    case .interrupted: "interrupted"
    case .cannotOpen(_, let reason), .foreign(_, let reason): reason
    case .constraint(let message), .refused(let message), .failed(_, let message, _): message
    case .newerSchema: description
    }
  }
}
