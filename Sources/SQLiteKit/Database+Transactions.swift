import CSQLite

/// How a transaction takes its lock.
///
/// Related SQLite documentation: <https://www.sqlite.org/lang_transaction.html>
public enum TransactionKind: String, Sendable {
  /// Takes the lock at the first read or write. Fine for readers.
  case deferred = "DEFERRED"
  /// Takes the write lock at `BEGIN`, so two writers queue on the busy timeout instead of one
  /// failing with `SQLITE_BUSY` when it upgrades from read to write. The default for writers.
  case immediate = "IMMEDIATE"
  case exclusive = "EXCLUSIVE"
}

extension Database {
  /// Runs `body` in a transaction: committed when it returns, rolled back when it throws.
  ///
  /// The first error wins: a failing rollback never hides the error that caused it. Rollback is
  /// guarded by `sqlite3_get_autocommit`, since SQLite may already have rolled back on its own
  /// (for example after `SQLITE_FULL`).
  public func transaction<T>(_ kind: TransactionKind = .immediate, _ body: () throws -> T) throws -> T {
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

  /// Async variant of `transaction(_:_:)` for bodies that await (the connection stays on one task).
  public func transaction<T>(
    _ kind: TransactionKind = .immediate, _ body: () async throws -> T
  ) async throws -> T {
    try execute("BEGIN \(kind.rawValue)")
    do {
      let result = try await body()
      try execute("COMMIT")
      return result
    } catch {
      if !isAutocommit { try? execute("ROLLBACK") }
      throw error
    }
  }
}
