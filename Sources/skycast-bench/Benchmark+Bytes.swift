import Foundation
import SkycastModel

/// Where the bytes go: the pages of a table and its indexes (SQLite's `dbstat`) over the values
/// it stores (the non-null measurement cells), for the forecast and observation tables of the
/// large history. Keys, fetch ids and lead times are overhead the values carry.
extension Benchmark {
  /// The columns of `table` that hold no measurement.
  static let keyColumns: Set<String> = [
    "city_id", "series_id", "valid_at", "issued_at", "dedupe", "fetch_id", "local_hour_shift",
    "lead_hours", "source", "model", "rowid", "valid_date", "valid_hour", "fetched_at",
  ]

  func bytesPerValue(database: String) throws -> [Figure] {
    var figures: [Figure] = []
    for (label, table) in [
      ("forecasts", "forecast_hours"), ("observations", "hourly_observations"),
    ] {
      let columns = try shellLines(database, "SELECT name FROM pragma_table_info('\(table)')")
        .filter { !Self.keyColumns.contains($0) }
      guard !columns.isEmpty else { continue }
      let cells = columns.map { "(\($0) IS NOT NULL)" }.joined(separator: " + ")
      let values = try shellCount(database, "SELECT coalesce(sum(\(cells)), 0) FROM \(table)")
      let bytes = try shellCount(
        database,
        "SELECT coalesce(sum(pgsize), 0) FROM dbstat WHERE name IN "
          + "(SELECT name FROM sqlite_schema WHERE tbl_name = '\(table)')")
      guard values > 0 else { continue }
      let perValue = Double(bytes) / Double(values)
      log("bytes: \(table) \(bytes) bytes for \(values) values, \(perValue) B each")
      figures.append(
        Figure(
          name:
            "bytes per stored value, \(label) (\(table) and its indexes, \(Self.count(values)) values)",
          ours: NumberText.fixed(perValue, decimals: 2) + " B",
          baseline: "8 B", ratio: perValue / 8, target: "≤ 8 B", holds: perValue <= 8))
    }
    return figures
  }

  /// Every line of the first column of `sql`'s rows in the sqlite3 shell.
  func shellLines(_ database: String, _ sql: String) throws -> [String] {
    let output = directory + "/shell-lines.csv"
    _ = try Subprocess.run(sqlite3, ["-csv", "-readonly", database, sql], stdoutPath: output)
    return try String(contentsOfFile: output, encoding: .utf8).split(whereSeparator: \.isNewline)
      .map { String($0.split(separator: ",").first ?? "") }
  }
}
