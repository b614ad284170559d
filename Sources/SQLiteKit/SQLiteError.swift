import CSQLite

/// An error reported by SQLite, with the statement that caused it.
///
/// `description` follows GRDB's shape, `SQLite error 19: UNIQUE constraint failed: … - while
/// executing `INSERT …``, and never includes bound values (they may be user data).
///
/// Related SQLite documentation: <https://www.sqlite.org/rescode.html>
public struct SQLiteError: Error, CustomStringConvertible, Sendable, Equatable {
  /// The primary result code (`.busy`, `.constraint`, …).
  public var code: ResultCode { extendedCode.primary }
  /// The extended result code (`.uniqueConstraint`, …).
  public let extendedCode: ResultCode
  /// The message from `sqlite3_errmsg`, or `sqlite3_errstr` when no connection is available.
  public let message: String
  /// The SQL being run, if any.
  public let sql: String?

  public init(code: Int32, message: String? = nil, sql: String? = nil) {
    self.extendedCode = ResultCode(rawValue: code)
    self.message = message ?? String(cString: sqlite3_errstr(code))
    self.sql = sql
  }

  public var description: String {
    var text = "SQLite error \(code.rawValue): \(message)"
    if let sql { text += " - while executing `\(sql)`" }
    return text
  }

  /// True for `SQLITE_BUSY` and `SQLITE_LOCKED`: another connection holds the lock.
  public var isBusy: Bool { code == .busy || code == .locked }
  /// True when the file is not a database (`SQLITE_NOTADB`).
  public var isNotADatabase: Bool { code == .notADatabase }
  /// True when the disk or the database's page limit is full (`SQLITE_FULL`).
  public var isFull: Bool { code == .full }
  /// True when the database cannot be written (`SQLITE_READONLY`).
  public var isReadOnly: Bool { code == .readOnly }
  /// True when the authorizer refused the statement (`SQLITE_AUTH`).
  public var isNotAuthorized: Bool { code == .authorization }
  /// True when a progress handler or `sqlite3_interrupt` stopped the statement
  /// (`SQLITE_INTERRUPT`).
  public var isInterrupted: Bool { code == .interrupt }
}
