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
    }
  }
}
