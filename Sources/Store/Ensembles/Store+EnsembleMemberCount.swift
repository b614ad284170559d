internal import SQLiteKit
import SkycastModel

extension Store {
  /// The most members any stored value of `variable` has (of `models` and `cityIDs`, all when
  /// empty): the width of a table with one column per member, such as verif's `e0 … eN−1`.
  /// 0 when none is stored.
  ///
  /// The count is the blob length over 4 (``EnsembleBlob``). SQLite answers `length()` of a
  /// column from the record header without loading the blob (`OPFLAG_LENGTHARG` in `vdbe.c`),
  /// so the scan reads the table's pages but none of the members' overflow pages.
  package func ensembleMemberCount(
    variable: WeatherVariable, models: [String] = [], cityIDs: [Int64] = []
  ) throws -> Int {
    var conditions = ["variable = ?"]
    var bindings: [SQLiteValue] = [.text(variable.column)]
    if !models.isEmpty {
      conditions.append("model IN (\(models.map { _ in "?" }.joined(separator: ", ")))")
      bindings += models.map { .text($0) }
    }
    if !cityIDs.isEmpty {
      conditions.append("city_id IN (\(cityIDs.map { _ in "?" }.joined(separator: ", ")))")
      bindings += cityIDs.map { .integer($0) }
    }
    let bytes = try database.scalarInt(
      """
      SELECT max(length(members)) FROM ensemble_forecasts
      WHERE \(conditions.joined(separator: " AND "))
      """, bindings)
    return Int(bytes ?? 0) / 4
  }
}
