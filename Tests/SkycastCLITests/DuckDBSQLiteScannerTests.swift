import Foundation
import TestSupport
import Testing

@testable import Store

/// DuckDB's SQLite scanner (`ATTACH 'f.sqlite' AS s (TYPE sqlite)`, which `skycast help datasets` recommends
/// for the file) reads every table and view with SQLite's counts: before schema 6 it failed on
/// `hourly_forecasts` ("Wrong number of arguments provided to DATE function") and on
/// `count(*)` of every WITHOUT ROWID table (it selects ROWID).
@Suite struct DuckDBSQLiteScannerTests {
  @Test("DuckDB reads every table and view of a demo database with SQLite's counts")
  func everyTableAndView() async throws {
    let harness = CLIHarness()
    let demo = await harness.run(["demo", "--db", harness.databasePath])
    #expect(demo.exitCode == 0, "\(demo)")
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
    let (status, output) = try RealReaders.run(
      python, script: "duckdb_sqlite_counts.py", [harness.databasePath])
    #expect(status == 0, "\(output)")
    #expect(output.contains("hourly_forecasts: sqlite"), "\(output)")
    #expect(output.contains("forecast_hours: sqlite"), "\(output)")
    #expect(!output.contains("DIFFERS") && !output.contains("error"), "\(output)")
  }
}
