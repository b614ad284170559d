import Analysis
internal import SQLiteKit
import SkycastModel

extension Store {
  /// The newest successful ensemble fetch of the city that holds `variable`, as one step per
  /// valid time in `range` (members of all its models pooled), or empty when none is stored.
  /// With `issuedBy`, only fetches requested at or before that instant count.
  public func latestEnsemble(
    cityID: Int64, variable: WeatherVariable, range: Range<Int64>, issuedBy: Int64? = nil
  ) throws -> [EnsembleStep] {
    let fetchID: Int64?
    if let issuedBy {
      fetchID = try database.scalarInt(
        """
        SELECT max(e.fetch_id) FROM ensemble_forecasts AS e JOIN fetches AS f ON f.id = e.fetch_id
        WHERE e.city_id = ? AND e.variable = ? AND f.requested_at <= ?
        """, [.integer(cityID), .text(variable.column), .integer(issuedBy)])
    } else {
      fetchID = try database.scalarInt(
        "SELECT max(fetch_id) FROM ensemble_forecasts WHERE city_id = ? AND variable = ?",
        [.integer(cityID), .text(variable.column)])
    }
    guard let fetchID else { return [] }
    let statement = try database.prepare(
      """
      SELECT valid_at, members FROM ensemble_forecasts
      WHERE city_id = ? AND variable = ? AND fetch_id = ? AND valid_at >= ? AND valid_at < ?
      ORDER BY valid_at, model
      """)
    try statement.bind([
      .integer(cityID), .text(variable.column), .integer(fetchID), .integer(range.lowerBound),
      .integer(range.upperBound),
    ])
    var steps: [EnsembleStep] = []
    while try statement.step() {
      let validAt = statement.int64(0) ?? 0
      guard case .blob(let bytes) = statement.value(at: 1), let values = EnsembleBlob.values(bytes)
      else { continue }
      if steps.last?.validAt == validAt {
        steps[steps.count - 1].members += values
      } else {
        steps.append(EnsembleStep(validAt: validAt, members: values))
      }
    }
    return steps
  }

  /// The first valid hour of the city's newest stored ensemble of `variable`, nil when none is
  /// stored (`spark --ensemble` falls back to it when nothing covers the coming week).
  public func latestEnsembleFirstHour(cityID: Int64, variable: WeatherVariable) throws -> Int64? {
    try database.scalarInt(
      """
      SELECT min(valid_at) FROM ensemble_forecasts
      WHERE city_id = ?1 AND variable = ?2 AND fetch_id = (
        SELECT max(fetch_id) FROM ensemble_forecasts WHERE city_id = ?1 AND variable = ?2)
      """, [.integer(cityID), .text(variable.column)])
  }
}
