internal import SQLiteKit

/// Registers Skycast's SQL functions on a connection. `Store` calls it for every connection it
/// opens, so `Queries/*.sql`, `skycast sql` and users' own SQL can call the same formulas the
/// Swift code uses.
public enum SQLFunctions {
  static func register(on database: Database) throws {
    try AnalysisSQLFunctions.register(on: database)
    try EnsembleSQLFunctions.register(on: database)
  }
}
