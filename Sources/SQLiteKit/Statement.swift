import CSQLite

/// A prepared statement, finalized when released.
///
/// Binding is positional (1-based, as in SQLite) or by `:name`. Reading is by column index.
///
/// Related SQLite documentation: <https://www.sqlite.org/c3ref/stmt.html>
public final class Statement {
  /// The raw statement handle.
  public let handle: OpaquePointer
  /// The SQL it was prepared from.
  public let sql: String
  unowned let database: Database

  init(database: Database, sql: String, persistent: Bool) throws {
    self.database = database
    self.sql = sql
    var statement: OpaquePointer?
    var tailOffset = 0
    let flags = UInt32(persistent ? SQLITE_PREPARE_PERSISTENT : 0)
    let code = sql.withCString { start -> Int32 in
      var tail: UnsafePointer<CChar>?
      let code = sqlite3_prepare_v3(database.handle, start, -1, flags, &statement, &tail)
      if let tail { tailOffset = start.distance(to: tail) }
      return code
    }
    guard code == SQLITE_OK else { throw database.failure(database.makeError(code, sql: sql)) }
    let tailText = sql.utf8.dropFirst(tailOffset)
    let rest = String(decoding: tailText, as: UTF8.self)
    guard let statement else {
      throw database.failure(
        SQLiteError(code: SQLITE_MISUSE, message: "no SQL statement found", sql: sql))
    }
    self.handle = statement
    if !Self.isBlankOrComment(rest) {
      // `deinit` finalizes the handle: the object is fully initialized at this point.
      throw database.failure(
        SQLiteError(
          code: SQLITE_MISUSE, message: "only one SQL statement is allowed, found more", sql: sql))
    }
  }

  deinit { sqlite3_finalize(handle) }

  /// True when `text` holds only whitespace, `;` and comments.
  static func isBlankOrComment(_ text: String) -> Bool {
    var remaining = Substring(text)
    while let first = remaining.first {
      if first.isWhitespace || first == ";" {
        remaining = remaining.dropFirst()
      } else if remaining.hasPrefix("--") {
        remaining = remaining.drop { $0 != "\n" }
      } else if remaining.hasPrefix("/*") {
        guard let end = remaining.range(of: "*/") else { return true }
        remaining = remaining[end.upperBound...]
      } else {
        return false
      }
    }
    return true
  }

  // MARK: - Facts

  /// True when SQLite reports the statement makes no direct change to the database file.
  /// `VACUUM INTO` and `PRAGMA x = …` report false, which is why `sql` relies on it.
  ///
  /// Related SQLite documentation: <https://www.sqlite.org/c3ref/stmt_readonly.html>
  public var isReadOnly: Bool { sqlite3_stmt_readonly(handle) != 0 }

  /// Number of result columns.
  public var columnCount: Int32 { sqlite3_column_count(handle) }

  /// Result column names, in order.
  public var columnNames: [String] {
    (0..<columnCount).map { String(cString: sqlite3_column_name(handle, $0)) }
  }

  /// Number of parameters (`?`, `:name`).
  public var parameterCount: Int32 { sqlite3_bind_parameter_count(handle) }

  /// Parameter names in order (`:city`), empty string for positional parameters.
  public var parameterNames: [String] {
    guard parameterCount > 0 else { return [] }
    return (1...parameterCount).map { index in
      sqlite3_bind_parameter_name(handle, index).map { String(cString: $0) } ?? ""
    }
  }

  // MARK: - Binding

  /// Binds values to parameters 1…n.
  public func bind(_ values: [SQLiteValue]) throws {
    guard values.count == Int(parameterCount) else {
      throw database.failure(
        SQLiteError(
          code: SQLITE_RANGE,
          message: "expected \(parameterCount) bound values, got \(values.count)", sql: sql))
    }
    for (offset, value) in values.enumerated() {
      try bind(value, at: Int32(offset + 1))
    }
  }

  /// Binds values by parameter name (`:city` or `city`). Names not in the statement are ignored
  /// only when `ignoringUnknown` is true.
  public func bind(named values: [String: SQLiteValue], ignoringUnknown: Bool = false) throws {
    for (name, value) in values {
      let key =
        name.hasPrefix(":") || name.hasPrefix("@") || name.hasPrefix("$") ? name : ":" + name
      let index = sqlite3_bind_parameter_index(handle, key)
      if index == 0 {
        if ignoringUnknown { continue }
        throw database.failure(
          SQLiteError(code: SQLITE_RANGE, message: "no parameter named \(key)", sql: sql))
      }
      try bind(value, at: index)
    }
  }

  /// Binds one value at a 1-based index.
  public func bind(_ value: SQLiteValue, at index: Int32) throws {
    let code: Int32
    switch value {
    case .null: code = sqlite3_bind_null(handle, index)
    case .integer(let integer): code = sqlite3_bind_int64(handle, index, integer)
    case .real(let real): code = sqlite3_bind_double(handle, index, real)
    case .text(let text): code = sqlite3_bind_text(handle, index, text, -1, SQLITE_TRANSIENT)
    case .blob(let bytes):
      code = bytes.withUnsafeBytes {
        sqlite3_bind_blob(handle, index, $0.baseAddress, Int32($0.count), SQLITE_TRANSIENT)
      }
    }
    try database.check(code, sql: sql)
  }

  /// Binds an optional double without building a `SQLiteValue` (the ingest hot path).
  @inline(__always)
  public func bind(_ value: Double?, at index: Int32) throws {
    let code =
      if let value { sqlite3_bind_double(handle, index, value) } else {
        sqlite3_bind_null(handle, index)
      }
    if code != SQLITE_OK { try database.check(code, sql: sql) }
  }

  /// Binds an optional integer.
  @inline(__always)
  public func bind(_ value: Int64?, at index: Int32) throws {
    let code =
      if let value { sqlite3_bind_int64(handle, index, value) } else {
        sqlite3_bind_null(handle, index)
      }
    if code != SQLITE_OK { try database.check(code, sql: sql) }
  }

  /// Binds optional text.
  @inline(__always)
  public func bind(_ value: String?, at index: Int32) throws {
    let code =
      if let value {
        sqlite3_bind_text(handle, index, value, -1, SQLITE_TRANSIENT)
      } else {
        sqlite3_bind_null(handle, index)
      }
    if code != SQLITE_OK { try database.check(code, sql: sql) }
  }

  // MARK: - Stepping

  /// Advances to the next row. Returns true when a row is available, false when done.
  @discardableResult
  public func step() throws -> Bool {
    let code = sqlite3_step(handle)
    switch code {
    case SQLITE_ROW: return true
    case SQLITE_DONE: return false
    default:
      let error = database.makeError(code, sql: sql)
      sqlite3_reset(handle)
      database.evict(self)
      throw database.failure(error)
    }
  }

  /// Resets the statement so it can run again; bindings are kept.
  public func reset() { sqlite3_reset(handle) }

  /// Runs the statement to completion (for writes), then resets it.
  public func execute() throws {
    defer { reset() }
    while try step() {}
  }

  // MARK: - Reading the current row

  /// Column `index` as a double, nil for NULL.
  @inline(__always)
  public func double(_ index: Int32) -> Double? {
    sqlite3_column_type(handle, index) == SQLITE_NULL ? nil : sqlite3_column_double(handle, index)
  }

  /// Column `index` as an integer, nil for NULL.
  @inline(__always)
  public func int64(_ index: Int32) -> Int64? {
    sqlite3_column_type(handle, index) == SQLITE_NULL ? nil : sqlite3_column_int64(handle, index)
  }

  /// Column `index` as text, nil for NULL.
  public func text(_ index: Int32) -> String? {
    guard let pointer = sqlite3_column_text(handle, index) else { return nil }
    let count = Int(sqlite3_column_bytes(handle, index))
    return String(decoding: UnsafeBufferPointer(start: pointer, count: count), as: UTF8.self)
  }

  /// Column `index`'s UTF-8 bytes without copying into a String; valid until the next step.
  public func withTextBytes<T>(_ index: Int32, _ body: (UnsafeBufferPointer<UInt8>) throws -> T)
    rethrows -> T?
  {
    guard let pointer = sqlite3_column_text(handle, index) else { return nil }
    let count = Int(sqlite3_column_bytes(handle, index))
    return try body(UnsafeBufferPointer(start: pointer, count: count))
  }

  /// Column `index`'s blob bytes without copying; valid until the next step. Nil for NULL.
  public func withBlobBytes<T>(_ index: Int32, _ body: (UnsafeRawBufferPointer) throws -> T)
    rethrows -> T?
  {
    // Only a NULL or an empty blob has no pointer: the type is asked for those alone.
    guard let pointer = sqlite3_column_blob(handle, index) else {
      guard sqlite3_column_type(handle, index) != SQLITE_NULL else { return nil }
      return try body(UnsafeRawBufferPointer(start: nil, count: 0))
    }
    let count = Int(sqlite3_column_bytes(handle, index))
    return try body(UnsafeRawBufferPointer(start: pointer, count: count))
  }

  /// Column `index` as an integer, NULL read as 0: one library call where ``int64(_:)`` makes
  /// two, for loops over NOT NULL columns.
  @inline(__always)
  public func int64NotNull(_ index: Int32) -> Int64 { sqlite3_column_int64(handle, index) }

  /// Column `index` as a `SQLiteValue`.
  public func value(at index: Int32) -> SQLiteValue {
    switch sqlite3_column_type(handle, index) {
    case SQLITE_INTEGER: return .integer(sqlite3_column_int64(handle, index))
    case SQLITE_FLOAT: return .real(sqlite3_column_double(handle, index))
    case SQLITE_TEXT: return .text(text(index) ?? "")
    case SQLITE_BLOB:
      let count = Int(sqlite3_column_bytes(handle, index))
      guard count > 0, let pointer = sqlite3_column_blob(handle, index) else { return .blob([]) }
      return .blob(Array(UnsafeRawBufferPointer(start: pointer, count: count)))
    default: return .null
    }
  }

  /// Every column of the current row.
  public func values() -> [SQLiteValue] {
    (0..<columnCount).map { value(at: $0) }
  }
}

@available(*, unavailable)
extension Statement: Sendable {}
