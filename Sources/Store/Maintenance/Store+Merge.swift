internal import SQLiteKit
import SkycastModel

/// `skycast db merge`: histories collected on several machines combined into one database.
///
/// Cities match by geonames id, else by the same name within 0.001° (about 100 m) in latitude
/// and longitude; a matched city keeps its values and gets the source's where its own are NULL.
/// A fetch matches one with the same city, source, model, request time and body hash: a matched
/// fetch and its rows are skipped (collected forecast rows are immutable); other fetches are
/// added with new ids, with their forecast and current rows. Observations, and forecast rows
/// keyed on the upsert key (backfills, imports), follow the rule of collecting: NULL never
/// overwrites, and where both sides hold a value the later fetch's wins (`fetched_at`, or the
/// fetch's request time for forecasts). Each file is merged in one transaction, so a failure
/// leaves the database as it was before that file; merging a file again changes nothing.
///
/// What is copied is checked as `city add`, import and collection check it: a file with a city
/// that could not be saved (text coordinates, an unknown time zone, an empty name) or a
/// fetch-log row a reader cannot decode is refused whole; value rows that break a
/// `StoredRowCheck` (9999 °C, a text time) are left out and counted.
extension Store {
  /// Merges the Skycast database at `path` into this one.
  ///
  /// - Throws: `MergeError` for this database itself, a file that is not a Skycast database,
  ///   an empty one or a newer schema (all refused before anything is written).
  public func merge(from path: String) throws -> MergeReport {
    if FileIdentity.same(path, self.path) {
      throw MergeError(description: "\(path) is this database itself; nothing to merge")
    }
    try Self.checkMergeSource(path)
    try database.run("ATTACH DATABASE ? AS merged", [.text(Self.readOnlyURI(path))])
    defer { try? database.execute("DETACH DATABASE merged") }
    try checkMergedStructure(path)
    // One pass over the other file's value tables: the rows the copy below leaves out.
    let refused = try brokenRows(
      in: "merged", tables: StoredRowCheck.valueTables + StoredRowCheck.stationTables)
    return try write {
      defer {
        try? database.execute(
          "DROP TABLE IF EXISTS temp.merge_cities; DROP TABLE IF EXISTS temp.merge_fetches")
      }
      var report = MergeReport(path: path)
      report.rowsRefused = Int(refused.rows)
      report.refusedProblems = refused.rules.map { check, count in
        "\(count) \(check.table) row\(count == 1 ? "" : "s") with \(check.problem)"
      }
      try mergeCities(&report)
      try mergeFetches(&report)
      try mergeHourlyForecasts(&report)
      try mergeForecasts("daily_forecasts", &report)
      try mergeEnsembles(&report)
      try mergeCurrent(&report)
      try mergeObservations("hourly_observations", key: ["city_id", "source", "valid_at"], &report)
      try mergeObservations("daily_observations", key: ["city_id", "source", "date"], &report)
      try mergeStations()
      return report
    }
  }

  /// Refuses what is not a Skycast database at a version this build reads, untouched.
  package static func checkMergeSource(_ path: String) throws {
    let source: Database
    do {
      source = try Database(
        path: readOnlyURI(path), mode: .readOnly,
        configuration: Store.connectionPolicy.deferringJournalMode)
      _ = try source.userVersion()
    } catch {
      throw MergeError(description: "cannot read \(path): it is missing or not a SQLite database")
    }
    do {
      switch try SchemaCheck.recognise(source, path: path) {
      case .empty:
        throw MergeError(description: "\(path) holds no Skycast data (an empty database)")
      case .skycast:
        break
      }
    } catch StoreError.newerSchema(_, let found, let supported) {
      throw MergeError(
        description:
          "\(path) was written by a newer Skycast (schema version \(found); this build understands up to \(supported)); upgrade skycast to merge it"
      )
    } catch StoreError.foreign(_, let reason) {
      throw MergeError(description: "\(path) is not a Skycast database: \(reason)")
    } catch let error as StoreError {
      throw MergeError(description: "cannot read \(path): \(error.reason)")
    }
  }

  /// Refuses a source whose cities or fetch log a reader could not decode or `city add` would
  /// not save: their rows hang off them, so no part of such a file is merged.
  private func checkMergedStructure(_ path: String) throws {
    let cities = try cityProblems(in: "merged")
    let fetches = try brokenRows(in: "merged", tables: ["fetches"]).rules.map {
      "\($0.count) fetch-log row\($0.count == 1 ? "" : "s") with \($0.check.problem)"
    }
    let problems = cities + fetches
    guard let first = problems.first else { return }
    let more = problems.count > 1 ? " (and \(problems.count - 1) more problems)" : ""
    throw MergeError(
      description:
        "\(path) cannot be merged: \(first)\(more); nothing was merged (`skycast db check --db \(path)` lists every problem)"
    )
  }

  /// A `file:` URI that opens `path` read-only (`?` `#` `%` escaped).
  package static func readOnlyURI(_ path: String) -> String {
    var escaped = ""
    for character in path {
      switch character {
      case "?": escaped += "%3F"
      case "#": escaped += "%23"
      case "%": escaped += "%25"
      default: escaped.append(character)
      }
    }
    return "file:" + escaped + "?mode=ro"
  }

  /// The columns of `table` in the main database that the source has too.
  package func sharedColumns(_ table: String) throws -> [String] {
    let main = try database.query("SELECT name FROM pragma_table_info(?)", [.text(table)])
      .compactMap { $0[0].stringValue }
    let other = Set(
      try database.query("SELECT name FROM merged.pragma_table_info(?)", [.text(table)])
        .compactMap { $0[0].stringValue })
    return main.filter { other.contains($0) }
  }

  // MARK: - Cities

  private func mergeCities(_ report: inout MergeReport) throws {
    try database.execute(
      "CREATE TEMP TABLE merge_cities (other_id INTEGER PRIMARY KEY, main_id INTEGER NOT NULL)")
    let columns = try sharedColumns("cities").filter { $0 != "id" }
    let fillable = columns.filter { !["name", "latitude", "longitude", "added_at"].contains($0) }
    let others = try database.query(
      "SELECT id, geonames_id, name, latitude, longitude FROM merged.cities ORDER BY id")
    for row in others {
      guard let otherID = row[0].int64Value else { continue }
      var mainID: Int64?
      if let geonames = row[1].int64Value {
        mainID = try database.scalarInt(
          "SELECT id FROM cities WHERE geonames_id = ?", [.integer(geonames)])
      }
      if mainID == nil {
        mainID = try database.scalarInt(
          """
          SELECT id FROM cities WHERE name = ? AND abs(latitude - ?) < 0.001
            AND abs(longitude - ?) < 0.001 AND (geonames_id IS NULL OR ? IS NULL)
          ORDER BY id LIMIT 1
          """, [row[2], row[3], row[4], row[1]])
      }
      if let mainID {
        report.citiesMatched += 1
        try database.run(
          "UPDATE cities SET "
            + fillable.map {
              "\($0) = coalesce(\($0), (SELECT \($0) FROM merged.cities WHERE id = ?1))"
            }
            .joined(separator: ", ") + " WHERE id = ?2", [.integer(otherID), .integer(mainID)])
        try database.run(
          "INSERT INTO merge_cities VALUES (?, ?)", [.integer(otherID), .integer(mainID)])
      } else {
        report.citiesAdded += 1
        let list = columns.joined(separator: ", ")
        try database.run(
          "INSERT INTO cities (\(list)) SELECT \(list) FROM merged.cities WHERE id = ?",
          [.integer(otherID)])
        try database.run(
          "INSERT INTO merge_cities VALUES (?, ?)",
          [.integer(otherID), .integer(database.lastInsertRowID)])
      }
    }
  }

  // MARK: - Fetches

  private func mergeFetches(_ report: inout MergeReport) throws {
    try database.execute(
      """
      CREATE TEMP TABLE merge_fetches (
        other_id INTEGER PRIMARY KEY, main_id INTEGER, added INTEGER NOT NULL DEFAULT 0);
      INSERT INTO merge_fetches (other_id, main_id)
        SELECT o.id, (SELECT m.id FROM main.fetches AS m
          WHERE m.city_id IS c.main_id AND m.source = o.source AND m.model = o.model
            AND m.requested_at = o.requested_at AND m.body_sha256 IS o.body_sha256
          ORDER BY m.id LIMIT 1)
        FROM merged.fetches AS o LEFT JOIN merge_cities AS c ON c.other_id = o.city_id;
      """)
    report.fetchesMatched = Int(
      try database.scalarInt("SELECT count(*) FROM merge_fetches WHERE main_id IS NOT NULL") ?? 0)
    let base = try database.scalarInt("SELECT coalesce(max(id), 0) FROM main.fetches") ?? 0
    // New ids after the existing ones, in the source's order.
    try database.run(
      """
      UPDATE merge_fetches SET added = 1, main_id = ? + n.rank
      FROM (SELECT other_id, row_number() OVER (ORDER BY other_id) AS rank
            FROM merge_fetches WHERE main_id IS NULL) AS n
      WHERE n.other_id = merge_fetches.other_id
      """, [.integer(base)])
    report.fetchesAdded = database.changes
    let columns = try sharedColumns("fetches").filter { $0 != "id" && $0 != "city_id" }
    try database.execute(
      """
      INSERT INTO main.fetches (id, city_id, \(columns.joined(separator: ", ")))
        SELECT f.main_id, c.main_id, \(columns.map { "o." + $0 }.joined(separator: ", "))
        FROM merged.fetches AS o JOIN merge_fetches AS f ON f.other_id = o.id AND f.added = 1
        LEFT JOIN merge_cities AS c ON c.other_id = o.city_id
        ORDER BY o.id
      """)
  }

  // MARK: - Rows

  /// The rows of added fetches; rows keyed on the upsert key that exist already take values
  /// by the collecting rule (the later fetch's request time decides).
  private func mergeForecasts(_ table: String, _ report: inout MergeReport) throws {
    let valid = table == "hourly_forecasts" ? "valid_at" : "date"
    let key = ["city_id", "source", "model", "issued_at", valid]
    let columns = try sharedColumns(table)
    let values = columns.filter {
      !key.contains($0)
        && !["fetch_id", "valid_date", "valid_hour", "lead_hours", "lead_days"]
          .contains($0)
    }
    let newer =
      "(SELECT requested_at FROM main.fetches WHERE id = excluded.fetch_id) > (SELECT requested_at FROM main.fetches WHERE id = \(table).fetch_id)"
    try mergeRows(
      table: table, checked: table, columns: columns, key: key, values: values,
      provenance: ["fetch_id"], newer: newer,
      from: """
        FROM merged.\(table) AS o JOIN merge_fetches AS f ON f.other_id = o.fetch_id AND f.added = 1
        JOIN merge_cities AS c ON c.other_id = o.city_id
        """,
      conflict:
        "(\(key.joined(separator: ", "))) WHERE source <> \(FetchSource.forecast.sqlLiteral)",
      &report)
    report.rowsSkipped += Int(
      try database.scalarInt(
        """
        SELECT count(*) FROM merged.\(table) AS o
        JOIN merge_fetches AS f ON f.other_id = o.fetch_id AND f.added = 0
        WHERE \(Self.keepsEveryRule(table, alias: "o"))
        """) ?? 0)
  }

  /// The hourly rows of added fetches, read through the source's `hourly_forecasts` (a table
  /// in files from before `forecast_hours`, a view since: the same columns either way) and
  /// stored by series; rows keyed on issue and valid time that exist already take values by
  /// the collecting rule, as in ``mergeForecasts(_:_:)``.
  private func mergeHourlyForecasts(_ report: inout MergeReport) throws {
    try database.execute(
      """
      INSERT INTO main.forecast_series (source, model)
        SELECT DISTINCT o.source, o.model FROM merged.hourly_forecasts AS o
        WHERE NOT EXISTS (
          SELECT 1 FROM main.forecast_series AS s WHERE s.source = o.source AND s.model = o.model)
        ORDER BY 1, 2
      """)
    let derived = ["fetch_id", "source", "model", "valid_date", "valid_hour", "lead_hours"]
    let values = try sharedColumns("hourly_forecasts").filter {
      !ForecastHourColumns.key.contains($0) && !derived.contains($0)
    }
    let collected = "o.source = \(FetchSource.forecast.sqlLiteral)"
    let expressions = [
      "city_id": "c.main_id", "series_id": "s.id", "valid_at": "o.valid_at",
      "issued_at": "o.issued_at", "dedupe": "CASE WHEN \(collected) THEN f.main_id ELSE 0 END",
      "fetch_id": "CASE WHEN \(collected) THEN NULL ELSE f.main_id END",
      "local_hour_shift": """
      coalesce(CAST(round((julianday(o.valid_date) - 2440587.5) * 24) AS INTEGER)
        + o.valid_hour - (o.valid_at - (o.valid_at % 3600 + 3600) % 3600) / 3600, 0)
      """,
      "lead_hours": "o.lead_hours",
    ]
    let columns =
      ForecastHourColumns.key + ["fetch_id", "local_hour_shift", "lead_hours"] + values
    let newer =
      "(SELECT requested_at FROM main.fetches WHERE id = excluded.fetch_id) > (SELECT requested_at FROM main.fetches WHERE id = forecast_hours.fetch_id)"
    try mergeRows(
      table: "forecast_hours", checked: "hourly_forecasts", columns: columns,
      key: ForecastHourColumns.key, values: values,
      provenance: ["fetch_id"], newer: newer,
      from: """
        FROM merged.hourly_forecasts AS o
        JOIN merge_fetches AS f ON f.other_id = o.fetch_id AND f.added = 1
        JOIN merge_cities AS c ON c.other_id = o.city_id
        JOIN main.forecast_series AS s ON s.source = o.source AND s.model = o.model
        """, conflict: "(\(ForecastHourColumns.key.joined(separator: ", ")))",
      expressions: expressions, &report)
    report.rowsSkipped += Int(
      try database.scalarInt(
        """
        SELECT count(*) FROM merged.hourly_forecasts AS o
        JOIN merge_fetches AS f ON f.other_id = o.fetch_id AND f.added = 0
        WHERE \(Self.keepsEveryRule("hourly_forecasts", alias: "o"))
        """) ?? 0)
  }

  /// The ensemble members of added fetches. Their key holds the fetch, so they never meet a
  /// stored row; a source from before ensembles were stored has none.
  private func mergeEnsembles(_ report: inout MergeReport) throws {
    guard try hasTable("ensemble_forecasts", in: "merged") else { return }
    try database.run(
      """
      INSERT INTO main.ensemble_forecasts
        (city_id, model, variable, valid_at, issued_at, fetch_id, lead_hours, members)
      SELECT c.main_id, o.model, o.variable, o.valid_at, o.issued_at, f.main_id, o.lead_hours,
        o.members
      FROM merged.ensemble_forecasts AS o
      JOIN merge_fetches AS f ON f.other_id = o.fetch_id AND f.added = 1
      JOIN merge_cities AS c ON c.other_id = o.city_id
      WHERE \(Self.keepsEveryRule("ensemble_forecasts", alias: "o"))
      """)
    report.rowsAdded += database.changes
    report.rowsSkipped += Int(
      try database.scalarInt(
        """
        SELECT count(*) FROM merged.ensemble_forecasts AS o
        JOIN merge_fetches AS f ON f.other_id = o.fetch_id AND f.added = 0
        WHERE \(Self.keepsEveryRule("ensemble_forecasts", alias: "o"))
        """) ?? 0)
  }

  private func mergeCurrent(_ report: inout MergeReport) throws {
    let columns = try sharedColumns("current_conditions")
    let before = try database.scalarInt("SELECT count(*) FROM current_conditions") ?? 0
    try database.execute(
      """
      INSERT INTO current_conditions (\(columns.joined(separator: ", ")))
        SELECT \(columns.map { $0 == "fetch_id" ? "f.main_id" : $0 == "city_id" ? "c.main_id" : "o." + $0 }.joined(separator: ", "))
        FROM merged.current_conditions AS o
        JOIN merge_fetches AS f ON f.other_id = o.fetch_id AND f.added = 1
        JOIN merge_cities AS c ON c.other_id = o.city_id
        WHERE \(Self.keepsEveryRule("current_conditions", alias: "o"))
      """)
    let after = try database.scalarInt("SELECT count(*) FROM current_conditions") ?? 0
    report.rowsAdded += Int(after - before)
    report.rowsSkipped += Int(
      try database.scalarInt(
        """
        SELECT count(*) FROM merged.current_conditions AS o
        JOIN merge_fetches AS f ON f.other_id = o.fetch_id AND f.added = 0
        WHERE \(Self.keepsEveryRule("current_conditions", alias: "o"))
        """) ?? 0)
  }

  private func mergeObservations(_ table: String, key: [String], _ report: inout MergeReport)
    throws
  {
    let columns = try sharedColumns(table)
    let values = columns.filter {
      !key.contains($0) && !["fetch_id", "fetched_at", "valid_date", "valid_hour"].contains($0)
    }
    try mergeRows(
      table: table, checked: table, columns: columns, key: key, values: values,
      provenance: ["fetch_id", "fetched_at"],
      newer: "coalesce(excluded.fetched_at, 0) > coalesce(\(table).fetched_at, 0)",
      from: """
        FROM merged.\(table) AS o JOIN merge_cities AS c ON c.other_id = o.city_id
        LEFT JOIN merge_fetches AS f ON f.other_id = o.fetch_id
        """, conflict: "(\(key.joined(separator: ", ")))", &report)
  }

  /// The station catalogue, the city links and the provider flags of the other file (schema 8;
  /// an older file has none): catalogue rows kept from the later load; a link the main file
  /// lacks is added, and is the city's default only when the main file has none for it; every
  /// flag is kept, so a value flagged in either file stays out of verification. A catalogue row
  /// or link that breaks a station rule (`StoredRowCheck.stationTables`: an id that is a path,
  /// a name with an ESC, an elevation of 1e19 m) is left out and counted with the refused rows.
  private func mergeStations() throws {
    let tables = Set(
      try database.query("SELECT name FROM merged.sqlite_master WHERE type = 'table'").compactMap {
        $0[0].stringValue
      })
    if tables.contains("stations") {
      try database.execute(
        """
        INSERT INTO stations SELECT * FROM merged.stations AS o
        WHERE \(Self.keepsEveryRule("stations", alias: "o"))
        ON CONFLICT (provider, id) DO UPDATE SET name = excluded.name,
          latitude = excluded.latitude, longitude = excluded.longitude,
          elevation = excluded.elevation, first_date = excluded.first_date,
          last_date = excluded.last_date, variables = excluded.variables,
          loaded_at = excluded.loaded_at
        WHERE excluded.loaded_at > stations.loaded_at
        """)
    }
    if tables.contains("station_links") {
      try database.execute(
        """
        INSERT OR IGNORE INTO station_links
        SELECT c.main_id, o.provider, o.station_id, o.name, o.latitude, o.longitude, o.elevation,
          o.distance_km, o.elevation_difference_m,
          o.is_default AND NOT EXISTS (
            SELECT 1 FROM main.station_links AS m WHERE m.city_id = c.main_id AND m.is_default = 1),
          o.linked_at
        FROM merged.station_links AS o JOIN merge_cities AS c ON c.other_id = o.city_id
        WHERE \(Self.keepsEveryRule("station_links", alias: "o"))
        """)
    }
    if tables.contains("observation_flags") {
      try database.execute(
        """
        INSERT OR IGNORE INTO observation_flags
        SELECT c.main_id, o.source, o.variable, o.valid_at, o.date, o.flag
        FROM merged.observation_flags AS o JOIN merge_cities AS c ON c.other_id = o.city_id
        """)
    }
  }

  /// `INSERT … SELECT … ON CONFLICT DO UPDATE` with the collecting rule (`expressions`: the
  /// selected SQL of columns not copied as they are; rows that break a rule of the `checked`
  /// table are left out): a NULL never overwrites, and a value replaces another only from the
  /// newer side. The update runs only where it changes something, so a second merge writes
  /// nothing.
  private func mergeRows(
    table: String, checked: String, columns: [String], key: [String], values: [String],
    provenance: [String],
    newer: String, from rows: String, conflict: String, expressions: [String: String] = [:],
    _ report: inout MergeReport
  ) throws {
    let selected = columns.map { column -> String in
      if let expression = expressions[column] { return expression }
      return switch column {
      case "city_id": "c.main_id"
      case "fetch_id": "f.main_id"
      default: "o.\(column)"
      }
    }
    let assignments =
      values.map {
        "\($0) = CASE WHEN \(newer) THEN coalesce(excluded.\($0), \($0)) ELSE coalesce(\($0), excluded.\($0)) END"
      } + provenance.map { "\($0) = CASE WHEN \(newer) THEN excluded.\($0) ELSE \($0) END" }
    let differs = values.map {
      "(excluded.\($0) IS NOT NULL AND excluded.\($0) IS NOT \($0) AND (\($0) IS NULL OR \(newer)))"
    }
    let keep = Self.keepsEveryRule(checked, alias: "o")
    let total = try database.scalarInt("SELECT count(*) \(rows) WHERE \(keep)") ?? 0
    let before = try database.scalarInt("SELECT count(*) FROM main.\(table)") ?? 0
    try database.execute(
      """
      INSERT INTO main.\(table) (\(columns.joined(separator: ", ")))
        SELECT \(selected.joined(separator: ", ")) \(rows) WHERE \(keep)
      ON CONFLICT \(conflict) DO UPDATE SET \(assignments.joined(separator: ", "))
        WHERE \(differs.isEmpty ? "0" : differs.joined(separator: " OR "))
      """)
    let changed = database.changes
    let after = try database.scalarInt("SELECT count(*) FROM main.\(table)") ?? 0
    let added = Int(after - before)
    report.rowsAdded += added
    report.rowsUpdated += changed - added
    report.rowsSkipped += Int(total) - changed
  }
}
