import SkycastModel
import Store

/// SQL text for `verify`, built from a ``VerifyRequest``.
///
/// The text uses only SQLite's built-in functions and named parameters (`:obs`, `:from`, `:to`,
/// `:threshold`, `:source_1`…, `:model_1`…, `:city_1`…), so the same statement runs unchanged in
/// the `sqlite3` shell after `.parameter set` (see ``VerifyStatement/shellScript``) — the
/// benchmark's baseline. Only enum-derived names (variable columns, key expressions) are
/// spliced into the text; every user value is bound.
public enum VerifySQL {
  // MARK: - Scores

  /// The grouped score query: one row per group with the key values `k0`, `k1`, … and the sums
  /// the scores are finished from (``VerifySums``); with ``VerifyRequest/groupsByDay``, one row
  /// per group and local valid date (`valid_date`), the daily sums the bootstrap resamples.
  ///
  /// Pairs are forecast rows joined to the observation of the same city, source `:obs` and
  /// valid time (daily: local date) through the observation table's primary key. Every
  /// forecast row counts in `forecasts`; one without an observation row (an hour the archive has
  /// not delivered yet) or with either side NULL stays out of `n` and every sum, and so is
  /// dropped. The contingency counts use the same pairs (a comparison with NULL is never true).
  /// The Brier sums use every pair with a probability and an observation, forecast amount or
  /// not.
  ///
  /// The join is a `LEFT JOIN`, which in SQLite fixes the loop order: forecasts outside, one
  /// primary-key search of the observations per forecast row. Left to itself the planner can
  /// pick the reverse (scan observations, search forecasts by `city_id` only), which took
  /// longer than 10 minutes on 10 M rows instead of about 20 s.
  ///
  /// Wind directions are differenced on the circle (``CircularError``); `wind_vector_10m` pairs
  /// the wind vectors u = −s·sin θ, v = −s·cos θ: `e` is the speed error, the absolute and
  /// squared errors are |V_f − V_o| and |V_f − V_o|², and MET's VL1L2 sums are added.
  public static func scores(_ request: VerifyRequest) -> VerifyStatement {
    let tables = Tables(request.variable.frequency)
    let v = request.variable.column
    let ov = observedValue(request)
    let keys = request.keys
    var inner = keys.enumerated().map { index, key in
      "\(key.sql(for: request.variable.frequency, leadHours: leadHours(request)) ?? "NULL") AS k\(index)"
    }
    if request.measuresPeriod || request.groupsByDay {
      inner.append("f.\(tables.date) AS valid_date")
    }
    inner.append("o.city_id AS o_row")
    let absolute: String
    let squared: String
    if request.vectorWind {
      let d = WeatherVariable.windDirection10m.column
      let both =
        "f.\(v) IS NOT NULL AND f.\(d) IS NOT NULL AND \(ov) IS NOT NULL AND o.\(d) IS NOT NULL"
      func component(_ side: String, _ function: String) -> String {
        "CASE WHEN \(both) THEN -\(side).\(v) * \(function)(radians(\(side).\(d))) END"
      }
      inner += [
        "CASE WHEN \(both) THEN f.\(v) - \(ov) END AS e",
        "\(component("f", "sin")) AS uf", "\(component("f", "cos")) AS vf",
        "\(component("o", "sin")) AS uo", "\(component("o", "cos")) AS vo",
      ]
      absolute = "sqrt((uf - uo) * (uf - uo) + (vf - vo) * (vf - vo))"
      squared = "((uf - uo) * (uf - uo) + (vf - vo) * (vf - vo))"
    } else {
      inner.append(
        (request.isCircular ? circularDifference("f.\(v)", "\(ov)") : "f.\(v) - \(ov)")
          + " AS e")
      absolute = "abs(e)"
      squared = "e * e"
    }
    inner += [
      "CASE WHEN \(ov) IS NOT NULL THEN f.\(v) END AS fv",
      "CASE WHEN f.\(v) IS NOT NULL THEN \(ov) END AS ov",
    ]
    if request.computesBrier {
      inner += ["f.precipitation_probability AS p", "\(ov) AS ob"]
    }
    if let skill = request.skill {
      inner.append(
        skill == .persistence
          ? "\(observedValue(request, alias: "r")) AS rv" : "r.value AS rv")
    }

    var groups = keys.indices.map { "k\($0)" }
    if request.groupsByDay { groups.append("valid_date") }
    var outer = groups
    outer += [
      "count(*) AS forecasts",
      "count(o_row) AS matched",
      "count(e) AS n",
      "total(e) AS sum_e",
      "total(\(absolute)) AS sum_abs_e",
      "total(\(squared)) AS sum_e2",
    ]
    if request.hasCorrelation {
      outer += [
        "total(fv) AS sum_f",
        "total(ov) AS sum_o",
        "total(fv * fv) AS sum_ff",
        "total(ov * ov) AS sum_oo",
        "total(fv * ov) AS sum_fo",
      ]
    }
    if request.vectorWind {
      outer += [
        "total(uf) AS sum_uf", "total(vf) AS sum_vf", "total(uo) AS sum_uo",
        "total(vo) AS sum_vo", "total(uf * uo + vf * vo) AS sum_uvfo",
        "total(uf * uf + vf * vf) AS sum_uvff", "total(uo * uo + vo * vo) AS sum_uvoo",
      ]
    }
    if request.measuresPeriod, !request.groupsByDay {
      outer += [
        "min(CASE WHEN e IS NOT NULL THEN valid_date END) AS first_date",
        "max(CASE WHEN e IS NOT NULL THEN valid_date END) AS last_date",
      ]
    }
    if let event = request.event {
      let (yes, no) = event.sqlComparisons
      outer += [
        "count(CASE WHEN fv \(yes) :threshold AND ov \(yes) :threshold THEN 1 END) AS a",
        "count(CASE WHEN fv \(yes) :threshold AND ov \(no) :threshold THEN 1 END) AS b",
        "count(CASE WHEN fv \(no) :threshold AND ov \(yes) :threshold THEN 1 END) AS c",
        "count(CASE WHEN fv \(no) :threshold AND ov \(no) :threshold THEN 1 END) AS d",
      ]
      if request.computesBrier {
        // Brier (1950): (p − o)², p the stored percentage as a fraction, o = 1 for an observed
        // event. Percentages outside 0–100 are counted apart, not scored.
        let valid = "ob IS NOT NULL AND p BETWEEN 0 AND 100"
        let error = "(p / 100.0 - (ob \(yes) :threshold))"
        outer += [
          "count(CASE WHEN \(valid) THEN 1 END) AS bs_n",
          "total(CASE WHEN \(valid) THEN \(error) * \(error) END) AS bs_sum",
          "count(CASE WHEN ob IS NOT NULL AND NOT p BETWEEN 0 AND 100 THEN 1 END) AS bs_rejected",
        ]
      }
    }
    if request.skill != nil {
      let reference = request.isCircular ? circularDifference("rv", "ov") : "(rv - ov)"
      outer += [
        "count(CASE WHEN e IS NOT NULL THEN rv END) AS ref_n",
        "total(CASE WHEN rv IS NOT NULL THEN e * e END) AS ref_sum_e2",
        "total(\(reference) * \(reference)) AS ref_sum_r2",
      ]
    }

    var sql = ""
    if request.skill == .climatology {
      sql += climatologyCTE(request, tables: tables) + "\n"
    }
    sql += "SELECT " + outer.joined(separator: ",\n  ") + "\n"
    sql += "FROM (\n  SELECT " + inner.joined(separator: ",\n    ") + "\n"
    sql += "  FROM \(tables.forecasts) AS f\n"
    sql += runJoin(request, onStoredHours: false)
    sql += "  LEFT JOIN \(tables.observations) AS o\n"
    sql +=
      "    ON o.city_id = f.city_id AND o.source = \(obs(request, city: "f.city_id"))\(unflagged(request, alias: "o")) AND o.\(tables.valid) = f.\(tables.valid)\n"
    if let skill = request.skill {
      sql += "  " + referenceJoin(skill, tables: tables, request: request) + "\n"
    }
    sql += "  WHERE " + filters(request, tables: tables).joined(separator: "\n    AND ") + "\n)"
    if !groups.isEmpty {
      sql += "\nGROUP BY " + groups.joined(separator: ", ")
    }
    return VerifyStatement(
      sql: sql, parameters: parameters(request, threshold: true, observations: true))
  }

  /// ((f − o + 540) mod 360) − 180 with SQLite's built-ins only: the shifted difference is
  /// positive for angles in 0–360°, so truncating its quotient by 360 is the floor.
  package static func circularDifference(_ forecast: String, _ observed: String) -> String {
    let shifted = "(\(forecast) - \(observed) + 540)"
    return "(\(shifted) - 360 * CAST(\(shifted) / 360.0 AS INTEGER) - 180)"
  }

  // MARK: - Pairs

  /// The matched pairs behind the scores (both sides non-NULL), in the forecast table's
  /// primary-key order (hourly: city, series, issue time, valid time; daily: fetch, city,
  /// model, issue time, date), which streams without a sort or random reads however many pairs
  /// there are.
  ///
  /// Columns: `city_id, source, model, issued_at, valid_at (daily: date), lead, forecast,
  /// observed, probability` (the stored precipitation probability when
  /// ``VerifyRequest/pairsReadProbability``, else NULL).
  public static func pairs(_ request: VerifyRequest) -> VerifyStatement {
    let tables = Tables(request.variable.frequency)
    if !tables.isDaily { return storedHourPairs(request) }
    let v = request.variable.column
    let ov = observedValue(request)
    let valid = tables.isDaily ? "f.date" : "f.valid_at"
    var conditions = filters(request, tables: tables)
    conditions += ["f.\(v) IS NOT NULL", "\(ov) IS NOT NULL"]
    let sql = """
      SELECT f.city_id, f.source, f.model, f.issued_at, \(valid), f.\(tables.lead), f.\(v), \(ov), NULL
      FROM \(tables.forecasts) AS f
      CROSS JOIN \(tables.observations) AS o
        ON o.city_id = f.city_id AND o.source = \(obs(request, city: "f.city_id"))\(unflagged(request, alias: "o")) AND o.\(tables.valid) = f.\(tables.valid)
      WHERE \(conditions.joined(separator: "\n  AND "))
      ORDER BY f.fetch_id, f.city_id, f.model, f.issued_at, \(valid)
      """
    return VerifyStatement(
      sql: sql, parameters: parameters(request, threshold: false, observations: true))
  }

  // MARK: - Revisions

  /// The forecasts of each valid time in issue order, for revisions: `city_id, source, model,
  /// valid (valid_at or date), lead, valid_date, valid_hour, value`. NULL forecasts are left
  /// out. The order is the `by_valid_time` index's (hourly: the primary key's, by series), so
  /// no sort is needed.
  public static func revisions(_ request: VerifyRequest) -> VerifyStatement {
    let tables = Tables(request.variable.frequency)
    if !tables.isDaily { return storedHourRevisions(request) }
    let v = request.variable.column
    let valid = tables.isDaily ? "f.date" : "f.valid_at"
    let hour = tables.isDaily ? "NULL" : "f.valid_hour"
    var conditions = filters(request, tables: tables)
    conditions.append("f.\(v) IS NOT NULL")
    let sql = """
      SELECT f.city_id, f.source, f.model, \(valid), f.\(tables.lead), f.\(tables.date), \(hour), f.\(v)
      FROM \(tables.forecasts) AS f
      WHERE \(conditions.joined(separator: "\n  AND "))
      ORDER BY f.city_id, f.source, f.model, \(valid), f.issued_at, f.fetch_id
      """
    return VerifyStatement(
      sql: sql, parameters: parameters(request, threshold: false, observations: false))
  }

  // MARK: - Pieces

  /// Table and column names for a frequency.
  package struct Tables {
    package let isDaily: Bool
    package init(_ frequency: WeatherVariable.Frequency) { isDaily = frequency == .daily }
    package var forecasts: String { isDaily ? "daily_forecasts" : "hourly_forecasts" }
    package var observations: String { isDaily ? "daily_observations" : "hourly_observations" }
    /// The pairing column: the instant for hourly rows, the local date for daily rows.
    package var valid: String { isDaily ? "date" : "valid_at" }
    /// The local valid date column.
    package var date: String { isDaily ? "date" : "valid_date" }
    package var lead: String { isDaily ? "lead_days" : "lead_hours" }
  }

  /// The WHERE conditions on the forecast row `f` (always at least one).
  package static func filters(_ request: VerifyRequest, tables: Tables) -> [String] {
    var conditions: [String] = []
    if !request.includePast {
      conditions.append((tables.isDaily ? "f.lead_days" : leadHours(request)) + " >= 0")
    }
    if request.period != nil { conditions.append("f.\(tables.date) BETWEEN :from AND :to") }
    if !request.sources.isEmpty {
      conditions.append("f.source IN (\(placeholders("source", request.sources.count)))")
    }
    if !request.models.isEmpty {
      conditions.append("f.model IN (\(placeholders("model", request.models.count)))")
    }
    if !request.cityIDs.isEmpty {
      conditions.append("f.city_id IN (\(placeholders("city", request.cityIDs.count)))")
    }
    if conditions.isEmpty { conditions.append("1") }
    return conditions
  }

  /// The lead in hours of the hourly forecast row `f`: as stored (from the fetch), or with
  /// `LeadOrigin.run` from the model run where its fetch recorded one (`fr`, ``runJoin``),
  /// floored like `lead_hours` (a run at :00 and a valid time at :30 UTC differ by −0.5 h, lead
  /// −1).
  package static func leadHours(_ request: VerifyRequest) -> String {
    guard request.leadFrom == .run, request.variable.frequency == .hourly else {
      return "f.lead_hours"
    }
    return "coalesce(\(LeadTime.hoursSQL(valid: "f.valid_at", issued: "fr.run_at")), f.lead_hours)"
  }

  /// The fetch of each forecast row (alias `fr`), when leads count from the run: a primary-key
  /// lookup per row. On `forecast_hours` a collected row names its fetch in `dedupe`.
  package static func runJoin(
    _ request: VerifyRequest, onStoredHours: Bool, needsRun: Bool = false
  ) -> String {
    guard request.leadFrom == .run || needsRun, request.variable.frequency == .hourly else {
      return ""
    }
    let fetch = onStoredHours ? "coalesce(f.fetch_id, f.dedupe)" : "f.fetch_id"
    return "  LEFT JOIN fetches AS fr ON fr.id = \(fetch)\n"
  }

  /// The reference forecast's LEFT JOIN (alias `r`).
  package static func referenceJoin(
    _ skill: SkillReference, tables: Tables, request: VerifyRequest
  ) -> String {
    switch (skill, tables.isDaily) {
    case (.persistence, false):
      "LEFT JOIN hourly_observations AS r\n    ON r.city_id = f.city_id AND r.source = \(obs(request, city: "f.city_id"))\(unflagged(request, alias: "r")) AND r.valid_at = f.issued_at"
    case (.persistence, true):
      // The day before the local issue date (date − lead_days − 1): the last complete day.
      "LEFT JOIN daily_observations AS r\n    ON r.city_id = f.city_id AND r.source = \(obs(request, city: "f.city_id"))\(unflagged(request, alias: "r"))\n    AND r.date = date(f.date, printf('%+d days', -1 - f.lead_days))"
    case (.climatology, false):
      "LEFT JOIN climatology AS r\n    ON r.city_id = f.city_id AND r.month = substr(f.valid_date, 6, 2) AND r.hour = f.valid_hour"
    case (.climatology, true):
      "LEFT JOIN climatology AS r\n    ON r.city_id = f.city_id AND r.month = substr(f.date, 6, 2)"
    }
  }

  /// The request's observation filter (`--obs station`, flagged values).
  package static func observationFilter(_ request: VerifyRequest) -> ObservationFilter {
    ObservationFilter(
      fromLinks: request.observationFromLinks, excludeFlagged: request.excludeFlagged,
      excludeTrace: request.excludeTrace)
  }

  /// The observation source of a row of city `city`: `:obs`, or with
  /// `VerifyRequest.observationFromLinks` the city's default linked station's
  /// (`ObservationFilter.source`); a city without one matches nothing.
  package static func obs(_ request: VerifyRequest, city: String) -> String {
    observationFilter(request).source(city: city, parameter: ":obs")
  }

  /// The observed value of the row `o`: as stored, or with `VerifyRequest.lapseRate` a station's
  /// temperature brought to the city's elevation, o + 0.0065 K/m × (station − city elevation)
  /// (the standard atmosphere's 0.65 K per 100 m; ICAO Doc 7488), from the link of the row's
  /// station to its city (no link or no elevation: unchanged).
  package static func observedValue(_ request: VerifyRequest, alias: String = "o") -> String {
    let value = "\(alias).\(request.variable.column)"
    guard request.lapseRate else { return value }
    return
      "(\(value) + 0.0065 * coalesce((SELECT sl.elevation_difference_m FROM station_links AS sl WHERE sl.city_id = \(alias).city_id AND \(ObservationFilter.linkedSource) = \(alias).source), 0))"
  }

  /// ` AND NOT EXISTS (…)`: the observation row `alias` has no provider flag on the verified
  /// variable, nor with vector wind on the direction paired with it
  /// (`VerifyRequest.excludeFlagged`), else nothing.
  package static func unflagged(_ request: VerifyRequest, alias: String) -> String {
    observationFilter(request).unflagged(
      request.vectorWind ? [request.variable, .windDirection10m] : [request.variable],
      alias: alias, daily: request.variable.frequency == .daily)
  }

  /// The value bound to `:obs`: the source, or with links the empty string no row has.
  package static func obsValue(_ request: VerifyRequest) -> String {
    request.observationFromLinks ? "" : request.observationSource
  }

  /// The sample climatology: mean observation per city, calendar month and (hourly) local hour
  /// over the selected period and cities.
  package static func climatologyCTE(_ request: VerifyRequest, tables: Tables) -> String {
    let value = observedValue(request, alias: "c")
    var conditions = [
      "c.source = \(obs(request, city: "c.city_id"))\(unflagged(request, alias: "c"))"
    ]
    if request.period != nil { conditions.append("\(tables.date) BETWEEN :from AND :to") }
    if !request.cityIDs.isEmpty {
      conditions.append("city_id IN (\(placeholders("city", request.cityIDs.count)))")
    }
    let hour = tables.isDaily ? "" : ", valid_hour AS hour"
    let groupHour = tables.isDaily ? "" : ", hour"
    return """
      WITH climatology AS (
        SELECT city_id, substr(\(tables.date), 6, 2) AS month\(hour), avg(\(value)) AS value
        FROM \(tables.observations) AS c
        WHERE \(conditions.joined(separator: " AND "))
        GROUP BY city_id, month\(groupHour))
      """
  }

  package static func placeholders(_ name: String, _ count: Int) -> String {
    (1...count).map { ":\(name)_\($0)" }.joined(separator: ", ")
  }

  /// The named parameters the statement uses, in a stable order.
  static func parameters(
    _ request: VerifyRequest, threshold: Bool, observations: Bool
  ) -> [(String, StoreValue)] {
    var result: [(String, StoreValue)] = []
    if observations { result.append((":obs", .text(obsValue(request)))) }
    if let period = request.period {
      result.append((":from", .text(period.lowerBound.description)))
      result.append((":to", .text(period.upperBound.description)))
    }
    for (index, source) in request.sources.enumerated() {
      result.append((":source_\(index + 1)", .text(source)))
    }
    for (index, model) in request.models.enumerated() {
      result.append((":model_\(index + 1)", .text(model)))
    }
    for (index, city) in request.cityIDs.enumerated() {
      result.append((":city_\(index + 1)", .integer(city)))
    }
    if threshold, let event = request.event {
      result.append((":threshold", .real(event.threshold)))
    }
    return result
  }
}
