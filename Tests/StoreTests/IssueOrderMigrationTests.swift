import Foundation
import TestSupport
import Testing

@testable import Store

/// Schema version 5 re-keys `forecast_hours` run by run; a version-4 file keeps every row,
/// column, view and trigger.
@Suite struct IssueOrderMigrationTests {
  /// A version-4 file with two collected runs and one imported series overlapping in valid time.
  static func version4File(in directory: TemporaryDirectory) throws -> String {
    let path = directory.file("v4.sqlite")
    let database = try Database(path: path)
    try Migrator.migrate(database, to: 4)
    try database.execute(
      """
      INSERT INTO cities (id, name, latitude, longitude, timezone, added_at)
        VALUES (1, 'Berlin', 52.52, 13.41, 'Europe/Berlin', 0);
      INSERT INTO fetches (id, city_id, source, model, requested_at, status)
        VALUES (7, 1, 'forecast', 'best_match', 0, 'ok'), (8, 1, 'forecast', 'best_match', 3600, 'ok'),
          (9, 1, 'import:station', 'best_match', 7200, 'ok');
      """)
    for (fetch, source, issued) in [
      (7, "forecast", 0), (8, "forecast", 3600), (9, "station", 0),
    ] {
      for hour in 0..<4 {
        let valid = issued + hour * 3600
        try database.execute(
          """
          INSERT INTO hourly_forecasts (fetch_id, city_id, source, model, issued_at, valid_at,
            valid_date, valid_hour, lead_hours, temperature_2m)
          VALUES (\(fetch), 1, '\(source)', 'best_match', \(issued), \(valid), '1970-01-01',
            \(hour + 1), \(hour), \(Double(fetch) + Double(hour) / 10))
          """)
      }
    }
    return path
  }

  static let everyRow =
    "SELECT * FROM hourly_forecasts ORDER BY city_id, source, model, valid_at, issued_at, fetch_id"

  @Test("a version-4 file keeps every row of the view, with the key run by run")
  func keepsRows() throws {
    let directory = TemporaryDirectory()
    let path = try Self.version4File(in: directory)
    let before = try Database(path: path).query(Self.everyRow)
    #expect(before.count == 12)

    _ = try Store(path: path)
    let database = try Database(path: path)
    #expect(try database.userVersion() == Schema.currentVersion)
    #expect(try database.query(Self.everyRow) == before)
    // The primary key's columns in order.
    let index = try database.scalarText(
      "SELECT name FROM pragma_index_list('forecast_hours') WHERE origin = 'pk'")
    let key = try database.query(
      "SELECT name FROM pragma_index_xinfo(?) WHERE key = 1 ORDER BY seqno", [.text(index ?? "")]
    ).map { $0[0].stringValue ?? "" }
    #expect(key == ForecastHourColumns.key)
    #expect(key == ["city_id", "series_id", "issued_at", "valid_at", "dedupe"])
    // Stored order is run by run: the first run's four hours, then the second's.
    let stored = try database.query(
      "SELECT issued_at, valid_at FROM forecast_hours WHERE dedupe = 7 OR dedupe = 8"
    ).map { [$0[0].int64Value ?? -1, $0[1].int64Value ?? -1] }
    #expect(stored.map(\.[0]) == [0, 0, 0, 0, 3600, 3600, 3600, 3600])
    #expect(try database.scalarText("PRAGMA integrity_check") == "ok")
  }

  @Test("writes through hourly_forecasts still reach the re-keyed table")
  func triggersStillWork() throws {
    let directory = TemporaryDirectory()
    let path = try Self.version4File(in: directory)
    _ = try Store(path: path)
    let database = try Database(path: path)
    try database.execute(
      """
      UPDATE hourly_forecasts SET temperature_2m = 99 WHERE fetch_id = 8 AND valid_at = 3600;
      DELETE FROM hourly_forecasts WHERE fetch_id = 7 AND valid_at = 0;
      INSERT INTO hourly_forecasts (fetch_id, city_id, source, model, issued_at, valid_at,
        valid_date, valid_hour, lead_hours, temperature_2m)
      VALUES (8, 1, 'forecast', 'best_match', 3600, 18000, '1970-01-01', 6, 4, 5.5);
      """)
    #expect(
      try database.scalar(
        "SELECT temperature_2m FROM hourly_forecasts WHERE fetch_id = 8 AND valid_at = 3600")
        == .real(99))
    #expect(try database.scalarInt("SELECT count(*) FROM forecast_hours") == 12)
    #expect(
      try database.scalarInt("SELECT count(*) FROM forecast_hours WHERE dedupe = 8") == 5)
  }
}
