extension Schema {
  // MARK: - Version 6: every table and view reads through DuckDB's SQLite scanner

  /// Makes every table and view readable by DuckDB's SQLite scanner (`ATTACH 'f.sqlite' AS s
  /// (TYPE sqlite)`), which `skycast help datasets` recommends for the file. Two things stopped it:
  ///
  /// - DuckDB parses a view's SQL to learn its columns (and then lets SQLite run it), and its
  ///   parser reads `date(x, 'unixepoch')` as a cast with one argument ("Wrong number of
  ///   arguments provided to DATE function"). `hourly_forecasts` now formats `valid_date` with
  ///   `strftime('%Y-%m-%d', x, 'unixepoch')`, the same text in SQLite; its INSTEAD OF triggers
  ///   go with the old view and are made again unchanged.
  /// - For a query that needs no column (`count(*)`), the scanner selects `ROWID`, which a
  ///   WITHOUT ROWID table does not have. Each such table gets a virtual generated column named
  ///   `rowid` (always NULL; nothing stored, so no file grows). `PRAGMA table_info` does not
  ///   list it, so DuckDB's `SELECT *` and `db merge` do not see it; SQLite's `SELECT *` does,
  ///   so the views that read those tables name their columns instead of `*`.
  ///
  /// A generated column needs SQLite 3.31 (January 2020) or later to open the file.
  static let duckDBReadableVersion = """
    ALTER TABLE forecast_hours ADD COLUMN rowid INTEGER GENERATED ALWAYS AS (NULL) VIRTUAL;
    ALTER TABLE daily_forecasts ADD COLUMN rowid INTEGER GENERATED ALWAYS AS (NULL) VIRTUAL;
    ALTER TABLE hourly_observations ADD COLUMN rowid INTEGER GENERATED ALWAYS AS (NULL) VIRTUAL;
    ALTER TABLE daily_observations ADD COLUMN rowid INTEGER GENERATED ALWAYS AS (NULL) VIRTUAL;
    ALTER TABLE ensemble_forecasts ADD COLUMN rowid INTEGER GENERATED ALWAYS AS (NULL) VIRTUAL;

    DROP VIEW daily_forecasts_named;
    CREATE VIEW daily_forecasts_named AS
      SELECT c.name AS city, c.timezone, f.fetch_id, f.city_id, f.source, f.model, f.issued_at,
        f.date, f.lead_days, f.weather_code, f.temperature_2m_max, f.temperature_2m_min,
        f.apparent_temperature_max, f.apparent_temperature_min, f.sunrise, f.sunset,
        f.sunshine_duration, f.uv_index_max, f.precipitation_sum, f.rain_sum, f.snowfall_sum,
        f.precipitation_hours, f.precipitation_probability_max, f.wind_speed_10m_max,
        f.wind_gusts_10m_max, f.wind_direction_10m_dominant
      FROM daily_forecasts f JOIN cities c ON c.id = f.city_id;
    DROP VIEW hourly_observations_named;
    CREATE VIEW hourly_observations_named AS
      SELECT c.name AS city, c.timezone, o.city_id, o.source, o.valid_at, o.valid_date,
        o.valid_hour, o.temperature_2m, o.relative_humidity_2m, o.dew_point_2m,
        o.apparent_temperature, o.precipitation, o.rain, o.snowfall, o.weather_code,
        o.cloud_cover, o.pressure_msl, o.wind_speed_10m, o.wind_direction_10m, o.wind_gusts_10m,
        o.uv_index, o.fetch_id, o.fetched_at
      FROM hourly_observations o JOIN cities c ON c.id = o.city_id;
    DROP VIEW daily_observations_named;
    CREATE VIEW daily_observations_named AS
      SELECT c.name AS city, c.timezone, o.city_id, o.source, o.date, o.weather_code,
        o.temperature_2m_max, o.temperature_2m_min, o.apparent_temperature_max,
        o.apparent_temperature_min, o.sunshine_duration, o.uv_index_max, o.precipitation_sum,
        o.rain_sum, o.snowfall_sum, o.precipitation_hours, o.wind_speed_10m_max,
        o.wind_gusts_10m_max, o.wind_direction_10m_dominant, o.fetch_id, o.fetched_at
      FROM daily_observations o JOIN cities c ON c.id = o.city_id;
    DROP VIEW ensemble_forecasts_named;
    CREATE VIEW ensemble_forecasts_named AS
      SELECT c.name AS city, c.timezone, e.city_id, e.model, e.variable, e.valid_at, e.issued_at,
        e.fetch_id, e.lead_hours, e.members
      FROM ensemble_forecasts e JOIN cities c ON c.id = e.city_id;
    DROP VIEW daily_forecasts_latest;
    CREATE VIEW daily_forecasts_latest AS
      SELECT * FROM (
        SELECT f.fetch_id, f.city_id, f.source, f.model, f.issued_at, f.date, f.lead_days,
          f.weather_code, f.temperature_2m_max, f.temperature_2m_min, f.apparent_temperature_max,
          f.apparent_temperature_min, f.sunrise, f.sunset, f.sunshine_duration, f.uv_index_max,
          f.precipitation_sum, f.rain_sum, f.snowfall_sum, f.precipitation_hours,
          f.precipitation_probability_max, f.wind_speed_10m_max, f.wind_gusts_10m_max,
          f.wind_direction_10m_dominant,
          row_number() OVER (
            PARTITION BY city_id, source, model, date ORDER BY issued_at DESC, fetch_id DESC) AS issue_rank
        FROM daily_forecasts f WHERE lead_days >= 0)
      WHERE issue_rank = 1;

    DROP VIEW hourly_forecasts;
    CREATE VIEW hourly_forecasts AS
      SELECT coalesce(h.fetch_id, h.dedupe) AS fetch_id, h.city_id, s.source, s.model,
        h.issued_at, h.valid_at,
        strftime('%Y-%m-%d',
          ((h.valid_at - (h.valid_at % 3600 + 3600) % 3600) / 3600 + h.local_hour_shift) * 3600,
          'unixepoch') AS valid_date,
        (((h.valid_at - (h.valid_at % 3600 + 3600) % 3600) / 3600 + h.local_hour_shift) % 24 + 24)
          % 24 AS valid_hour,
        h.lead_hours, h.temperature_2m, h.relative_humidity_2m, h.dew_point_2m,
        h.apparent_temperature, h.precipitation_probability, h.precipitation, h.rain, h.showers,
        h.snowfall, h.weather_code, h.cloud_cover, h.pressure_msl, h.wind_speed_10m,
        h.wind_direction_10m, h.wind_gusts_10m, h.uv_index, h.is_day
      FROM forecast_hours AS h JOIN forecast_series AS s ON s.id = h.series_id;
    \(hourlyForecastsTriggers)
    """
}
