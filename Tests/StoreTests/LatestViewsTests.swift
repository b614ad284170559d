import Foundation
import TestSupport
import Testing

@testable import Store

/// Schema 9's `*_latest` views return the rows the window-function views of schemas 4–8
/// returned (the newest issue with lead ≥ 0, the higher fetch of one issue), plus the city name.
@Suite struct LatestViewsTests {
  /// Two cities, two series, overlapping runs, a negative lead, two fetches of one issue and an
  /// issue whose every lead is negative for some hours.
  static func file(in directory: TemporaryDirectory) throws -> Database {
    let store = try Store(path: directory.file("latest.sqlite"))
    _ = store
    let database = try Database(path: directory.file("latest.sqlite"))
    try database.execute(
      """
      INSERT INTO cities (id, name, latitude, longitude, timezone, added_at)
        VALUES (1, 'Berlin', 52.52, 13.41, 'Europe/Berlin', 0),
          (2, '北港', 31.2, 121.5, 'Asia/Shanghai', 0);
      """)
    var fetch = 10
    // (city, source, model, issued, hours from, hours to, fetches of the issue)
    let runs: [(Int, String, String, Int, Int, Int, Int)] = [
      (1, "forecast", "best_match", 0, -2, 6, 1),
      (1, "forecast", "best_match", 3 * 3600, -1, 6, 2),
      (1, "forecast", "icon_seamless", 0, 0, 4, 1),
      (1, "import:qweather", "best_match", 3600, 0, 3, 1),
      (2, "forecast", "best_match", 0, 0, 5, 1),
      (2, "forecast", "best_match", 6 * 3600, -6, -1, 1),
    ]
    for (city, source, model, issued, from, to, fetches) in runs {
      for copy in 0..<fetches {
        fetch += 1
        try database.execute(
          """
          INSERT INTO fetches (id, city_id, source, model, requested_at, issued_at, status)
            VALUES (\(fetch), \(city), '\(source)', '\(model)', \(issued), \(issued), 'ok')
          """)
        for hour in from...to where source == "forecast" || copy == 0 {
          let valid = issued + hour * 3600
          try database.execute(
            """
            INSERT INTO hourly_forecasts (fetch_id, city_id, source, model, issued_at, valid_at,
              valid_date, valid_hour, lead_hours, temperature_2m)
            VALUES (\(fetch), \(city), '\(source)', '\(model)', \(issued), \(valid), '1970-01-01',
              \(((valid / 3600) % 24 + 24) % 24), \(hour), \(Double(fetch) + Double(hour) / 10))
            """)
          try database.execute(
            """
            INSERT INTO daily_forecasts (fetch_id, city_id, source, model, issued_at, date,
              lead_days, temperature_2m_max)
            SELECT \(fetch), \(city), '\(source)', '\(model)', \(issued),
              date(\(valid), 'unixepoch', '+' || \(hour + 10) || ' days'), \(hour),
              \(Double(fetch) * 2 + Double(hour))
            """)
        }
      }
    }
    return database
  }

  static let hourlyColumns = """
    fetch_id, city_id, source, model, issued_at, valid_at, valid_date, valid_hour, lead_hours,
    temperature_2m, issue_rank
    """

  @Test("the hourly view returns the rows the window-function view returned, with the city")
  func hourlySameRows() throws {
    let directory = TemporaryDirectory()
    let database = try Self.file(in: directory)
    let order = "ORDER BY city_id, source, model, valid_at"
    let old = try database.query(
      "SELECT \(Self.hourlyColumns) FROM (\(Schema.windowedHourlyLatest)) \(order)")
    let new = try database.query(
      "SELECT \(Self.hourlyColumns) FROM hourly_forecasts_latest \(order)")
    #expect(old.count > 20)
    #expect(new == old)
    // The second of the two fetches of the 03:00 run wins its hours, as before.
    #expect(
      try database.scalarInt(
        "SELECT count(*) FROM hourly_forecasts_latest WHERE fetch_id = 12") == 0)
    #expect(
      try database.scalarInt(
        "SELECT count(*) FROM hourly_forecasts_latest WHERE fetch_id = 13") == 7)
    let cities = try database.query(
      "SELECT DISTINCT city FROM hourly_forecasts_latest ORDER BY city_id"
    ).map { $0[0].stringValue }
    #expect(cities == ["Berlin", "北港"])
    let last = try database.query("SELECT name FROM pragma_table_info('hourly_forecasts_latest')")
      .map { $0[0].stringValue ?? "" }
    #expect(last.suffix(2) == ["issue_rank", "city"])
  }

  @Test("the daily view keeps the newest issue per date with lead ≥ 0, with the city")
  func dailySameRows() throws {
    let directory = TemporaryDirectory()
    let database = try Self.file(in: directory)
    let windowed = """
      SELECT fetch_id, city_id, source, model, issued_at, date, lead_days, temperature_2m_max
      FROM (SELECT f.*, row_number() OVER (PARTITION BY city_id, source, model, date
        ORDER BY issued_at DESC, fetch_id DESC) AS issue_rank
        FROM daily_forecasts f WHERE lead_days >= 0) WHERE issue_rank = 1
      ORDER BY city_id, source, model, date
      """
    let new = try database.query(
      """
      SELECT fetch_id, city_id, source, model, issued_at, date, lead_days, temperature_2m_max
      FROM daily_forecasts_latest ORDER BY city_id, source, model, date
      """)
    #expect(new.count > 10)
    #expect(new == (try database.query(windowed)))
    #expect(
      try database.scalarText("SELECT city FROM daily_forecasts_latest WHERE city_id = 2")
        == "北港")
  }
}
