import Foundation
internal import SQLiteKit
import SkycastModel

/// The statements behind `db info`, `db check`, `db vacuum`, `db backup`, `db prune` and the
/// demo's hand-over of its file.
extension Store {
  /// What `db info` reports about the file's contents.
  package struct Overview: Sendable {
    /// `PRAGMA user_version`.
    package var schemaVersion: Int
    /// `sqlite_version()`.
    package var sqliteVersion: String?
    /// `PRAGMA journal_mode`.
    package var journalMode: String?
    /// Rows in each of `Store.overviewTables`, in that order.
    package var rowCounts: [(table: String, rows: Int64)]
    /// Fetch-log rows whose request failed.
    package var failedFetches: Int64
    /// The first and last `issued_at` of the hourly forecasts, or nil when there are none.
    package var forecastsIssued: (first: Int64, last: Int64)?

  }

  /// The tables `db info` counts.
  package static let overviewTables = [
    "cities", "fetches", "hourly_forecasts", "daily_forecasts", "current_conditions",
    "hourly_observations", "daily_observations",
  ]

  /// The counts and versions `db info` prints.
  package func overview() throws -> Overview {
    var counts: [(table: String, rows: Int64)] = []
    for table in Self.overviewTables {
      counts.append((table, try database.scalarInt("SELECT count(*) FROM \(table)") ?? 0))
    }
    let first = try database.scalarInt("SELECT min(issued_at) FROM hourly_forecasts")
    let last = try database.scalarInt("SELECT max(issued_at) FROM hourly_forecasts")
    return Overview(
      schemaVersion: try database.userVersion(),
      sqliteVersion: try database.scalarText("SELECT sqlite_version()"),
      journalMode: try database.scalarText("PRAGMA journal_mode"),
      rowCounts: counts,
      failedFetches: try database.scalarInt(
        "SELECT count(*) FROM fetches WHERE status = 'failed'") ?? 0,
      forecastsIssued: first.flatMap { first in last.map { (first, $0) } })
  }

  /// The messages of `PRAGMA integrity_check`: `["ok"]` for a sound file.
  package func integrityCheck() throws -> [String] {
    try database.query("PRAGMA integrity_check").compactMap { $0.values.first?.stringValue }
  }

  /// Rewrites the file without its free pages, then truncates the write-ahead log.
  package func vacuum() throws {
    try database.execute("VACUUM")
    try checkpoint()
  }

  /// Moves the write-ahead log into the database file and empties it, so the file alone holds
  /// every row (and its size is the size of the data).
  package func checkpoint() throws {
    try database.execute("PRAGMA wal_checkpoint(TRUNCATE)")
  }

  /// The number of stored hourly forecast rows, every source and model.
  package func hourlyForecastRowCount() throws -> Int64 {
    try database.scalarInt("SELECT count(*) FROM forecast_hours") ?? 0
  }

  /// Copies the whole database, consistently, into a new file at `path`.
  package func backup(to path: String) throws {
    try database.backup(to: path)
  }

  /// Deletes every forecast row issued before `cutoff` (whatever its source: collected,
  /// previous-runs or imported; `issued_at` on the rows is authoritative), the current
  /// conditions of forecast fetches issued before it, and the fetch-log rows of collected and
  /// backfilled forecasts that then hold no data or failed before it. Import and observation
  /// fetch rows stay: they are the provenance of files and of observations, which are kept.
  package func pruneForecasts(issuedBefore cutoff: Int64) throws -> (fetches: Int, rows: Int) {
    try write {
      var rows = 0
      for table in ["forecast_hours", "daily_forecasts"] {
        try database.run("DELETE FROM \(table) WHERE issued_at < ?", [.integer(cutoff)])
        rows += database.changes
      }
      try database.run(
        """
        DELETE FROM current_conditions WHERE fetch_id IN
          (SELECT id FROM fetches WHERE source = \(FetchSource.forecast.sqlLiteral) AND issued_at < ?)
        """,
        [.integer(cutoff)])
      rows += database.changes
      // A collected run's rows are found by the partial index on `dedupe`; backfilled rows
      // name their fetch only as provenance, so those fetch ids are gathered once.
      try database.run(
        """
        DELETE FROM fetches
        WHERE source IN (\(FetchSource.forecast.sqlLiteral), \(FetchSource.previousRuns.sqlLiteral))
        AND (
          (status = 'failed' AND requested_at < ?1)
          OR (status = 'ok'
            AND NOT EXISTS (
              SELECT 1 FROM forecast_hours h WHERE h.dedupe = fetches.id AND h.dedupe <> 0)
            AND (source = \(FetchSource.forecast.sqlLiteral) OR id NOT IN (
              SELECT fetch_id FROM forecast_hours WHERE fetch_id IS NOT NULL))
            AND NOT EXISTS (SELECT 1 FROM daily_forecasts d WHERE d.fetch_id = fetches.id)
            AND NOT EXISTS (SELECT 1 FROM current_conditions c WHERE c.fetch_id = fetches.id)))
        """, [.integer(cutoff)])
      return (database.changes, rows)
    }
  }

  /// Folds the write-ahead log into the file and switches to a rollback journal, so the file
  /// is complete on its own (no `-wal` or `-shm` beside it).
  package func makeSelfContained() throws {
    try database.run("PRAGMA wal_checkpoint(TRUNCATE)")
    try database.run("PRAGMA journal_mode = DELETE")
  }

  /// The tables that record a `source` per row.
  package enum SourcedTable: String, Sendable {
    case hourlyForecasts = "hourly_forecasts"
    case dailyForecasts = "daily_forecasts"
    case fetches
  }

  /// The distinct sources stored in `table`, sorted.
  package func storedSources(in table: SourcedTable) throws -> [String] {
    // Hourly forecasts: the series with rows (a pair of a pruned history stays in
    // forecast_series without any).
    let sql =
      table == .hourlyForecasts
      ? """
      SELECT DISTINCT source FROM forecast_series AS s
      WHERE EXISTS (SELECT 1 FROM forecast_hours AS h WHERE h.series_id = s.id) ORDER BY source
      """ : "SELECT DISTINCT source FROM \(table.rawValue) ORDER BY source"
    return try database.query(sql).compactMap { $0[0].stringValue }
  }

  /// The columns of `table` declared NOT NULL or in the primary key.
  package func requiredColumns(ofTable table: String) throws -> Set<String> {
    // A view declares no NOT NULL; its storage table fills every one of these in each row.
    if table == "hourly_forecasts" { return Self.hourlyForecastKeyColumns }
    let rows = try database.query(
      "SELECT name FROM pragma_table_info(?) WHERE \"notnull\" = 1 OR pk > 0", [.text(table)])
    return Set(rows.compactMap { $0[0].stringValue })
  }
}
