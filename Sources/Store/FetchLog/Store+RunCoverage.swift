internal import SQLiteKit
import SkycastModel

extension Store {
  /// How many stored forecast hours match the filters, how many of them came from a fetch that
  /// recorded its model run (`run_at`), and the mean age of those runs when fetched
  /// (`requested_at − run_at`, seconds, one value per fetch: how stale the served forecasts
  /// were): what `--lead-from`'s default and comment rest on.
  ///
  /// Only forecasts count: an observation import, a station fetch or an empty fetch has no
  /// forecast hour, so it is neither a fetch "without a known run" nor dilutes the share. Empty
  /// filters match everything; sources are the data tables' bare names.
  public func runCoverage(sources: [String], models: [String], cityIDs: [Int64]) throws
    -> (hours: Int, withRun: Int, meanAge: Double?)
  {
    var conditions: [String] = []
    var bindings: [SQLiteValue] = []
    func inList(_ column: String, _ values: [SQLiteValue]) {
      guard !values.isEmpty else { return }
      conditions.append(
        "\(column) IN (\(Array(repeating: "?", count: values.count).joined(separator: ", ")))")
      bindings += values
    }
    inList("s.source", sources.map { .text($0) })
    inList("s.model", models.map { .text($0) })
    inList("f.city_id", cityIDs.map { .integer($0) })
    let filter = conditions.isEmpty ? "" : " WHERE " + conditions.joined(separator: " AND ")
    let row = try database.query(
      """
      WITH hours AS (
        SELECT coalesce(f.fetch_id, f.dedupe) AS fetch_id
        FROM forecast_hours AS f CROSS JOIN forecast_series AS s ON s.id = f.series_id\(filter))
      SELECT count(*), count(fr.run_at),
        (SELECT avg(requested_at - run_at) FROM fetches
         WHERE id IN (SELECT fetch_id FROM hours) AND run_at IS NOT NULL)
      FROM hours LEFT JOIN fetches AS fr ON fr.id = hours.fetch_id
      """,
      bindings
    ).first
    return (Int(row?[0].int64Value ?? 0), Int(row?[1].int64Value ?? 0), row?[2].doubleValue)
  }
}
