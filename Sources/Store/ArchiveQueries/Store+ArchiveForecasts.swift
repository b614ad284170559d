internal import SQLiteKit
import SkycastModel

extension Store {
  /// Hands `body` every selected forecast with a value and a lead ≥ 0, ordered by city, source,
  /// model, valid time (instant, or local date for a daily variable), then issue time (ties by
  /// fetch): each valid time's issues arrive together, oldest first.
  ///
  /// Related SQLite documentation: <https://www.sqlite.org/lang_select.html#orderby>
  public func forEachArchiveForecast(
    _ selection: ArchiveSelection, _ body: (ArchiveForecast) throws -> Void
  ) throws {
    let valid = selection.isDaily ? "0" : "f.valid_at"
    let sql = """
      SELECT f.city_id, f.source, f.model, \(valid), \(ArchiveSQL.date(selection)), f.issued_at,
        \(ArchiveSQL.lead(selection)), f.\(selection.variable.column)
      FROM \(ArchiveSQL.forecasts(selection)) AS f
      WHERE \(ArchiveSQL.conditions(selection).joined(separator: "\n  AND "))
      ORDER BY f.city_id, f.source, f.model, \(selection.isDaily ? "f.date" : "f.valid_at"),
        f.issued_at, f.fetch_id
      """
    let statement = try database.prepare(sql)
    try statement.bind(named: ArchiveSQL.parameters(selection))
    while try statement.step() {
      try body(
        ArchiveForecast(
          cityID: statement.int64(0) ?? 0, source: FetchSource(rawValue: statement.text(1) ?? ""),
          model: statement.text(2) ?? "", validAt: statement.int64(3) ?? 0,
          validDate: statement.text(4) ?? "", issuedAt: statement.int64(5) ?? 0,
          lead: statement.int64(6) ?? 0, value: statement.double(7) ?? .nan))
    }
  }
}
