import SkycastModel

/// The database schema as an ordered list of migrations, applied through `PRAGMA user_version`.
///
/// Migrations are frozen text: once released, a migration never changes (a file migrated by an
/// older binary must end up identical to a new one). New columns or tables go in a new migration.
/// Times are INTEGER UTC epoch seconds, local dates TEXT `YYYY-MM-DD`, and variable columns carry
/// the Open-Meteo names in canonical units (°C, %, mm, cm, hPa, km/h, °, s, h).
public enum Schema {
  /// The schema version this build writes.
  public static var currentVersion: Int { migrations.count }

  /// Migration `i` brings a file from version `i` to `i + 1`.
  public static let migrations: [String] = [
    version1, version2, ensembleVersion, forecastHoursVersion, issueOrderVersion,
    duckDBReadableVersion, runTimesVersion, stationsVersion, latestViewsVersion, typedViewsVersion,
  ]

  // MARK: - Version 1: cities, fetch log, forecasts, observations

  package static let version1 = """
    CREATE TABLE cities (
      id            INTEGER PRIMARY KEY,
      name          TEXT NOT NULL,
      country_code  TEXT,
      country       TEXT,
      admin1        TEXT,
      latitude      REAL NOT NULL,
      longitude     REAL NOT NULL,
      elevation     REAL,
      timezone      TEXT,
      geonames_id   INTEGER UNIQUE,
      population    INTEGER,
      added_at      INTEGER NOT NULL
    );

    CREATE TABLE fetches (
      id                  INTEGER PRIMARY KEY,
      city_id             INTEGER REFERENCES cities(id),
      source              TEXT NOT NULL,
      model               TEXT NOT NULL,
      requested_at        INTEGER NOT NULL,
      issued_at           INTEGER,
      status              TEXT NOT NULL CHECK (status IN ('ok', 'failed')),
      http_status         INTEGER,
      error               TEXT,
      url                 TEXT,
      utc_offset_seconds  INTEGER,
      grid_latitude       REAL,
      grid_longitude      REAL,
      grid_elevation      REAL,
      call_weight         REAL,
      bytes               INTEGER,
      body_sha256         TEXT,
      rows                INTEGER NOT NULL DEFAULT 0
    );
    CREATE INDEX fetches_by_city ON fetches(city_id, source, status, requested_at);

    CREATE TABLE hourly_forecasts (
      fetch_id                   INTEGER NOT NULL,
      city_id                    INTEGER NOT NULL,
      source                     TEXT NOT NULL,
      model                      TEXT NOT NULL,
      issued_at                  INTEGER NOT NULL,
      valid_at                   INTEGER NOT NULL,
      valid_date                 TEXT NOT NULL,
      valid_hour                 INTEGER NOT NULL,
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
      PRIMARY KEY (fetch_id, city_id, model, issued_at, valid_at)
    ) WITHOUT ROWID;
    CREATE INDEX hourly_forecasts_by_valid_time
      ON hourly_forecasts(city_id, source, model, valid_at, issued_at);
    CREATE UNIQUE INDEX hourly_forecasts_upsert_key
      ON hourly_forecasts(city_id, source, model, issued_at, valid_at) WHERE source <> \(FetchSource.forecast.sqlLiteral);

    CREATE TABLE daily_forecasts (
      fetch_id                       INTEGER NOT NULL,
      city_id                        INTEGER NOT NULL,
      source                         TEXT NOT NULL,
      model                          TEXT NOT NULL,
      issued_at                      INTEGER NOT NULL,
      date                           TEXT NOT NULL,
      lead_days                      INTEGER NOT NULL,
      weather_code                   INTEGER,
      temperature_2m_max             REAL,
      temperature_2m_min             REAL,
      apparent_temperature_max       REAL,
      apparent_temperature_min       REAL,
      sunrise                        INTEGER,
      sunset                         INTEGER,
      sunshine_duration              REAL,
      uv_index_max                   REAL,
      precipitation_sum              REAL,
      rain_sum                       REAL,
      snowfall_sum                   REAL,
      precipitation_hours            REAL,
      precipitation_probability_max  REAL,
      wind_speed_10m_max             REAL,
      wind_gusts_10m_max             REAL,
      wind_direction_10m_dominant    REAL,
      PRIMARY KEY (fetch_id, city_id, model, issued_at, date)
    ) WITHOUT ROWID;
    CREATE INDEX daily_forecasts_by_date ON daily_forecasts(city_id, source, model, date, issued_at);
    CREATE UNIQUE INDEX daily_forecasts_upsert_key
      ON daily_forecasts(city_id, source, model, issued_at, date) WHERE source <> \(FetchSource.forecast.sqlLiteral);

    CREATE TABLE current_conditions (
      fetch_id              INTEGER PRIMARY KEY,
      city_id               INTEGER NOT NULL,
      model                 TEXT NOT NULL,
      time                  INTEGER NOT NULL,
      interval_seconds      INTEGER,
      temperature_2m        REAL,
      relative_humidity_2m  REAL,
      apparent_temperature  REAL,
      precipitation         REAL,
      weather_code          INTEGER,
      cloud_cover           REAL,
      pressure_msl          REAL,
      wind_speed_10m        REAL,
      wind_direction_10m    REAL,
      wind_gusts_10m        REAL,
      uv_index              REAL,
      is_day                INTEGER
    );
    CREATE INDEX current_conditions_by_city ON current_conditions(city_id, time);

    CREATE TABLE hourly_observations (
      city_id               INTEGER NOT NULL,
      source                TEXT NOT NULL,
      valid_at              INTEGER NOT NULL,
      valid_date            TEXT NOT NULL,
      valid_hour            INTEGER NOT NULL,
      temperature_2m        REAL,
      relative_humidity_2m  REAL,
      dew_point_2m          REAL,
      apparent_temperature  REAL,
      precipitation         REAL,
      rain                  REAL,
      snowfall              REAL,
      weather_code          INTEGER,
      cloud_cover           REAL,
      pressure_msl          REAL,
      wind_speed_10m        REAL,
      wind_direction_10m    REAL,
      wind_gusts_10m        REAL,
      uv_index              REAL,
      fetch_id              INTEGER,
      fetched_at            INTEGER,
      PRIMARY KEY (city_id, source, valid_at)
    ) WITHOUT ROWID;

    CREATE TABLE daily_observations (
      city_id                      INTEGER NOT NULL,
      source                       TEXT NOT NULL,
      date                         TEXT NOT NULL,
      weather_code                 INTEGER,
      temperature_2m_max           REAL,
      temperature_2m_min           REAL,
      apparent_temperature_max     REAL,
      apparent_temperature_min     REAL,
      sunshine_duration            REAL,
      uv_index_max                 REAL,
      precipitation_sum            REAL,
      rain_sum                     REAL,
      snowfall_sum                 REAL,
      precipitation_hours          REAL,
      wind_speed_10m_max           REAL,
      wind_gusts_10m_max           REAL,
      wind_direction_10m_dominant  REAL,
      fetch_id                     INTEGER,
      fetched_at                   INTEGER,
      PRIMARY KEY (city_id, source, date)
    ) WITHOUT ROWID;
    """

  // MARK: - Version 2: settings and named views

  package static let version2 = """
    CREATE TABLE settings (
      key    TEXT PRIMARY KEY,
      value  TEXT
    );

    CREATE VIEW hourly_forecasts_named AS
      SELECT c.name AS city, c.timezone, f.* FROM hourly_forecasts f JOIN cities c ON c.id = f.city_id;
    CREATE VIEW daily_forecasts_named AS
      SELECT c.name AS city, c.timezone, f.* FROM daily_forecasts f JOIN cities c ON c.id = f.city_id;
    CREATE VIEW hourly_observations_named AS
      SELECT c.name AS city, c.timezone, o.* FROM hourly_observations o JOIN cities c ON c.id = o.city_id;
    CREATE VIEW daily_observations_named AS
      SELECT c.name AS city, c.timezone, o.* FROM daily_observations o JOIN cities c ON c.id = o.city_id;
    CREATE VIEW fetches_named AS
      SELECT c.name AS city, f.* FROM fetches f LEFT JOIN cities c ON c.id = f.city_id;

    -- For each city, source, model and valid time: the most recently issued forecast with
    -- lead >= 0 (ties within one hour: the later fetch). What `--series forecast`,
    -- `export --latest` and `spark` read.
    CREATE VIEW hourly_forecasts_latest AS
      SELECT * FROM (
        SELECT f.*, row_number() OVER (
          PARTITION BY city_id, source, model, valid_at ORDER BY issued_at DESC, fetch_id DESC) AS issue_rank
        FROM hourly_forecasts f WHERE lead_hours >= 0)
      WHERE issue_rank = 1;
    CREATE VIEW daily_forecasts_latest AS
      SELECT * FROM (
        SELECT f.*, row_number() OVER (
          PARTITION BY city_id, source, model, date ORDER BY issued_at DESC, fetch_id DESC) AS issue_rank
        FROM daily_forecasts f WHERE lead_days >= 0)
      WHERE issue_rank = 1;
    """

  // MARK: - Ensemble members

  /// One row per city, model, variable, valid time and fetch; `members` packs every member as
  /// little-endian Float32 (member 0 = control, NaN = null; see `EnsembleBlob`). The primary key
  /// is the verification order (city, model, variable, valid time, issue), so no second index
  /// is needed and a value costs its 4 bytes plus about 70 bytes per row.
  package static let ensembleVersion = """
    CREATE TABLE ensemble_forecasts (
      city_id     INTEGER NOT NULL,
      model       TEXT NOT NULL,
      variable    TEXT NOT NULL,
      valid_at    INTEGER NOT NULL,
      issued_at   INTEGER NOT NULL,
      fetch_id    INTEGER NOT NULL,
      lead_hours  INTEGER NOT NULL,
      members     BLOB NOT NULL,
      PRIMARY KEY (city_id, model, variable, valid_at, issued_at, fetch_id)
    ) WITHOUT ROWID;
    CREATE VIEW ensemble_forecasts_named AS
      SELECT c.name AS city, c.timezone, e.* FROM ensemble_forecasts e JOIN cities c ON c.id = e.city_id;
    """
}
