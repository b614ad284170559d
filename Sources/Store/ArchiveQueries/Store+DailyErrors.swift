internal import SQLiteKit
import SkycastModel

extension Store {
  /// Hands `body` the daily mean absolute error of the selected forecasts against the
  /// observation source `observations`, one row per city, model, lead day and local valid date,
  /// in that order. Forecasts without an observation of their valid time are left out.
  ///
  /// - Parameter leadDay: only this lead day; nil for every lead day ≥ 0.
  public func forEachDailyError(
    _ selection: ArchiveSelection, observations: String, leadDay: Int? = nil,
    _ body: (DailyErrorRow) throws -> Void
  ) throws {
    let v = selection.variable.column
    let leadDayColumn = selection.isDaily ? "f.lead_days" : "f.lead_hours / 24"
    let join =
      selection.isDaily
      ? "daily_observations AS o ON o.city_id = f.city_id AND o.source = :obs AND o.date = f.date"
      : "hourly_observations AS o ON o.city_id = f.city_id AND o.source = :obs AND o.valid_at = f.valid_at"
    var conditions = ArchiveSQL.conditions(selection) + ["o.\(v) IS NOT NULL"]
    if leadDay != nil { conditions.append("\(leadDayColumn) = :lead_day") }
    let date = ArchiveSQL.date(selection)
    let sql = """
      SELECT f.city_id, f.model, \(leadDayColumn) AS error_lead_day, \(date) AS error_date,
        avg(abs(f.\(v) - o.\(v))), count(*)
      FROM \(ArchiveSQL.forecasts(selection)) AS f
      JOIN \(join)
      WHERE \(conditions.joined(separator: "\n  AND "))
      GROUP BY f.city_id, f.model, error_lead_day, error_date
      ORDER BY f.city_id, f.model, error_lead_day, error_date
      """
    var parameters = ArchiveSQL.parameters(selection)
    parameters[":obs"] = .text(observations)
    if let leadDay { parameters[":lead_day"] = .integer(Int64(leadDay)) }
    let statement = try database.prepare(sql)
    try statement.bind(named: parameters)
    while try statement.step() {
      try body(
        DailyErrorRow(
          cityID: statement.int64(0) ?? 0, model: statement.text(1) ?? "",
          leadDay: statement.int64(2) ?? 0, date: statement.text(3) ?? "",
          meanAbsoluteError: statement.double(4) ?? .nan, pairs: Int(statement.int64(5) ?? 0)))
    }
  }
}
