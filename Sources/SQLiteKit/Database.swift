import CSQLite
import Foundation

/// One SQLite connection, set up by the `Configuration` its owner passes in (busy timeout,
/// foreign keys, journal mode, synchronous level, checkpoint interval), with extended result codes.
///
/// Every connection is also hardened (`harden()`): defensive mode on, untrusted schema, no
/// extension loading and no two-argument `fts3_tokenizer()`. Connections that run users' SQL
/// add `allowOnlyReading()` and `interrupt(after:)` (see `Database+ReadOnly.swift`).
///
/// A connection is used from one thread at a time and is deliberately not `Sendable`.
///
/// Related SQLite documentation: <https://www.sqlite.org/c3ref/open.html>
public final class Database {
  /// How a connection opens its file.
  public enum Mode: Sendable {
    /// Read and write; the file is created if missing.
    case readWrite
    /// Read only: writes fail with `SQLITE_READONLY`.
    case readOnly
  }

  /// The raw connection handle, for the few calls this wrapper does not cover.
  public let handle: OpaquePointer
  /// The file path (or `:memory:`).
  public let path: String
  /// The mode the connection was opened with.
  public let mode: Mode
  /// The configuration the connection was opened with.
  public let configuration: Configuration
  /// Statements handed out by `cachedStatement(_:)`: callers step them as they like.
  private var statementCache: [String: Statement] = [:]
  /// Statements of this wrapper's own helpers (`run`, `query`, `scalar`), which finish with a
  /// statement before returning. Kept apart so a helper can never reset a statement a caller is
  /// iterating.
  private var helperStatementCache: [String: Statement] = [:]
  /// The authorizer's state, once `allowOnlyReading()` installed it.
  var readingGuard: ReadingGuard?
  /// The progress handler's deadline, once `interrupt(after:)` set one.
  var deadline: QueryDeadline?
  /// Turns this connection's errors into its owner's error type before they are thrown, so
  /// none crosses the owner's boundary untranslated (the Store maps them to `StoreError`).
  /// Nil throws `SQLiteError` itself.
  public var translateError: ((SQLiteError) -> any Error)?

  /// Opens (and for `.readWrite` creates) the database at `path`.
  ///
  /// - Parameters:
  ///   - path: a file path, or `:memory:`.
  ///   - mode: read-write (default) or read-only.
  ///   - configuration: the connection policy. Pass `configuration.deferringJournalMode` to look
  ///     at a file before changing anything in it, then call `applyJournalMode(_:)`.
  /// - Throws: `SQLiteError` when the file cannot be opened or configured.
  public init(path: String, mode: Mode = .readWrite, configuration: Configuration = .default)
    throws
  {
    var connection: OpaquePointer?
    var flags = SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_URI
    flags |= mode == .readOnly ? SQLITE_OPEN_READONLY : (SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE)
    let code = sqlite3_open_v2(path, &connection, flags, nil)
    guard let connection else { throw SQLiteError(code: SQLITE_NOMEM, message: "out of memory") }
    guard code == SQLITE_OK else {
      let error = SQLiteError(
        code: sqlite3_extended_errcode(connection),
        message: String(cString: sqlite3_errmsg(connection)))
      sqlite3_close_v2(connection)
      throw error
    }
    self.handle = connection
    self.path = path
    self.mode = mode
    self.configuration = configuration
    sqlite3_extended_result_codes(connection, 1)
    sqlite3_busy_timeout(connection, configuration.busyTimeout)
    try harden()
    try execute("PRAGMA foreign_keys = \(configuration.foreignKeys ? "ON" : "OFF")")
    try applyJournalMode(configuration)
  }

  deinit {
    statementCache.removeAll()
    helperStatementCache.removeAll()
    sqlite3_close_v2(handle)
  }

  /// Turns off what no Skycast connection needs and an attacker could use, whatever the
  /// library's compile-time defaults (Debian enables `fts3_tokenizer()`):
  /// - `SQLITE_DBCONFIG_DEFENSIVE` on: no writing to `sqlite_schema` or shadow tables, no
  ///   journal-mode tricks that could corrupt the file;
  /// - `SQLITE_DBCONFIG_TRUSTED_SCHEMA` off: views and triggers in a file from elsewhere can call
  ///   only innocuous functions;
  /// - `SQLITE_DBCONFIG_ENABLE_LOAD_EXTENSION` off: no `load_extension()`;
  /// - `SQLITE_DBCONFIG_ENABLE_FTS3_TOKENIZER` off: no two-argument `fts3_tokenizer()`, which
  ///   installs a tokenizer from an arbitrary pointer (the one-argument form, which returns a
  ///   pointer, is refused by the reading authorizer).
  ///
  /// Related SQLite documentation: <https://www.sqlite.org/c3ref/c_dbconfig_defensive.html>
  func harden() throws {
    let settings: [(option: Int32, value: Int32, name: String)] = [
      (SQLITE_DBCONFIG_DEFENSIVE, 1, "DEFENSIVE"),
      (SQLITE_DBCONFIG_TRUSTED_SCHEMA, 0, "TRUSTED_SCHEMA"),
      (SQLITE_DBCONFIG_ENABLE_LOAD_EXTENSION, 0, "ENABLE_LOAD_EXTENSION"),
      (SQLITE_DBCONFIG_ENABLE_FTS3_TOKENIZER, 0, "ENABLE_FTS3_TOKENIZER"),
    ]
    for setting in settings {
      var result: Int32 = -1
      let code = skycast_db_config_int(handle, setting.option, setting.value, &result)
      try check(code, sql: "sqlite3_db_config(SQLITE_DBCONFIG_\(setting.name))")
      guard result == setting.value else {
        throw failure(
          SQLiteError(
            code: SQLITE_ERROR,
            message: "SQLITE_DBCONFIG_\(setting.name) stayed \(result), not \(setting.value)"))
      }
    }
  }

  /// The current value of a `sqlite3_db_config` on/off option.
  public func configurationValue(_ option: Int32) -> Int32 {
    var result: Int32 = -1
    _ = skycast_db_config_int(handle, option, -1, &result)
    return result
  }

  // MARK: - Errors

  /// The one error funnel: turns a result code into `SQLiteError` with the connection's message.
  @discardableResult
  func check(_ code: Int32, sql: String? = nil) throws -> Int32 {
    switch code {
    case SQLITE_OK, SQLITE_ROW, SQLITE_DONE: return code
    default: throw failure(makeError(code, sql: sql))
    }
  }

  /// `error` as this connection's owner wants it thrown (see `translateError`).
  func failure(_ error: SQLiteError) -> any Error {
    translateError?(error) ?? error
  }

  func makeError(_ code: Int32, sql: String?) -> SQLiteError {
    let extended = sqlite3_extended_errcode(handle)
    let useConnection = extended & 0xFF == code & 0xFF
    return SQLiteError(
      code: useConnection ? extended : code,
      message: useConnection ? String(cString: sqlite3_errmsg(handle)) : nil,
      sql: sql)
  }

  // MARK: - Running SQL

  /// Runs one or more statements with no parameters and no results (schema, pragmas).
  ///
  /// Related SQLite documentation: <https://www.sqlite.org/c3ref/exec.html>
  public func execute(_ sql: String) throws {
    try check(sqlite3_exec(handle, sql, nil, nil, nil), sql: sql)
  }

  /// Prepares one statement, uncached. Trailing statements are an error, since
  /// `sqlite3_prepare_v2` would silently ignore them.
  public func prepare(_ sql: String, persistent: Bool = false) throws -> Statement {
    try Statement(database: self, sql: sql, persistent: persistent)
  }

  /// The prepared statement for `sql`, prepared once per connection and reset before reuse.
  /// Only the caller resets it: the wrapper's own helpers use a cache of their own.
  public func cachedStatement(_ sql: String) throws -> Statement {
    if let statement = statementCache[sql] {
      statement.reset()
      return statement
    }
    let statement = try prepare(sql, persistent: true)
    statementCache[sql] = statement
    return statement
  }

  /// The helpers' statement for `sql`, reset before reuse.
  private func helperStatement(_ sql: String) throws -> Statement {
    if let statement = helperStatementCache[sql] {
      statement.reset()
      return statement
    }
    let statement = try prepare(sql, persistent: true)
    helperStatementCache[sql] = statement
    return statement
  }

  /// Drops a statement from whichever cache holds it (after it failed, its state is suspect).
  func evict(_ statement: Statement) {
    if statementCache[statement.sql] === statement { statementCache[statement.sql] = nil }
    if helperStatementCache[statement.sql] === statement {
      helperStatementCache[statement.sql] = nil
    }
  }

  /// Runs one cached statement with positional bindings, stepping it to completion.
  public func run(_ sql: String, _ bindings: [SQLiteValue] = []) throws {
    let statement = try helperStatement(sql)
    defer { statement.reset() }
    do {
      try statement.bind(bindings)
      while try statement.step() {}
    } catch {
      evict(statement)
      throw error
    }
  }

  /// Runs one cached query and returns all its rows.
  public func query(_ sql: String, _ bindings: [SQLiteValue] = []) throws -> [Row] {
    let statement = try helperStatement(sql)
    defer { statement.reset() }
    try statement.bind(bindings)
    var rows: [Row] = []
    let columns = statement.columnNames
    while try statement.step() {
      rows.append(Row(columns: columns, values: statement.values()))
    }
    return rows
  }

  /// The first column of the first row, or nil when there is no row.
  public func scalar(_ sql: String, _ bindings: [SQLiteValue] = []) throws -> SQLiteValue? {
    let statement = try helperStatement(sql)
    defer { statement.reset() }
    try statement.bind(bindings)
    return try statement.step() ? statement.value(at: 0) : nil
  }

  /// The first column of the first row as text.
  public func scalarText(_ sql: String, _ bindings: [SQLiteValue] = []) throws -> String? {
    switch try scalar(sql, bindings) {
    case .text(let text)?: text
    case let value?: value.isNull ? nil : value.description
    case nil: nil
    }
  }

  /// The first column of the first row as an integer.
  public func scalarInt(_ sql: String, _ bindings: [SQLiteValue] = []) throws -> Int64? {
    try scalar(sql, bindings)?.int64Value
  }

  // MARK: - Connection facts

  /// The rowid of the last successful `INSERT` on this connection.
  public var lastInsertRowID: Int64 { sqlite3_last_insert_rowid(handle) }
  /// Rows changed by the last `INSERT`, `UPDATE` or `DELETE`.
  public var changes: Int { Int(sqlite3_changes(handle)) }
  /// True outside an explicit transaction.
  public var isAutocommit: Bool { sqlite3_get_autocommit(handle) != 0 }

  /// `PRAGMA user_version`.
  public func userVersion() throws -> Int {
    Int(try scalarInt("PRAGMA user_version") ?? 0)
  }

  /// Sets `PRAGMA user_version` (pragmas cannot take bound parameters; `version` is an Int).
  public func setUserVersion(_ version: Int) throws {
    try execute("PRAGMA user_version = \(version)")
  }

  /// Limits the file to `pages` pages: inserts past it fail with `SQLITE_FULL` (tests use it
  /// to simulate a full disk).
  public func setMaxPageCount(_ pages: Int) throws {
    _ = try scalar("PRAGMA max_page_count = \(pages)")
  }
}

@available(*, unavailable)
extension Database: Sendable {}
