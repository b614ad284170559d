internal import SQLiteKit
import SkycastModel

extension Store {
  /// How many successful fetches with rows match the filters, how many of them recorded their
  /// model run (`run_at`), and the mean age of those runs when fetched (`requested_at −
  /// run_at`, seconds: how stale the served forecast was): what `--lead-from`'s default and
  /// comment rest on. Empty filters match everything; sources are the data tables' bare names.
  public func runCoverage(sources: [String], models: [String], cityIDs: [Int64]) throws
    -> (fetches: Int, withRun: Int, meanAge: Double?)
  {
    var conditions = ["status = 'ok'", "rows > 0"]
    var bindings: [SQLiteValue] = []
    func inList(_ column: String, _ values: [SQLiteValue]) {
      guard !values.isEmpty else { return }
      conditions.append(
        "\(column) IN (\(Array(repeating: "?", count: values.count).joined(separator: ", ")))")
      bindings += values
    }
    inList("source", sources.map { .text(FetchSource(rawValue: $0).fetchLogValue) })
    inList("model", models.map { .text($0) })
    inList("city_id", cityIDs.map { .integer($0) })
    let row = try database.query(
      "SELECT count(*), count(run_at), avg(requested_at - run_at) FROM fetches WHERE "
        + conditions.joined(separator: " AND "),
      bindings
    ).first
    return (Int(row?[0].int64Value ?? 0), Int(row?[1].int64Value ?? 0), row?[2].doubleValue)
  }
}
