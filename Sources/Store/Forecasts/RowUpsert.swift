internal import SQLiteKit
import SkycastModel

/// A keyed "insert, or fill in" writer for tables with one row per key (observations, and
/// forecasts from imports): a new key is inserted; for an existing key every non-NULL value
/// replaces the stored one and a NULL never overwrites (a value once observed is never lost to a later gap); the provenance columns
/// (`fetch_id`, `fetched_at`) move only when something actually changed, so they name the last
/// fetch or import that changed the row.
///
/// Two cached statements per shape: `INSERT … ON CONFLICT DO NOTHING` (a change count of 1 means
/// inserted), then, for an existing key, an `UPDATE … SET x = coalesce(?, x)` whose `WHERE` holds
/// only when some value differs (`? IS NOT NULL AND ? IS NOT x`), so an identical re-import or
/// re-fetch writes nothing at all. Call inside a write transaction.
///
/// Related SQLite documentation: <https://www.sqlite.org/lang_upsert.html>,
/// <https://www.sqlite.org/c3ref/changes.html>
package final class RowUpsert {
  private let database: Database
  private let insertSQL: String
  private let updateSQL: String
  private let storedSQL: String
  private let keyCount: Int
  private let derivedCount: Int
  private let provenanceCount: Int
  /// Per value column: bind as an integer (epoch-second instants).
  private let integral: [Bool]
  /// The prepared statements, kept here so a row does not look them up by their text.
  private var insertStatement: Statement?
  private var updateStatement: Statement?
  /// An hourly forecast row's integer columns (key, derived, provenance), reused for every row
  /// so an imported row allocates nothing.
  private var scratch = [Int64](repeating: 0, count: 8)

  /// - Parameters:
  ///   - key: the columns that identify a row.
  ///   - derived: columns computed from the key (local date, lead); rewritten when they differ.
  ///   - values: the variable columns; NULL never overwrites.
  ///   - provenance: columns set on insert and on every real change (`fetch_id`, …).
  ///   - guardClause: an extra `WHERE` term for the update (the partial index's condition, so
  ///     SQLite can use it).
  init(
    database: Database, table: String, key: [String], derived: [String],
    values: [WeatherVariable], provenance: [String], guardClause: String? = nil
  ) {
    self.database = database
    keyCount = key.count
    derivedCount = derived.count
    provenanceCount = provenance.count
    integral = values.map { $0.quantity == .instant }
    let valueNames = values.map(\.column)
    let insertColumns = key + derived + valueNames + provenance
    insertSQL =
      "INSERT INTO \(table) (\(insertColumns.joined(separator: ", "))) VALUES ("
      + (1...insertColumns.count).map { "?\($0)" }.joined(separator: ", ")
      + ") ON CONFLICT DO NOTHING"
    // Same parameter numbers in both statements: key, derived, values, provenance.
    let derivedBase = key.count
    let valueBase = derivedBase + derived.count
    let provenanceBase = valueBase + values.count
    var assignments: [String] = []
    var differs: [String] = []
    for (offset, name) in valueNames.enumerated() {
      let parameter = "?\(valueBase + offset + 1)"
      assignments.append("\(name) = coalesce(\(parameter), \(name))")
      differs.append("(\(parameter) IS NOT NULL AND \(parameter) IS NOT \(name))")
    }
    for (offset, name) in derived.enumerated() {
      let parameter = "?\(derivedBase + offset + 1)"
      assignments.append("\(name) = \(parameter)")
      differs.append("\(name) IS NOT \(parameter)")
    }
    for (offset, name) in provenance.enumerated() {
      assignments.append("\(name) = ?\(provenanceBase + offset + 1)")
    }
    var conditions = key.enumerated().map { "\($0.element) = ?\($0.offset + 1)" }
    if let guardClause { conditions.append(guardClause) }
    storedSQL =
      "SELECT \(provenance.first ?? "NULL")"
      + valueNames.map { ", \($0)" }.joined() + " FROM \(table) WHERE "
      + conditions.joined(separator: " AND ")
    updateSQL =
      "UPDATE \(table) SET \(assignments.joined(separator: ", ")) WHERE "
      + conditions.joined(separator: " AND ") + " AND ("
      + (differs.isEmpty ? "0" : differs.joined(separator: " OR ")) + ")"
  }

  /// Inserts or fills in one row. `values` are in the order given at init.
  func upsert(
    key: [SQLiteValue], derived: [SQLiteValue], values: [Double?], provenance: [SQLiteValue]
  ) throws -> UpsertOutcome {
    if try insert(key: key, derived: derived, values: values, provenance: provenance) {
      return .inserted
    }
    return try fillIn(key: key, derived: derived, values: values, provenance: provenance)
  }

  /// Inserts the row if its key is new; false when the key is already stored.
  func insert(
    key: [SQLiteValue], derived: [SQLiteValue], values: [Double?], provenance: [SQLiteValue]
  ) throws -> Bool {
    let insert: Statement
    if let insertStatement {
      insert = insertStatement
      insert.reset()
    } else {
      insert = try database.cachedStatement(insertSQL)
      insertStatement = insert
    }
    try bind(insert, key: key, derived: derived, values: values, provenance: provenance)
    try insert.execute()
    return database.changes > 0
  }

  /// `insert` for a row whose key, derived and provenance columns are all integers (imported
  /// hourly forecasts): they are bound straight from `integers` (key, derived, then
  /// provenance), without a `SQLiteValue` per column.
  func insert(integers: UnsafeBufferPointer<Int64>, values: [Double?]) throws -> Bool {
    precondition(integers.count == keyCount + derivedCount + provenanceCount)
    let insert: Statement
    if let insertStatement {
      insert = insertStatement
    } else {
      insert = try database.cachedStatement(insertSQL)
      insertStatement = insert
    }
    let leading = keyCount + derivedCount
    for index in 0..<leading {
      try insert.bind(integers[index], at: Int32(index + 1))
    }
    for (offset, value) in values.enumerated() {
      let index = Int32(leading + offset + 1)
      if integral[offset] {
        try insert.bind(value.map { Int64($0) }, at: index)
      } else {
        try insert.bind(value, at: index)
      }
    }
    for index in leading..<integers.count {
      try insert.bind(integers[index], at: Int32(values.count + index + 1))
    }
    try insert.execute()
    return database.changes > 0
  }

  /// The stored row of `key`: its first provenance column (`fetch_id`) and its values.
  func stored(key: [SQLiteValue]) throws -> (provenance: SQLiteValue, values: [Double?])? {
    let select = try database.cachedStatement(storedSQL)
    defer { select.reset() }
    for (offset, value) in key.enumerated() { try select.bind(value, at: Int32(offset + 1)) }
    guard try select.step() else { return nil }
    return (
      select.value(at: 0), (0..<integral.count).map { select.double(Int32($0 + 1)) }
    )
  }

  /// Fills in an existing row (a NULL never overwrites): `.updated` or `.unchanged`.
  func fillIn(
    key: [SQLiteValue], derived: [SQLiteValue], values: [Double?], provenance: [SQLiteValue]
  ) throws -> UpsertOutcome {
    let update: Statement
    if let updateStatement {
      update = updateStatement
      update.reset()
    } else {
      update = try database.cachedStatement(updateSQL)
      updateStatement = update
    }
    try bind(update, key: key, derived: derived, values: values, provenance: provenance)
    try update.execute()
    return database.changes > 0 ? .updated : .unchanged
  }

  // MARK: - Typed rows

  /// Inserts `row` with `values` (in the order given at init) if its key is new; false when the
  /// key is already stored. Hourly forecasts, the bulk of large imports, bind their integers
  /// without building a value per column.
  package func insert(_ row: UpsertRow, values: [Double?]) throws -> Bool {
    if case .hourlyForecast(
      let city, let series, let validAt, let issuedAt, let shift, let lead, let fetch) = row
    {
      scratch[0] = city
      scratch[1] = series
      scratch[2] = validAt
      scratch[3] = issuedAt
      scratch[4] = 0
      scratch[5] = shift
      scratch[6] = lead
      scratch[7] = fetch
      return try scratch.withUnsafeBufferPointer { try insert(integers: $0, values: values) }
    }
    let columns = row.columns
    return try insert(
      key: columns.key, derived: columns.derived, values: values, provenance: columns.provenance)
  }

  /// The stored row with `row`'s key: the fetch that last changed it and its values.
  package func stored(_ row: UpsertRow) throws -> (fetchID: Int64?, values: [Double?])? {
    guard let stored = try stored(key: row.columns.key) else { return nil }
    return (stored.provenance.int64Value, stored.values)
  }

  /// Fills in the stored row with `row`'s key (a NULL never overwrites).
  package func fillIn(_ row: UpsertRow, values: [Double?]) throws -> UpsertOutcome {
    let columns = row.columns
    return try fillIn(
      key: columns.key, derived: columns.derived, values: values, provenance: columns.provenance)
  }

  private func bind(
    _ statement: Statement, key: [SQLiteValue], derived: [SQLiteValue], values: [Double?],
    provenance: [SQLiteValue]
  ) throws {
    var index: Int32 = 1
    for value in key {
      try statement.bind(value, at: index)
      index += 1
    }
    for value in derived {
      try statement.bind(value, at: index)
      index += 1
    }
    for (offset, value) in values.enumerated() {
      if integral[offset] {
        try statement.bind(value.map { Int64($0) }, at: index)
      } else {
        try statement.bind(value, at: index)
      }
      index += 1
    }
    for value in provenance {
      try statement.bind(value, at: index)
      index += 1
    }
  }
}

@available(*, unavailable)
extension RowUpsert: Sendable {}
