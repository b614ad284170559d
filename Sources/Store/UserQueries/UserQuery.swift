internal import SQLiteKit

/// One statement of the user's (`sql`, `report`), prepared by ``Store/prepareUserQuery(_:)``
/// on a connection that only reads: its parameters by name, its columns, and its rows through
/// a ``RowCursor``.
package final class UserQuery {
  private let statement: Statement
  /// Keeps the connection open while the statement lives.
  private let store: Store

  init(statement: Statement, store: Store) {
    self.statement = statement
    self.store = store
  }

  /// The result column names, in order.
  package var columnNames: [String] { statement.columnNames }

  /// True when the statement cannot change the database (SQLite's own judgement).
  package var isReadOnly: Bool { statement.isReadOnly }

  /// Each parameter as SQLite names it (`:city`), or an empty string for a positional `?`.
  package var parameterNames: [String] { statement.parameterNames }

  /// Binds values by parameter name (`:city` or `city`).
  ///
  /// - Throws: `StoreError.failed` naming a parameter the statement does not have.
  package func bind(named values: [String: StoreValue]) throws {
    try statement.bind(named: values.mapValues(\.sqlite))
  }

  /// Hands `body` the rows, in order, once; the cursor cannot outlive the call.
  package func withRows<T>(_ body: (borrowing RowCursor) throws -> T) throws -> T {
    let cursor = RowCursor(statement)
    return try body(cursor)
  }
}

@available(*, unavailable)
extension UserQuery: Sendable {}
