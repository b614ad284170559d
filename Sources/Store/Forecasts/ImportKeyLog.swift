internal import SQLiteKit

/// The keys of stored rows an import has met, with the line and values of the file's first row
/// of each, so a later row with the same key can be told apart as an identical repeat or a
/// conflict, and named by its line.
///
/// A key new to the database needs no entry: the import inserts the row with its own fetch id,
/// and that is how a later row of the file knows it is a repeat. A key that was already stored
/// (a re-import, an overlapping file) may keep its old fetch id when nothing changes, so it is
/// noted here. The keys live in a temporary table rather than in memory: SQLite keeps the
/// temporary database in a file with a bounded page cache, so re-importing ten million rows
/// costs disk, not memory. Use inside the import's write transaction; `close()` drops the table.
package final class ImportKeyLog {
  /// A row's key as the import file gives it (observations: empty model, issue time 0).
  package struct Key {
    package var city: Int64
    package var model: String
    package var issuedAt: Int64
    package var time: Int64

    package init(city: Int64, model: String, issuedAt: Int64, time: Int64) {
      self.city = city
      self.model = model
      self.issuedAt = issuedAt
      self.time = time
    }
  }

  /// The first row of a key, as an earlier line left it.
  package struct Earlier {
    package var line: Int
    package var values: [Double?]
  }

  private let database: Database
  private let valueCount: Int
  private let insertSQL: String
  private let selectSQL: String
  package static let table = "temp.skycast_import_keys"

  /// Creates the (empty) table for rows of `valueCount` values.
  package init(store: Store, valueCount: Int) throws {
    database = store.database
    self.valueCount = valueCount
    let valueColumns = (0..<valueCount).map { "v\($0)" }
    try database.execute(
      """
      DROP TABLE IF EXISTS \(Self.table);
      CREATE TABLE \(Self.table) (
        city INTEGER NOT NULL, model TEXT NOT NULL, issued INTEGER NOT NULL, time INTEGER NOT NULL,
        line INTEGER NOT NULL,
        \(valueColumns.map { "\($0) REAL" }.joined(separator: ", ")),
        PRIMARY KEY (city, model, issued, time)) WITHOUT ROWID
      """)
    insertSQL =
      "INSERT INTO \(Self.table) (city, model, issued, time, line, "
      + valueColumns.joined(separator: ", ") + ") VALUES (?1, ?2, ?3, ?4, ?5"
      + (0..<valueCount).map { ", ?\($0 + 6)" }.joined() + ") ON CONFLICT DO NOTHING"
    selectSQL =
      "SELECT line" + valueColumns.map { ", " + $0 }.joined()
      + " FROM \(Self.table) WHERE city = ?1 AND model = ?2 AND issued = ?3 AND time = ?4"
  }

  /// Records the row of `key` at `line` as the first of its key and returns nil, or returns the
  /// earlier first row.
  package func first(_ key: Key, line: Int, values: [Double?]) throws -> Earlier? {
    let insert = try database.cachedStatement(insertSQL)
    try bind(insert, key)
    try insert.bind(Int64(line), at: 5)
    for (offset, value) in values.enumerated() {
      try insert.bind(value, at: Int32(offset + 6))
    }
    try insert.execute()
    if database.changes > 0 { return nil }
    return try earlier(key)
  }

  /// The first row of `key`, if noted.
  package func earlier(_ key: Key) throws -> Earlier? {
    let select = try database.cachedStatement(selectSQL)
    defer { select.reset() }
    try bind(select, key)
    guard try select.step() else { return nil }
    return Earlier(
      line: Int(select.int64(0) ?? 0), values: (0..<valueCount).map { select.double(Int32($0 + 1)) }
    )
  }

  /// Drops the table (and its file).
  package func close() {
    try? database.execute("DROP TABLE IF EXISTS \(Self.table)")
  }

  private func bind(_ statement: Statement, _ key: Key) throws {
    try statement.bind(key.city, at: 1)
    try statement.bind(key.model, at: 2)
    try statement.bind(key.issuedAt, at: 3)
    try statement.bind(key.time, at: 4)
  }
}
