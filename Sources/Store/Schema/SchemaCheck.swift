internal import SQLiteKit

/// Recognises a Skycast database before anything in the file is changed.
///
/// Skycast only ever writes to a file that is new (no tables at all) or that holds its own
/// schema: `PRAGMA user_version` between 1 and `Schema.currentVersion` with every table that
/// version creates and those tables' columns. Tables users add themselves are allowed. Anything
/// else is another application's file and is refused untouched: no tables added, no migration,
/// no switch to WAL.
package enum SchemaCheck {
  /// What the file holds.
  package enum Finding: Equatable {
    /// No schema objects at all: a new, empty or 0-byte file.
    case empty
    /// Skycast's schema at this version (1…current).
    case skycast(version: Int)
  }

  /// The tables (and their columns) of each schema version, index `v - 1` for version `v`,
  /// taken from the migrations themselves on an in-memory database so they never drift.
  package static let expectedTables: [[String: Set<String>]] = {
    guard let database = try? Database(path: ":memory:") else { return [] }
    var versions: [[String: Set<String>]] = []
    for migration in Schema.migrations {
      guard (try? database.execute(migration)) != nil, let tables = try? tables(of: database)
      else { return [] }
      versions.append(tables)
    }
    return versions
  }()

  /// Tables and their column names.
  static func tables(of database: Database) throws -> [String: Set<String>] {
    var tables: [String: Set<String>] = [:]
    let rows = try database.query(
      """
      SELECT m.name, p.name FROM sqlite_schema AS m, pragma_table_info(m.name) AS p
      WHERE m.type = 'table' AND m.name NOT LIKE 'sqlite\\_%' ESCAPE '\\'
      """)
    for row in rows {
      guard let table = row[0].stringValue, let column = row[1].stringValue else { continue }
      tables[table, default: []].insert(column)
    }
    return tables
  }

  /// Reads the version and the schema, and refuses a file that is not Skycast's.
  ///
  /// - Throws: `StoreError.foreign` for another application's file or a negative version,
  ///   `StoreError.newerSchema` for a version above `Schema.currentVersion`.
  static func recognise(_ database: Database, path: String) throws -> Finding {
    let version = try database.userVersion()
    if version < 0 {
      throw StoreError.foreign(
        path: path, reason: "its schema version is \(version), which Skycast never writes")
    }
    let objects = try database.query(
      "SELECT name FROM sqlite_schema WHERE name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY name"
    ).compactMap { $0[0].stringValue }
    if version == 0 {
      if objects.isEmpty { return .empty }
      throw StoreError.foreign(
        path: path, reason: "it holds another application's tables (\(list(objects)))")
    }
    let current = Schema.currentVersion
    // A newer build's schema is unknown here; it is refused as newer, untouched all the same.
    if version > current {
      throw StoreError.newerSchema(path: path, found: version, supported: current)
    }
    let tables = try tables(of: database)
    let expected = expectedTables.indices.contains(version - 1) ? expectedTables[version - 1] : [:]
    let missing = expected.keys.sorted().filter { name in
      guard let columns = tables[name] else { return true }
      return !columns.isSuperset(of: expected[name] ?? [])
    }
    guard missing.isEmpty else {
      let found = tables.keys.sorted()
      throw StoreError.foreign(
        path: path,
        reason:
          "its schema version is \(version) but its tables (\(found.isEmpty ? "none" : list(found))) are not Skycast's"
      )
    }
    return .skycast(version: version)
  }

  /// `a, b, c` or `a, b, c, … (12 in all)`.
  package static func list(_ names: [String]) -> String {
    let shown = names.prefix(5).joined(separator: ", ")
    return names.count > 5 ? shown + ", … (\(names.count) in all)" : shown
  }
}
