internal import SQLiteKit
import SkycastModel

extension Store {
  /// Hands `body` each value of a derived archive paired with what `collect` served for the
  /// same city, model and valid time, ordered by model, lead day, city and valid time.
  ///
  /// The served value of lead day N is the newest `forecast` issue whose lead in hours lies in
  /// [24·N, 24·N + 24): the forecast a user saw about N days ahead. `derived` is
  /// ``FetchSource/previousRuns`` (forecast rows stored with lead 24·N, compared at day N) or
  /// ``FetchSource/analysis(model:)`` (observation rows of the Historical Forecast API, the
  /// stitched first hours of each run, compared at day 0 with the analysis model's forecasts).
  /// Hourly variables only; the selection's sources are ignored.
  public func forEachAuditPair(
    _ selection: ArchiveSelection, derived: FetchSource, _ body: (AuditPair) throws -> Void
  ) throws {
    guard !selection.isDaily else { return }
    let (sql, parameters) = Self.auditPairsStatement(selection, derived: derived)
    let statement = try database.prepare(sql)
    try statement.bind(named: parameters)
    while try statement.step() {
      try body(
        AuditPair(
          cityID: statement.int64(0) ?? 0, model: statement.text(1) ?? "",
          leadDay: statement.int64(2) ?? 0, validAt: statement.int64(3) ?? 0,
          served: statement.double(4) ?? .nan, servedLead: statement.int64(5) ?? 0,
          derived: statement.double(6) ?? .nan))
    }
  }

  /// The statement of ``forEachAuditPair(_:derived:_:)`` and its parameters.
  ///
  /// The derived rows drive the join (`CROSS JOIN`, which SQLite never reorders) and find their
  /// served value through an automatic index on the materialized `served` rows: left to itself
  /// the planner scanned `served` and, per row, every forecast of the city through the primary
  /// key's first column, rows × rows (over six minutes on the demo file; now about a second).
  static func auditPairsStatement(_ selection: ArchiveSelection, derived: FetchSource)
    -> (sql: String, parameters: [String: SQLiteValue])
  {
    let v = selection.variable.column
    var servedSelection = selection
    servedSelection.sources = [.forecast]
    if case .analysis(let model) = derived { servedSelection.models = [model] }
    let served = """
      WITH served AS (
        SELECT f.city_id, f.model, f.valid_at, f.lead_hours / 24 AS lead_day, f.lead_hours,
          f.\(v) AS value,
          row_number() OVER (
            PARTITION BY f.city_id, f.model, f.valid_at, f.lead_hours / 24
            ORDER BY f.issued_at DESC, f.fetch_id DESC) AS newest
        FROM hourly_forecasts AS f
        WHERE \(ArchiveSQL.conditions(servedSelection).joined(separator: "\n    AND "))
      )
      """
    var derivedSelection = servedSelection
    derivedSelection.sources = []
    let sql: String
    switch derived {
    case .analysis:
      var conditions = ["o.source = :derived", "o.\(v) IS NOT NULL"]
      if !selection.cityIDs.isEmpty {
        conditions.append("o.city_id IN (\(ArchiveSQL.list("city", selection.cityIDs.count)))")
      }
      if selection.period != nil { conditions.append("o.valid_date BETWEEN :from AND :to") }
      sql = """
        \(served)
        SELECT o.city_id, s.model, 0, o.valid_at, s.value, s.lead_hours, o.\(v)
        FROM hourly_observations AS o
        CROSS JOIN served AS s
          ON s.city_id = o.city_id AND s.valid_at = o.valid_at AND s.lead_day = 0 AND s.newest = 1
        WHERE \(conditions.joined(separator: "\n  AND "))
        ORDER BY s.model, o.city_id, o.valid_at
        """
    default:
      let conditions =
        ArchiveSQL.conditions(derivedSelection).map {
          $0.replacingOccurrences(of: "f.", with: "d.")
        } + ["d.source = :derived"]
      sql = """
        \(served)
        SELECT d.city_id, d.model, d.lead_hours / 24, d.valid_at, s.value, s.lead_hours, d.\(v)
        FROM hourly_forecasts AS d
        CROSS JOIN served AS s
          ON s.city_id = d.city_id AND s.model = d.model AND s.valid_at = d.valid_at
          AND s.lead_day = d.lead_hours / 24 AND s.newest = 1
        WHERE \(conditions.joined(separator: "\n  AND "))
        ORDER BY d.model, d.lead_hours / 24, d.city_id, d.valid_at
        """
    }
    var parameters = ArchiveSQL.parameters(servedSelection)
    parameters[":derived"] = .text(derived.rawValue)
    return (sql, parameters)
  }
}
