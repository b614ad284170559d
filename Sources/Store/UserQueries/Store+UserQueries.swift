internal import SQLiteKit

/// The user's own SQL (`sql`, `report`): prepared on a connection that from then on refuses
/// anything but reading, and stoppable by a deadline.
extension Store {
  /// Switches this connection to reading only (an authorizer refuses writes, ATTACH and
  /// functions with side effects) and prepares `sql`.
  ///
  /// - Throws: `StoreError` (`.failed` with SQLite's message for a statement it cannot prepare,
  ///   `.refused` for what the reading guard refuses).
  package func prepareUserQuery(_ sql: String) throws -> UserQuery {
    database.allowOnlyReading()
    return UserQuery(statement: try database.prepare(sql), store: self)
  }

  /// What the reading authorizer last refused (`ATTACH`), or nil.
  package var userQueryDenial: String? { database.lastDenial }

  /// Interrupts the running user query once `seconds` have passed.
  package func interruptUserQuery(after seconds: Double) {
    database.interrupt(after: seconds)
  }

  /// Whether the deadline of `interruptUserQuery(after:)` fired.
  package var userQueryWasInterrupted: Bool { database.wasInterrupted }
}
