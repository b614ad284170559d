import SkycastModel

extension Schema {
  // MARK: - Hourly forecasts stored by series and valid time

  /// Moves hourly forecasts into `forecast_hours`, whose primary key (city, series, valid time,
  /// issue time, `dedupe`) is the order every reader wants, so neither of the old table's two
  /// secondary indexes is needed; `hourly_forecasts` becomes a view with the same columns.
  /// (Version 5, ``issueOrderVersion``, puts the issue time before the valid time.)
  ///
  /// - `series_id` points at a (source, model) pair in `forecast_series`, instead of repeating
  ///   both texts in the key of every row.
  /// - `dedupe` is the fetch id for `source = 'forecast'` (collected runs are kept per fetch)
  ///   and 0 for every other source, whose rows are unique per issue and valid time, so the
  ///   key is their upsert key; a 0 costs no bytes in SQLite's record format.
  /// - `fetch_id` is NULL where it equals `dedupe` (collected runs).
  /// - `local_hour_shift` is the local hour number (local time floored to the hour, counted
  ///   from 1970) minus the UTC one: `valid_date` and `valid_hour` follow from it exactly, in
  ///   one byte or none (a zero shift is UTC, a shift of one is stored free too). A row whose
  ///   `valid_date` is not a date (a hand edit) gets 0 rather than failing the migration.
  /// - `forecast_hours_by_fetch` finds a collected fetch's rows (`now`, `db prune`); it is
  ///   partial, so imported and backfilled rows pay nothing for it.
  /// - INSTEAD OF triggers let an INSERT, UPDATE or DELETE on `hourly_forecasts` reach the
  ///   storage, as it did when that name was a table.
  static let forecastHoursVersion = """
    CREATE TABLE forecast_series (
      id      INTEGER PRIMARY KEY,
      source  TEXT NOT NULL,
      model   TEXT NOT NULL,
      UNIQUE (source, model)
    );

    CREATE TABLE forecast_hours (
      city_id                    INTEGER NOT NULL,
      series_id                  INTEGER NOT NULL,
      valid_at                   INTEGER NOT NULL,
      issued_at                  INTEGER NOT NULL,
      dedupe                     INTEGER NOT NULL,
      fetch_id                   INTEGER,
      local_hour_shift           INTEGER NOT NULL,
      lead_hours                 INTEGER NOT NULL,
      temperature_2m             REAL,
      relative_humidity_2m       REAL,
      dew_point_2m               REAL,
      apparent_temperature       REAL,
      precipitation_probability  REAL,
      precipitation              REAL,
      rain                       REAL,
      showers                    REAL,
      snowfall                   REAL,
      weather_code               INTEGER,
      cloud_cover                REAL,
      pressure_msl               REAL,
      wind_speed_10m             REAL,
      wind_direction_10m         REAL,
      wind_gusts_10m             REAL,
      uv_index                   REAL,
      is_day                     INTEGER,
      PRIMARY KEY (city_id, series_id, valid_at, issued_at, dedupe)
    ) WITHOUT ROWID;

    INSERT INTO forecast_series (source, model)
      SELECT DISTINCT source, model FROM hourly_forecasts ORDER BY source, model;
    INSERT INTO forecast_hours
      SELECT f.city_id, s.id, f.valid_at, f.issued_at,
        CASE WHEN f.source = \(FetchSource.forecast.sqlLiteral) THEN f.fetch_id ELSE 0 END,
        CASE WHEN f.source = \(FetchSource.forecast.sqlLiteral) THEN NULL ELSE f.fetch_id END,
        coalesce(CAST(round((julianday(f.valid_date) - 2440587.5) * 24) AS INTEGER)
            + f.valid_hour - (f.valid_at - (f.valid_at % 3600 + 3600) % 3600) / 3600, 0),
        f.lead_hours, f.temperature_2m, f.relative_humidity_2m, f.dew_point_2m,
        f.apparent_temperature, f.precipitation_probability, f.precipitation, f.rain, f.showers,
        f.snowfall, f.weather_code, f.cloud_cover, f.pressure_msl, f.wind_speed_10m,
        f.wind_direction_10m, f.wind_gusts_10m, f.uv_index, f.is_day
      FROM hourly_forecasts AS f
      JOIN forecast_series AS s ON s.source = f.source AND s.model = f.model
      ORDER BY 1, 2, 3, 4, 5;
    DROP VIEW hourly_forecasts_latest;
    DROP TABLE hourly_forecasts;
    CREATE INDEX forecast_hours_by_fetch ON forecast_hours(dedupe) WHERE dedupe <> 0;

    CREATE VIEW hourly_forecasts AS
      SELECT coalesce(h.fetch_id, h.dedupe) AS fetch_id, h.city_id, s.source, s.model,
        h.issued_at, h.valid_at,
        date(((h.valid_at - (h.valid_at % 3600 + 3600) % 3600) / 3600 + h.local_hour_shift) * 3600,
          'unixepoch') AS valid_date,
        (((h.valid_at - (h.valid_at % 3600 + 3600) % 3600) / 3600 + h.local_hour_shift) % 24 + 24)
          % 24 AS valid_hour,
        h.lead_hours, h.temperature_2m, h.relative_humidity_2m, h.dew_point_2m,
        h.apparent_temperature, h.precipitation_probability, h.precipitation, h.rain, h.showers,
        h.snowfall, h.weather_code, h.cloud_cover, h.pressure_msl, h.wind_speed_10m,
        h.wind_direction_10m, h.wind_gusts_10m, h.uv_index, h.is_day
      FROM forecast_hours AS h JOIN forecast_series AS s ON s.id = h.series_id;
    CREATE VIEW hourly_forecasts_latest AS
      SELECT * FROM (
        SELECT f.*, row_number() OVER (
          PARTITION BY city_id, source, model, valid_at ORDER BY issued_at DESC, fetch_id DESC) AS issue_rank
        FROM hourly_forecasts f WHERE lead_hours >= 0)
      WHERE issue_rank = 1;
    \(hourlyForecastsTriggers)
    """

  /// The INSTEAD OF triggers that let an INSERT, UPDATE or DELETE on the `hourly_forecasts` view
  /// reach `forecast_hours` (part of version 4; version 6 makes them again with the view).
  static let hourlyForecastsTriggers = """
    -- Writes through the old name keep working (scripts, hand repairs), one row at a time.
    CREATE TRIGGER hourly_forecasts_insert INSTEAD OF INSERT ON hourly_forecasts BEGIN
      INSERT OR IGNORE INTO forecast_series (source, model) VALUES (NEW.source, NEW.model);
      INSERT INTO forecast_hours (
        city_id, series_id, valid_at, issued_at, dedupe, fetch_id, local_hour_shift, lead_hours,
        temperature_2m, relative_humidity_2m, dew_point_2m, apparent_temperature,
        precipitation_probability, precipitation, rain, showers, snowfall, weather_code,
        cloud_cover, pressure_msl, wind_speed_10m, wind_direction_10m, wind_gusts_10m, uv_index,
        is_day)
      VALUES (NEW.city_id,
        (SELECT id FROM forecast_series WHERE source = NEW.source AND model = NEW.model),
        NEW.valid_at, NEW.issued_at,
        CASE WHEN NEW.source = \(FetchSource.forecast.sqlLiteral) THEN NEW.fetch_id ELSE 0 END,
        CASE WHEN NEW.source = \(FetchSource.forecast.sqlLiteral) THEN NULL ELSE NEW.fetch_id END,
        coalesce(CAST(round((julianday(NEW.valid_date) - 2440587.5) * 24) AS INTEGER)
            + NEW.valid_hour - (NEW.valid_at - (NEW.valid_at % 3600 + 3600) % 3600) / 3600, 0),
        NEW.lead_hours,
        NEW.temperature_2m, NEW.relative_humidity_2m, NEW.dew_point_2m,
        NEW.apparent_temperature, NEW.precipitation_probability, NEW.precipitation, NEW.rain,
        NEW.showers, NEW.snowfall, NEW.weather_code, NEW.cloud_cover, NEW.pressure_msl,
        NEW.wind_speed_10m, NEW.wind_direction_10m, NEW.wind_gusts_10m, NEW.uv_index, NEW.is_day);
    END;
    CREATE TRIGGER hourly_forecasts_update INSTEAD OF UPDATE ON hourly_forecasts BEGIN
      INSERT OR IGNORE INTO forecast_series (source, model) VALUES (NEW.source, NEW.model);
      UPDATE forecast_hours SET city_id = NEW.city_id,
        series_id = (SELECT id FROM forecast_series WHERE source = NEW.source AND model = NEW.model),
        valid_at = NEW.valid_at, issued_at = NEW.issued_at,
        dedupe = CASE WHEN NEW.source = \(FetchSource.forecast.sqlLiteral) THEN NEW.fetch_id ELSE 0 END,
        fetch_id = CASE WHEN NEW.source = \(FetchSource.forecast.sqlLiteral) THEN NULL ELSE NEW.fetch_id END,
        local_hour_shift = coalesce(CAST(round((julianday(NEW.valid_date) - 2440587.5) * 24) AS INTEGER)
            + NEW.valid_hour - (NEW.valid_at - (NEW.valid_at % 3600 + 3600) % 3600) / 3600, 0),
        lead_hours = NEW.lead_hours,
        temperature_2m = NEW.temperature_2m, relative_humidity_2m = NEW.relative_humidity_2m,
        dew_point_2m = NEW.dew_point_2m, apparent_temperature = NEW.apparent_temperature,
        precipitation_probability = NEW.precipitation_probability,
        precipitation = NEW.precipitation, rain = NEW.rain, showers = NEW.showers,
        snowfall = NEW.snowfall, weather_code = NEW.weather_code, cloud_cover = NEW.cloud_cover,
        pressure_msl = NEW.pressure_msl, wind_speed_10m = NEW.wind_speed_10m,
        wind_direction_10m = NEW.wind_direction_10m, wind_gusts_10m = NEW.wind_gusts_10m,
        uv_index = NEW.uv_index, is_day = NEW.is_day
      WHERE city_id = OLD.city_id
        AND series_id = (SELECT id FROM forecast_series WHERE source = OLD.source AND model = OLD.model)
        AND valid_at = OLD.valid_at AND issued_at = OLD.issued_at
        AND dedupe = CASE WHEN OLD.source = \(FetchSource.forecast.sqlLiteral) THEN OLD.fetch_id ELSE 0 END;
    END;
    CREATE TRIGGER hourly_forecasts_delete INSTEAD OF DELETE ON hourly_forecasts BEGIN
      DELETE FROM forecast_hours
      WHERE city_id = OLD.city_id
        AND series_id = (SELECT id FROM forecast_series WHERE source = OLD.source AND model = OLD.model)
        AND valid_at = OLD.valid_at AND issued_at = OLD.issued_at
        AND dedupe = CASE WHEN OLD.source = \(FetchSource.forecast.sqlLiteral) THEN OLD.fetch_id ELSE 0 END;
    END;
    """
}
