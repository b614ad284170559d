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
