extension Schema {
  // MARK: - Version 8: station catalogue and city links

  /// `stations` caches providers' station lists (one row per provider and id, with the date
  /// the list was loaded, so a stale catalogue can be refreshed on request). `station_links`
  /// records which stations verify which city (`skycast help stations`): several per city, at most one
  /// default (a partial unique index), with the great-circle distance (km) and the elevation
  /// difference (m, station − city) computed when linked. `observation_flags` marks stored
  /// observation values the provider flagged (`import … --keep-suspect`): an hourly value by
  /// `valid_at` (date ''), a daily one by `date` (valid_at 0); `verify` leaves them out unless
  /// `--include-suspect`. Rowid tables, not WITHOUT ROWID, so
  /// DuckDB's SQLite scanner can read them (schema 6).
  static let stationsVersion = """
    CREATE TABLE stations (
      provider TEXT NOT NULL,
      id TEXT NOT NULL,
      name TEXT NOT NULL,
      latitude REAL NOT NULL CHECK (latitude BETWEEN -90 AND 90),
      longitude REAL NOT NULL CHECK (longitude BETWEEN -180 AND 180),
      elevation REAL,
      first_date TEXT,
      last_date TEXT,
      variables TEXT,
      loaded_at INTEGER NOT NULL,
      PRIMARY KEY (provider, id)
    );
    CREATE INDEX stations_by_latitude ON stations (latitude);

    CREATE TABLE station_links (
      city_id INTEGER NOT NULL REFERENCES cities(id) ON DELETE CASCADE,
      provider TEXT NOT NULL,
      station_id TEXT NOT NULL,
      name TEXT NOT NULL,
      latitude REAL NOT NULL,
      longitude REAL NOT NULL,
      elevation REAL,
      distance_km REAL NOT NULL,
      elevation_difference_m REAL,
      is_default INTEGER NOT NULL DEFAULT 0 CHECK (is_default IN (0, 1)),
      linked_at INTEGER NOT NULL,
      PRIMARY KEY (city_id, provider, station_id)
    );
    CREATE UNIQUE INDEX station_links_one_default ON station_links (city_id) WHERE is_default = 1;

    CREATE TABLE observation_flags (
      city_id INTEGER NOT NULL,
      source TEXT NOT NULL,
      variable TEXT NOT NULL,
      valid_at INTEGER NOT NULL DEFAULT 0,
      date TEXT NOT NULL DEFAULT '',
      flag TEXT NOT NULL,
      PRIMARY KEY (city_id, source, variable, valid_at, date)
    );
    """
}
