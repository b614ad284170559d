internal import SQLiteKit

extension Store {
  /// Runs one statement with `values` bound in order: rows that no command writes in that
  /// shape (test fixtures), through the Store's own value type, so no layer above sees the
  /// SQLite wrapper.
  ///
  /// - Throws: `StoreError`.
  package func run(_ sql: String, _ values: [StoreValue] = []) throws {
    try database.run(sql, values.map(\.sqlite))
  }

  /// The rowid of the last row this connection inserted.
  package var lastInsertedRowID: Int64 { database.lastInsertRowID }

  /// The first column of the first row of `sql` as text, or nil.
  ///
  /// - Throws: `StoreError`.
  package func scalarText(_ sql: String) throws -> String? {
    try database.scalarText(sql)
  }
}
