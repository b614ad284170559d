import SQLiteKit

extension Store {
  /// The prepared statement of one of verify's queries (``VerifySQL``, ``VerifyStreams``) with
  /// its parameters bound, ready to step: the caller reads its rows in order and drops it.
  ///
  /// Prepared fresh rather than taken from the statement cache: a verify pass iterates two
  /// statements at once (forecasts and observations), and a cached one could be reset under it.
  package func rows(of statement: VerifyStatement) throws -> Statement {
    let prepared = try database.prepare(statement.sql)
    try prepared.bind(named: Dictionary(uniqueKeysWithValues: statement.parameters))
    return prepared
  }
}
