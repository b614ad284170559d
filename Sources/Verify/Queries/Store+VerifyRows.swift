import Store

extension Store {
  /// Runs one of verify's queries (``VerifySQL``, ``VerifyStreams``) with its parameters bound
  /// and hands `body` its rows in order; the statement is finalized when `body` returns.
  ///
  /// Prepared fresh rather than taken from the statement cache (``Store/withRows(_:named:_:)``):
  /// a verify pass iterates two statements at once (forecasts and observations), and a cached
  /// one could be reset under it.
  package func withRows<T>(
    of statement: VerifyStatement, _ body: (borrowing RowCursor) throws -> T
  ) throws -> T {
    try withRows(statement.sql, named: statement.parameters, body)
  }
}
