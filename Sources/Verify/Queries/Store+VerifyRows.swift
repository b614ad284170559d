internal import SQLiteKit

extension Store {
  /// Runs one of verify's queries (``VerifySQL``, ``VerifyStreams``) with its parameters bound
  /// and hands `body` its rows in order; the statement is finalized when `body` returns.
  ///
  /// Prepared fresh rather than taken from the statement cache: a verify pass iterates two
  /// statements at once (forecasts and observations), and a cached one could be reset under it.
  package func withRows<T>(
    of statement: VerifyStatement, _ body: (borrowing RowCursor) throws -> T
  ) throws -> T {
    let prepared = try database.prepare(statement.sql)
    try prepared.bind(named: Dictionary(uniqueKeysWithValues: statement.parameters))
    let cursor = RowCursor(prepared)
    return try body(cursor)
  }
}
