import Foundation
import TestSupport
import Testing

@testable import Store

/// Schema 10 writes the hourly views' local date and hour so that DuckDB binds them itself (and
/// so types their columns) while SQLite reads exactly the text it read before.
@Suite struct TypedViewsTests {
  @Test("The portable date is SQLite's date() for every day from 0000-03-01 to 9999-12-31")
  func portableDateEveryDay() throws {
    let database = try Database(path: ":memory:")
    // Day numbers from 1970-01-01: −719,468 is 0000-03-01, 2,932,896 is 9999-12-31.
    let differing = try database.scalarInt(
      """
      WITH RECURSIVE d(n) AS (SELECT -719468 UNION ALL SELECT n + 1 FROM d WHERE n < 2932896)
      SELECT count(*) FROM d
      WHERE \(Schema.portableDate(day: "n")) IS NOT date(n * 86400, 'unixepoch')
      """)
    #expect(differing == 0)
    let last = try database.scalarText("SELECT \(Schema.portableDate(day: "2932896"))")
    #expect(last == "9999-12-31")
  }

  @Test("The views show the same local dates and hours as before, around midnight and before 1970")
  func sameTextAsBefore() throws {
    let directory = TemporaryDirectory()
    let path = directory.file("typed.sqlite")
    _ = try Store(path: path)
    let database = try Database(path: path)
    try database.execute(
      """
      INSERT INTO cities (id, name, latitude, longitude, timezone, added_at)
        VALUES (1, 'Auckland', -36.85, 174.76, 'Pacific/Auckland', 0);
      INSERT INTO fetches (id, city_id, source, model, requested_at, issued_at, status)
        VALUES (1, 1, 'forecast', 'best_match', 0, 0, 'ok');
      """)
    // Hours either side of UTC midnight, a 45-minute offset and instants before 1970.
    let instants: [Int64] = [-90_000, -3_600, -1, 0, 1, 82_800, 86_399, 86_400, 1_774_000_000]
    for (index, validAt) in instants.enumerated() {
      try database.execute(
        """
        INSERT INTO hourly_forecasts (fetch_id, city_id, source, model, issued_at, valid_at,
          valid_date, valid_hour, lead_hours, temperature_2m)
        VALUES (1, 1, 'forecast', 'best_match', -100000, \(validAt),
          strftime('%Y-%m-%d', \(validAt) + 45900, 'unixepoch'),
          CAST(strftime('%H', \(validAt) + 45900, 'unixepoch') AS INTEGER), \(index), 1.5)
        """)
    }
    let rows = try database.query(
      """
      SELECT valid_at, valid_date, valid_hour, typeof(valid_hour) AS kind,
        strftime('%Y-%m-%d', valid_at + 45900, 'unixepoch') AS old_date,
        CAST(strftime('%H', valid_at + 45900, 'unixepoch') AS INTEGER) AS old_hour
      FROM hourly_forecasts ORDER BY valid_at
      """)
    #expect(rows.count == instants.count)
    for row in rows {
      #expect(row["valid_date"] == row["old_date"], "\(row)")
      #expect(row["valid_hour"] == row["old_hour"], "\(row)")
      #expect(row["kind"] == .text("integer"), "\(row)")
    }
    let latest = try database.scalarInt(
      """
      SELECT count(*) FROM hourly_forecasts_latest AS l JOIN hourly_forecasts AS f
        USING (city_id, valid_at, issued_at)
      WHERE l.valid_date IS NOT f.valid_date OR l.valid_hour IS NOT f.valid_hour
      """)
    #expect(latest == 0)
  }
}
