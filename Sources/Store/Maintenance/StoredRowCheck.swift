import SkycastModel

/// One rule every stored row of a table keeps: what a reader needs to decode it (an integer
/// time, a text date, a number where a number belongs) and what import and collection check
/// before they store a value (plausible ranges, `PlausibleTime`, names without control
/// characters). `db check` counts the rows of this file that break a rule; `db merge` leaves
/// out the rows of the other file that do, and counts them.
///
/// Each rule is SQL over one row, so a check reads each table once and a merge filters in the
/// same `INSERT … SELECT` that copies.
package struct StoredRowCheck: Sendable, Equatable {
  /// What a row must hold in one column.
  package enum Rule: Sendable, Equatable {
    /// An INTEGER (never text or real), inside the range when one is given.
    case integer(String, nullable: Bool, range: ClosedRange<Int64>?)
    /// A non-empty TEXT without control or bidi characters (a source, model or variable name).
    case name(String)
    /// A TEXT `YYYY-MM-DD` local date inside `PlausibleTime.dates`.
    case localDate(String)
    /// NULL or a number inside the variable's plausible range (`WeatherVariable.plausibleRange`).
    case value(WeatherVariable)
    /// A BLOB of whole little-endian Float32 members (`EnsembleBlob`).
    case members(String)
    /// NULL or a finite number (a grid coordinate, a call weight).
    case number(String)
    /// NULL or TEXT (an error message, a URL, a hash).
    case text(String)
    /// One of the words a CHECK constraint allows.
    case oneOf(String, [String])
    /// A station id (`Station.isValidID`: 1 to 40 ASCII letters, digits, `-` or `_`), which
    /// becomes a request path and a source name.
    case stationID(String)
    /// TEXT, possibly empty, without control or bidi characters (a station's name).
    case label(String)
    /// A number inside the range (NULL too when `nullable`): an elevation, a difference.
    case bounded(String, ClosedRange<Double>, nullable: Bool)
  }

  /// The table or view the rule reads (`hourly_forecasts` reads `forecast_hours` in its
  /// stored form, with the same columns in every schema version).
  package let table: String
  /// What the column must hold.
  package let rule: Rule

  /// Every table with rules, in the order `db merge` copies them: the fetch log, the tables of
  /// rows that carry values, then the station catalogue and links.
  package static let tables = ["fetches"] + valueTables + stationTables

  /// The station catalogue and the city links: ids, names and elevations with the rules a
  /// station list is read with (`Station.problem`), so a link of before those rules, or one
  /// merged from another file, is reported and never copied.
  package static let stationTables = ["stations", "station_links"]

  /// The tables of rows that carry values, in the order `db merge` copies them.
  package static let valueTables = [
    "hourly_forecasts", "daily_forecasts", "ensemble_forecasts", "current_conditions",
    "hourly_observations", "daily_observations",
  ]

  /// The rules of `table` (empty for a table without value rows).
  package static func checks(of table: String) -> [StoredRowCheck] {
    let instant = PlausibleTime.instants
    let hour: ClosedRange<Int64> = 0...23
    let city = Rule.integer("city_id", nullable: false, range: nil)
    let rules: [Rule] =
      switch table {
      case "fetches":
        [
          .integer("id", nullable: false, range: nil),
          .integer("city_id", nullable: true, range: nil), .name("source"), .name("model"),
          .integer("requested_at", nullable: false, range: instant),
          .integer("issued_at", nullable: true, range: instant),
          .oneOf("status", ["ok", "failed"]), .integer("http_status", nullable: true, range: nil),
          .text("error"), .text("url"), .integer("utc_offset_seconds", nullable: true, range: nil),
          .number("grid_latitude"), .number("grid_longitude"), .number("grid_elevation"),
          .number("call_weight"), .integer("bytes", nullable: true, range: nil),
          .text("body_sha256"), .integer("rows", nullable: false, range: nil),
        ]
      case "hourly_forecasts":
        [
          city,
          .integer("fetch_id", nullable: false, range: nil), .name("source"), .name("model"),
          .integer("issued_at", nullable: false, range: instant),
          .integer("valid_at", nullable: false, range: instant),
          .integer("lead_hours", nullable: false, range: nil),
        ] + WeatherVariable.with(.hourlyForecast).map(Rule.value)
      case "daily_forecasts":
        [
          city,
          .integer("fetch_id", nullable: false, range: nil), .name("source"), .name("model"),
          .integer("issued_at", nullable: false, range: instant), .localDate("date"),
          .integer("lead_days", nullable: false, range: nil),
        ] + WeatherVariable.with(.dailyForecast).map(Rule.value)
      case "ensemble_forecasts":
        [
          city,
          .integer("fetch_id", nullable: false, range: nil), .name("model"), .name("variable"),
          .integer("issued_at", nullable: false, range: instant),
          .integer("valid_at", nullable: false, range: instant),
          .integer("lead_hours", nullable: false, range: nil), .members("members"),
        ]
      case "current_conditions":
        [
          city,
          .integer("fetch_id", nullable: false, range: nil), .name("model"),
          .integer("time", nullable: false, range: instant),
        ] + WeatherVariable.with(.current).map(Rule.value)
      case "hourly_observations":
        [
          city,
          .name("source"), .integer("valid_at", nullable: false, range: instant),
          .localDate("valid_date"), .integer("valid_hour", nullable: false, range: hour),
          .integer("fetch_id", nullable: true, range: nil),
          .integer("fetched_at", nullable: true, range: nil),
        ] + WeatherVariable.with(.hourlyObservation).map(Rule.value)
      case "daily_observations":
        [
          city,
          .name("source"), .localDate("date"), .integer("fetch_id", nullable: true, range: nil),
          .integer("fetched_at", nullable: true, range: nil),
        ] + WeatherVariable.with(.dailyObservation).map(Rule.value)
      case "stations":
        [
          .stationID("id"), .label("name"),
          .bounded("elevation", Station.elevations, nullable: true),
        ]
      case "station_links":
        [
          .stationID("station_id"), .label("name"),
          .bounded("elevation", Station.elevations, nullable: true),
          .bounded(
            "elevation_difference_m",
            (Station.elevations.lowerBound - Station.elevations.upperBound)...(Station.elevations
              .upperBound - Station.elevations.lowerBound), nullable: true),
        ]
      default: []
      }
    return rules.map { StoredRowCheck(table: table, rule: $0) }
  }

  /// The column the rule reads.
  package var column: String {
    switch rule {
    case .integer(let column, _, _), .name(let column), .localDate(let column),
      .members(let column), .number(let column), .text(let column), .oneOf(let column, _),
      .stationID(let column), .label(let column), .bounded(let column, _, _):
      column
    case .value(let variable): variable.column
    }
  }

  /// What a breaking row holds, in words: "temperature_2m outside -80…60 °C or not a number".
  package var problem: String {
    switch rule {
    case .integer(let column, let nullable, let range):
      "\(column) not an integer"
        + (range.map {
          $0 == PlausibleTime.instants
            ? " time in \(PlausibleTime.description)" : " in \($0.lowerBound)…\($0.upperBound)"
        } ?? "")
        + (nullable ? "" : " (or missing)")
    case .name(let column): "\(column) empty, not text, or with control characters"
    case .localDate(let column): "\(column) not a date in \(PlausibleTime.description)"
    case .value(let variable):
      "\(variable.column) not a number in \(variable.plausibleRangeText)"
    case .members(let column): "\(column) not a whole number of Float32 members"
    case .number(let column): "\(column) not a number"
    case .text(let column): "\(column) not text"
    case .oneOf(let column, let words):
      "\(column) not one of \(words.joined(separator: ", "))"
    case .stationID(let column):
      "\(column) not a station id (1 to \(Station.maximumIDLength) letters, digits, - or _)"
    case .label(let column): "\(column) not text, or with control characters"
    case .bounded(let column, let range, _):
      "\(column) not a number in \(Self.bound(range.lowerBound))…\(Self.bound(range.upperBound))"
    }
  }

  /// SQL that is true for a row of `alias` that breaks the rule (and false, never NULL, for one
  /// that keeps it, so `NOT (…)` keeps exactly the good rows).
  package func failing(_ alias: String) -> String {
    let column = "\(alias).\(self.column)"
    switch rule {
    case .integer(_, let nullable, let range):
      var good = "typeof(\(column)) = 'integer'"
      if let range { good += " AND \(column) BETWEEN \(range.lowerBound) AND \(range.upperBound)" }
      return nullable ? "(\(column) IS NOT NULL AND NOT (\(good)))" : "(NOT (\(good)))"
    case .name:
      return
        "(typeof(\(column)) <> 'text' OR \(column) = '' OR \(column) GLOB \(Self.unsafeCharacters))"
    case .localDate:
      let dates = PlausibleTime.dates
      return """
        (typeof(\(column)) <> 'text' OR date(\(column)) IS NOT \(column) \
        OR \(column) NOT BETWEEN '\(dates.lowerBound)' AND '\(dates.upperBound)')
        """
    case .value(let variable):
      let range = variable.plausibleRange
      return """
        (\(column) IS NOT NULL AND NOT (typeof(\(column)) IN ('integer', 'real') \
        AND \(column) BETWEEN \(range.lowerBound) AND \(range.upperBound)))
        """
    case .members:
      return "(typeof(\(column)) <> 'blob' OR length(\(column)) = 0 OR length(\(column)) % 4 <> 0)"
    case .number:
      return
        "(\(column) IS NOT NULL AND NOT (typeof(\(column)) IN ('integer', 'real') AND abs(\(column)) < 1e300))"
    case .text:
      return "(\(column) IS NOT NULL AND typeof(\(column)) <> 'text')"
    case .oneOf(_, let words):
      return
        "(coalesce(\(column) NOT IN (\(words.map { "'\($0)'" }.joined(separator: ", "))), 1))"
    case .stationID:
      return """
        (typeof(\(column)) <> 'text' OR length(\(column)) NOT BETWEEN 1 AND \(Station.maximumIDLength) \
        OR \(column) GLOB '*[^A-Za-z0-9_-]*')
        """
    case .label:
      return "(typeof(\(column)) <> 'text' OR \(column) GLOB \(Self.unsafeCharacters))"
    case .bounded(_, let range, let nullable):
      let good =
        "typeof(\(column)) IN ('integer', 'real') AND \(column) BETWEEN \(range.lowerBound) AND \(range.upperBound)"
      return nullable ? "(\(column) IS NOT NULL AND NOT (\(good)))" : "(NOT (\(good)))"
    }
  }

  /// `-500` rather than `-500.0` for a whole bound.
  static func bound(_ value: Double) -> String {
    value == value.rounded() && abs(value) < 1e15
      ? String(Int64(value)) : NumberText.shortest(value)
  }

  /// A GLOB pattern that matches text holding a character `TerminalSafe` escapes (C0 and C1
  /// controls, DEL and the bidi controls), built from `char()` so the SQL text stays plain.
  static let unsafeCharacters =
    "('*[' || char(1) || '-' || char(31) || char(127) || '-' || char(159) || char(1564) "
    + "|| char(8206) || char(8207) || char(8234) || '-' || char(8238) || char(8294) || '-' "
    + "|| char(8297) || ']*')"
}
