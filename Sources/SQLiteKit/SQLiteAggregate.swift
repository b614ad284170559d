import CSQLite

/// An aggregate SQL function's running state: one instance per group.
public protocol SQLiteAggregate: AnyObject {
  /// Adds one row's arguments.
  func step(_ arguments: [SQLiteValue]) throws
  /// The group's result.
  func finalize() throws -> SQLiteValue
}
