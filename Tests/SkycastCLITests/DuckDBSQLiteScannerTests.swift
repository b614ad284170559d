import Foundation
import TestSupport
import Testing

@testable import Store

/// DuckDB's SQLite scanner (`ATTACH 'f.sqlite' AS s (TYPE sqlite)`, which `skycast help datasets` recommends
/// for the file) reads every table and view with SQLite's counts: before schema 6 it failed on
/// `hourly_forecasts` ("Wrong number of arguments provided to DATE function") and on
/// `count(*)` of every WITHOUT ROWID table (it selects ROWID); before schema 10 it typed every
/// column of the hourly views VARCHAR, so `sum(temperature_2m)` failed.
@Suite struct DuckDBSQLiteScannerTests {
  @Test("DuckDB reads every table and view of a demo database with SQLite's counts")
  func everyTableAndView() async throws {
    let harness = try demoHarness()
    // One ensemble row too, so that table is read with data (the demo stores none).
    let database = try Database(path: harness.databasePath)
    try database.execute(
      """
      INSERT INTO ensemble_forecasts
        SELECT city_id, model, 'temperature_2m', valid_at, issued_at, fetch_id, lead_hours,
          x'0000803f00000040'
        FROM hourly_forecasts WHERE source = 'forecast' LIMIT 3
      """)
    try database.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    guard let python = RealReaders.python(for: "DuckDBSQLiteScannerTests") else { return }
    let (status, output) = try await RealReaders.run(
      python, script: "duckdb_sqlite_counts.py", [harness.databasePath])
    #expect(status == 0, "\(output)")
    #expect(output.contains("hourly_forecasts: sqlite"), "\(output)")
    #expect(output.contains("forecast_hours: sqlite"), "\(output)")
    #expect(!output.contains("DIFFERS") && !output.contains("error"), "\(output)")
  }

  @Test(
    "The datasets topic's DuckDB recipe sums and averages the hourly view as 'skycast sql' does")
  func recipeSumsTheView() async throws {
    let harness = try demoHarness()
    let database = harness.databasePath  // skycast.sqlite, as the recipe names it
    let topic = PackagePaths.help.appendingPathComponent("datasets.md").path
    let text = try String(contentsOfFile: topic, encoding: .utf8)
    let recipe = try #require(
      text.range(of: "<!-- duckdb-sqlite-recipe -->").flatMap { start in
        text.range(of: "<!-- end duckdb-sqlite-recipe -->").map {
          text[start.upperBound..<$0.lowerBound]
        }
      })
    // The recipe's query, as `skycast sql` runs it on the file itself.
    let query = try #require(recipe.range(of: "SELECT").map { String(recipe[$0.lowerBound...]) })
      .replacingOccurrences(of: "s.hourly_forecasts", with: "hourly_forecasts")
      .replacingOccurrences(of: "```", with: "")
      .trimmingCharacters(in: .whitespacesAndNewlines.union(CharacterSet(charactersIn: ";")))
    let expected = harness.directory.file("sql.csv")
    let sql = await harness.run(["sql", "--db", database, query, "--format", "csv", "-o", expected])
    #expect(sql.exitCode == 0, "\(sql)")
    try Database(path: database).execute("PRAGMA wal_checkpoint(TRUNCATE)")
    guard let python = RealReaders.python(for: "recipeSumsTheView") else { return }
    let (status, output) = try await RealReaders.run(
      python, script: "duckdb_sqlite_recipe.py", [topic, harness.directory.path, expected])
    #expect(status == 0, "\(output)")
    #expect(output.hasPrefix("ok 3"), "\(output)")
  }
}
