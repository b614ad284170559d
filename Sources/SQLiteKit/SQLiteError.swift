import CSQLite

/// An error reported by SQLite, with the statement that caused it.
///
/// `description` follows GRDB's shape, `SQLite error 19: UNIQUE constraint failed: … - while
/// executing `INSERT …``, and never includes bound values (they may be user data).
///
/// Related SQLite documentation: <https://www.sqlite.org/rescode.html>
public struct SQLiteError: Error, CustomStringConvertible, Sendable, Equatable {
  /// The primary result code (`SQLITE_BUSY`, `SQLITE_CONSTRAINT`, …).
  public var code: Int32 { extendedCode & 0xFF }
  /// The extended result code (`SQLITE_CONSTRAINT_UNIQUE`, …).
  public let extendedCode: Int32
  /// The message from `sqlite3_errmsg`, or `sqlite3_errstr` when no connection is available.
  public let message: String
  /// The SQL being run, if any.
  public let sql: String?

  public init(code: Int32, message: String? = nil, sql: String? = nil) {
    self.extendedCode = code
    self.message = message ?? String(cString: sqlite3_errstr(code))
    self.sql = sql
  }

  public var description: String {
    var text = "SQLite error \(code): \(message)"
    if let sql { text += " - while executing `\(sql)`" }
    return text
  }

  /// True for `SQLITE_BUSY` and `SQLITE_LOCKED`: another connection holds the lock.
  public var isBusy: Bool { code == SQLITE_BUSY || code == SQLITE_LOCKED }
  /// True when the file is not a database (`SQLITE_NOTADB`).
  public var isNotADatabase: Bool { code == SQLITE_NOTADB }
  /// True when the disk or the database's page limit is full (`SQLITE_FULL`).
  public var isFull: Bool { code == SQLITE_FULL }
  /// True when the database or its directory cannot be written (`SQLITE_READONLY`, `SQLITE_CANTOPEN`).
  public var isReadOnly: Bool { code == SQLITE_READONLY }
  /// True when the authorizer refused the statement (`SQLITE_AUTH`).
  public var isNotAuthorized: Bool { code == SQLITE_AUTH }
  /// True when a progress handler or `sqlite3_interrupt` stopped the statement
  /// (`SQLITE_INTERRUPT`).
  public var isInterrupted: Bool { code == SQLITE_INTERRUPT }
}
