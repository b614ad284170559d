internal import SQLiteKit
import SkycastModel

/// The rows of a file that Skycast cannot read back or would never have stored: `db check`
/// reports them in this database (SQLite's integrity check sees only pages and indexes, so a
/// text longitude passes it and then fails `city list`), and `db merge` refuses or leaves out
/// those of the file it merges.
extension Store {
  /// What one pass over some tables found.
  package struct BrokenRows {
    /// Rows that break at least one rule (a row breaking two counts once).
    package var rows: Int64 = 0
    /// Each broken rule with the rows that break it, in table order.
    package var rules: [(check: StoredRowCheck, count: Int64)] = []
  }

  /// The rows of `schema`'s tables that break a `StoredRowCheck`, read in one pass per table
  /// (tables the schema lacks are passed over).
  ///
  /// - Parameters:
  ///   - schema: `main`, or `merged` while a merge has the other file attached.
  ///   - tables: the tables to read.
  package func brokenRows(
    in schema: String = "main", tables: [String] = StoredRowCheck.tables
  ) throws -> BrokenRows {
    var found = BrokenRows()
    for table in tables where try hasTable(table, in: schema) {
      let checks = StoredRowCheck.checks(of: table)
      guard !checks.isEmpty else { continue }
      let sums = (checks.map { $0.failing("o") } + [Self.breaksAnyRule(table, alias: "o")])
        .map { "coalesce(sum(\($0)), 0)" }.joined(separator: ", ")
      guard let row = try database.query("SELECT \(sums) FROM \(schema).\(table) AS o").first
      else { continue }
      for (index, check) in checks.enumerated() {
        let count = row[index].int64Value ?? 0
        if count > 0 { found.rules.append((check, count)) }
      }
      found.rows += row[checks.count].int64Value ?? 0
    }
    return found
  }

  /// SQL that is true for a row of `table` (as `alias`) that breaks any rule.
  static func breaksAnyRule(_ table: String, alias: String) -> String {
    let failing = StoredRowCheck.checks(of: table).map { $0.failing(alias) }
    return failing.isEmpty ? "0" : "(" + failing.joined(separator: " OR ") + ")"
  }

  /// `WHERE` text that keeps the rows of `table` (as `alias`) that break no rule.
  package static func keepsEveryRule(_ table: String, alias: String) -> String {
    "NOT " + breaksAnyRule(table, alias: alias)
  }

  /// The cities of `schema` that a reader cannot decode or that `city add` would refuse, each
  /// as "city 3 ('Mars Base'): time zone 'Mars/Base' is not an IANA zone" (names escaped).
  package func cityProblems(in schema: String = "main") throws -> [String] {
    let rows = try database.query(
      """
      SELECT id, name, latitude, longitude, elevation, timezone, typeof(id), typeof(name),
        typeof(latitude), typeof(longitude), typeof(elevation), typeof(timezone),
        typeof(geonames_id), typeof(population), typeof(added_at), typeof(country_code),
        typeof(country), typeof(admin1)
      FROM \(schema).cities ORDER BY id
      """)
    var problems: [String] = []
    for row in rows {
      let label =
        "city \(row[0].description)"
        + (row[1].stringValue.map { " ('\(TerminalSafe.escape($0))')" } ?? "")
      let types = (6...17).map { row[$0].stringValue ?? "" }
      let expected: [(column: String, allowed: Set<String>)] = [
        ("id", ["integer"]), ("name", ["text"]), ("latitude", ["integer", "real"]),
        ("longitude", ["integer", "real"]), ("elevation", ["null", "integer", "real"]),
        ("timezone", ["null", "text"]), ("geonames_id", ["null", "integer"]),
        ("population", ["null", "integer"]), ("added_at", ["integer"]),
        ("country_code", ["null", "text"]), ("country", ["null", "text"]),
        ("admin1", ["null", "text"]),
      ]
      if let wrong = zip(expected, types).first(where: { !$0.0.allowed.contains($0.1) }) {
        problems.append("\(label): \(wrong.0.column) is \(wrong.1), not a valid value")
        continue
      }
      if let problem = City.problem(
        name: row[1].stringValue ?? "", latitude: row[2].doubleValue ?? 0,
        longitude: row[3].doubleValue ?? 0, elevation: row[4].doubleValue,
        timezone: row[5].stringValue)
      {
        problems.append("\(label): \(problem)")
      }
    }
    return problems
  }

  /// Every problem of the file's contents in words, for `db check`: the cities first, then one
  /// line per broken rule ("hourly_observations: 2 rows with temperature_2m not a number in
  /// -80…60 °C").
  package func contentProblems() throws -> [String] {
    try cityProblems()
      + brokenRows().rules.map { check, count in
        "\(check.table): \(count) row\(count == 1 ? "" : "s") with \(check.problem)"
      }
  }

  /// True when `schema` holds a table or view named `name`.
  func hasTable(_ name: String, in schema: String) throws -> Bool {
    try database.scalarInt(
      "SELECT count(*) FROM \(schema).sqlite_schema WHERE type IN ('table', 'view') AND name = ?",
      [.text(name)]) == 1
  }
}
