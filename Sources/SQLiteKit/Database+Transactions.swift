import CSQLite

extension Database {
  /// Runs `body` in a transaction: committed when it returns, rolled back when it throws.
  ///
  /// The first error wins: a failing rollback never hides the error that caused it. Rollback is
  /// guarded by `sqlite3_get_autocommit`, since SQLite may already have rolled back on its own
  /// (for example after `SQLITE_FULL`).
  ///
  /// Inside an enclosing transaction it becomes a savepoint: `body`'s changes are undone alone
  /// when it throws, and become durable when the outer transaction commits. This lets a caller
  /// store several fetches in one commit while each fetch stays all-or-nothing.
  public func transaction<T>(_ kind: TransactionKind = .immediate, _ body: () throws -> T) throws
    -> T
  {
    if !isAutocommit { return try savepoint(body) }
    try execute("BEGIN \(kind.rawValue)")
    do {
      let result = try body()
      try execute("COMMIT")
      return result
    } catch {
      if !isAutocommit { try? execute("ROLLBACK") }
      throw error
    }
  }

  /// Runs `body` in a savepoint: released when it returns, rolled back to when it throws.
  ///
  /// Nested savepoints may share the name: `RELEASE` and `ROLLBACK TO` act on the innermost.
  ///
  /// Related SQLite documentation: <https://www.sqlite.org/lang_savepoint.html>
  public func savepoint<T>(named name: String = "sqlitekit", _ body: () throws -> T) throws -> T {
    precondition(name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }, "savepoint name")
    try execute("SAVEPOINT \(name)")
    do {
      let result = try body()
      try execute("RELEASE \(name)")
      return result
    } catch {
      if !isAutocommit {
        try? execute("ROLLBACK TO \(name)")
        try? execute("RELEASE \(name)")
      }
      throw error
    }
  }
}
