internal import SQLiteKit

extension Store {
  /// Runs a feature's own query, `sql`, with `arguments` bound to its `?` placeholders in order,
  /// and hands `body` its rows; the statement is finalized when `body` returns, and the cursor
  /// cannot outlive it. The features above the Store keep their SQL text; the Store keeps the
  /// connection, and runs only statements that read (its tables change through its writers).
  ///
  /// Prepared fresh rather than taken from the statement cache, so two streams can be read at
  /// once.
  ///
  /// - Throws: `StoreError.refused` for a statement that would write; any `StoreError` of
  ///   preparing, binding or stepping.
  package func withRows<T>(
    _ sql: String, arguments: [StoreValue] = [], _ body: (borrowing RowCursor) throws -> T
  ) throws -> T {
    let prepared = try database.prepare(sql)
    guard prepared.isReadOnly else {
      throw StoreError.refused(message: "a feature's row stream only reads: \(sql)")
    }
    try prepared.bind(arguments.map(\.sqlite))
    return try body(RowCursor(prepared))
  }

  /// ``withRows(_:arguments:_:)`` for SQL with named parameters (`:from`, `:obs`): `arguments`
  /// pairs each name, colon included, with its value, and must name every parameter the text
  /// uses.
  package func withRows<T>(
    _ sql: String, named arguments: [(String, StoreValue)],
    _ body: (borrowing RowCursor) throws -> T
  ) throws -> T {
    let prepared = try database.prepare(sql)
    guard prepared.isReadOnly else {
      throw StoreError.refused(message: "a feature's row stream only reads: \(sql)")
    }
    try prepared.bind(
      named: Dictionary(uniqueKeysWithValues: arguments.map { ($0.0, $0.1.sqlite) }))
    return try body(RowCursor(prepared))
  }
}
