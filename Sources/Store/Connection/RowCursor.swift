internal import SQLiteKit

/// The rows of one statement, read in order inside ``Store/withRows(_:arguments:_:)`` or
/// ``Store/withRows(_:named:_:)`` (a feature's own query) or ``UserQuery/withRows(_:)``. It
/// cannot be copied or kept: the statement behind it is finalized when the closure returns, so
/// no caller holds a statement of the Store's.
///
/// Columns are read by position; a feature names the positions next to its SQL (verify's
/// streams in `VerifyStreams.ForecastColumn`).
public struct RowCursor: ~Copyable {
  let statement: Statement

  init(_ statement: Statement) { self.statement = statement }

  /// Advances to the next row: true when one is available, false when the rows are done.
  public func next() throws -> Bool { try statement.step() }

  /// The result column names, in order.
  public var columnNames: [String] { statement.columnNames }

  /// The number of result columns.
  public var columnCount: Int32 { statement.columnCount }

  /// Column `index` as a double, nil for NULL.
  public func double(_ index: Int32) -> Double? { statement.double(index) }

  /// Column `index` as an integer, nil for NULL.
  public func int64(_ index: Int32) -> Int64? { statement.int64(index) }

  /// Column `index` as an integer, 0 for NULL: `int64(index) ?? 0` in one call instead of
  /// two (SQLite's own conversion gives 0 for NULL), for the hot loops over NOT NULL keys.
  public func int64OrZero(_ index: Int32) -> Int64 { statement.int64NotNull(index) }

  /// Column `index` as text, nil for NULL.
  public func text(_ index: Int32) -> String? { statement.text(index) }

  /// Column `index`'s UTF-8 bytes without copying; valid inside `body` only. Nil for NULL.
  public func withTextBytes<T>(_ index: Int32, _ body: (UnsafeBufferPointer<UInt8>) throws -> T)
    rethrows -> T?
  {
    try statement.withTextBytes(index, body)
  }

  /// Column `index` as whatever SQLite holds there.
  public func value(at index: Int32) -> StoreValue { StoreValue(statement.value(at: index)) }
}
