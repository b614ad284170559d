extension Schema {
  // MARK: - Version 5: hourly forecasts stored run by run

  /// Re-keys `forecast_hours` by (city, series, issue time, valid time, `dedupe`): a new run's
  /// hours then go in one place per city and series instead of one row into each valid time's
  /// page, so a commit of a batch of cities dirties a few pages per city instead of a page per
  /// row (the collector's ingest ran about 1.8× slower under the old order). `verify`'s merge
  /// join walks each run against the observations; revisions, which follow one valid time
  /// across runs, sort. Every column, view and trigger is unchanged.
  ///
  /// The views and triggers name `forecast_hours`; with `legacy_alter_table` the rename leaves
  /// their text alone, so they read the re-keyed table under the same name (without it, the
  /// rename refuses while the old table is gone and the views still name it).
  static let issueOrderVersion = """
    PRAGMA legacy_alter_table = ON;
    CREATE TABLE forecast_hours_by_issue (
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
      PRIMARY KEY (city_id, series_id, issued_at, valid_at, dedupe)
    ) WITHOUT ROWID;

    INSERT INTO forecast_hours_by_issue SELECT * FROM forecast_hours
      ORDER BY city_id, series_id, issued_at, valid_at, dedupe;
    DROP TABLE forecast_hours;
    ALTER TABLE forecast_hours_by_issue RENAME TO forecast_hours;
    CREATE INDEX forecast_hours_by_fetch ON forecast_hours(dedupe) WHERE dedupe <> 0;
    PRAGMA legacy_alter_table = OFF;
    """
}
