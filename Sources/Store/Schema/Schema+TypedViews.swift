extension Schema {
  // MARK: - Version 10: hourly views that other engines read with their column types

  /// Makes `hourly_forecasts` (and so `hourly_forecasts_named`) and `hourly_forecasts_latest`
  /// readable with their column types by DuckDB's SQLite scanner, which `skycast help datasets`
  /// recommends: `sum(temperature_2m)` over the view failed with "No function matches …
  /// 'sum(VARCHAR)'".
  ///
  /// The scanner binds a view's SQL with DuckDB's own binder over the typed SQLite tables; when
  /// that fails it falls back to running the view in SQLite and types every column VARCHAR
  /// (duckdb-sqlite, `SQLiteTransaction::GetCatalogEntry` and `sqlite_query.cpp`). What failed
  /// was the date: DuckDB has no three-argument `strftime(format, x, 'unixepoch')`. The local
  /// date is now written so that both engines read the same text from it:
  ///
  /// - `CAST('1970-01-01' AS DATE)` is a DATE in DuckDB; in SQLite, DATE has NUMERIC affinity,
  ///   so it is the number 1970.
  /// - `CAST(2438618 * (1 - (1 / 2) * 2) AS INTEGER)` is 2438618 in SQLite, whose `/` of two
  ///   integers truncates, and 0 in DuckDB, whose `/` is exact (0.5).
  /// - So SQLite gets the Julian day number 2440588 + d (noon of local day d, counted from
  ///   1970-01-01) and DuckDB the DATE 1970-01-01 + d; `strftime('%Y-%m-%d', …)` takes either
  ///   (SQLite reads a bare number as a Julian day; DuckDB takes the format first or second).
  ///
  /// `valid_hour` is cast to INTEGER, since DuckDB's exact `/` makes the hour number a DOUBLE.
  /// The text of every row is unchanged (a test compares both engines row for row, and the
  /// new date with the old one for every day from 0000-03-01 to 9999-12-31), and SQLite pays
  /// nothing more for it (the same user time over the demo file's 272,358 rows).
  /// The INSTEAD OF triggers go with the old view and are made again unchanged.
  static let typedViewsVersion = """
    DROP VIEW hourly_forecasts;
    CREATE VIEW hourly_forecasts AS
      SELECT coalesce(h.fetch_id, h.dedupe) AS fetch_id, h.city_id, s.source, s.model,
        h.issued_at, h.valid_at, \(portableLocalDate("h")) AS valid_date,
        \(portableLocalHourOfDay("h")) AS valid_hour,
        h.lead_hours, h.temperature_2m, h.relative_humidity_2m, h.dew_point_2m,
        h.apparent_temperature, h.precipitation_probability, h.precipitation, h.rain, h.showers,
        h.snowfall, h.weather_code, h.cloud_cover, h.pressure_msl, h.wind_speed_10m,
        h.wind_direction_10m, h.wind_gusts_10m, h.uv_index, h.is_day
      FROM forecast_hours AS h JOIN forecast_series AS s ON s.id = h.series_id;
    \(hourlyForecastsTriggers)
    DROP VIEW hourly_forecasts_latest;
    CREATE VIEW hourly_forecasts_latest AS
      SELECT coalesce(h.fetch_id, h.dedupe) AS fetch_id, l.city_id, s.source, s.model,
        l.issued_at, l.valid_at, \(portableLocalDate("h")) AS valid_date,
        \(portableLocalHourOfDay("h")) AS valid_hour,
        h.lead_hours, h.temperature_2m, h.relative_humidity_2m, h.dew_point_2m,
        h.apparent_temperature, h.precipitation_probability, h.precipitation, h.rain, h.showers,
        h.snowfall, h.weather_code, h.cloud_cover, h.pressure_msl, h.wind_speed_10m,
        h.wind_direction_10m, h.wind_gusts_10m, h.uv_index, h.is_day, 1 AS issue_rank,
        c.name AS city
      FROM (
        SELECT city_id, series_id, valid_at, max(issued_at) AS issued_at FROM forecast_hours
        WHERE lead_hours >= 0 GROUP BY city_id, series_id, valid_at) AS l
      JOIN forecast_hours AS h ON h.city_id = l.city_id AND h.series_id = l.series_id
        AND h.issued_at = l.issued_at AND h.valid_at = l.valid_at
        AND h.dedupe = (
          SELECT max(g.dedupe) FROM forecast_hours AS g
          WHERE g.city_id = l.city_id AND g.series_id = l.series_id
            AND g.issued_at = l.issued_at AND g.valid_at = l.valid_at AND g.lead_hours >= 0)
      JOIN forecast_series AS s ON s.id = l.series_id
      LEFT JOIN cities AS c ON c.id = l.city_id;
    """

  /// The local hour number of a `forecast_hours` row (local time floored to the hour, counted
  /// from 1970), exact in both engines: an integer in SQLite, an integral DOUBLE in DuckDB.
  /// Frozen with version 10.
  private static func portableLocalHour(_ alias: String) -> String {
    "((\(alias).valid_at - (\(alias).valid_at % 3600 + 3600) % 3600) / 3600 + \(alias).local_hour_shift)"
  }

  /// The local hour of the day, 0…23, as an INTEGER in both engines. Frozen with version 10.
  package static func portableLocalHourOfDay(_ alias: String) -> String {
    "CAST((\(portableLocalHour(alias)) % 24 + 24) % 24 AS INTEGER)"
  }

  /// The local date `YYYY-MM-DD`, the same text in SQLite and DuckDB (see
  /// ``typedViewsVersion``). Frozen with version 10.
  package static func portableLocalDate(_ alias: String) -> String {
    let hour = portableLocalHour(alias)
    let day = "CAST((\(hour) - (\(hour) % 24 + 24) % 24) / 24 AS INTEGER)"
    return portableDate(day: day)
  }

  /// `YYYY-MM-DD` of day `day` counted from 1970-01-01, the same text in SQLite and DuckDB.
  package static func portableDate(day: String) -> String {
    "strftime('%Y-%m-%d', CAST('1970-01-01' AS DATE) + \(day)"
      + " + CAST(2438618 * (1 - (1 / 2) * 2) AS INTEGER))"
  }
}
