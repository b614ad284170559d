internal import SQLiteKit
import SkycastModel

extension Store {
  /// How many stored forecast hours match the filters, how many of them came from a fetch that
  /// recorded its model run (`run_at`), and the mean age of those runs when fetched
  /// (`requested_at − run_at`, seconds, one value per fetch: how stale the served forecasts
  /// were): what `--lead-from`'s default and comment rest on.
  ///
  /// When no fetch recorded a run, nothing is counted and the result is `(0, 0, nil)`.
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
    // Most archives hold no fetch with a recorded run (the API reports none for most models):
    // then no forecast hour has a known run, and the callers read `hours` only beside
    // `withRun`, so the pass over every forecast hour is skipped.
    let anyRun = try database.query(
      "SELECT EXISTS (SELECT 1 FROM fetches WHERE run_at IS NOT NULL)")
    guard anyRun.first?[0].int64Value == 1 else { return (0, 0, nil) }
    let filter = conditions.isEmpty ? "" : " WHERE " + conditions.joined(separator: " AND ")
    // One pass over the hours, counted per fetch (a fetch's hours lie together in the primary
    // key's order, so the dictionary sees each fetch about once per city and series), then the
    // fetches' runs: no per-hour join and no temporary index of a million fetch ids.
    var hoursPerFetch: [Int64: Int] = [:]
    var hours = 0
    let statement = try database.prepare(
      """
      SELECT coalesce(f.fetch_id, f.dedupe)
      FROM forecast_hours AS f CROSS JOIN forecast_series AS s ON s.id = f.series_id\(filter)
      """)
    try statement.bind(bindings)
    var (current, count): (Int64, Int) = (0, 0)
    while try statement.step() {
      let fetch = statement.int64(0) ?? 0
      if fetch != current || count == 0 {
        if count > 0 { hoursPerFetch[current, default: 0] += count }
        (current, count) = (fetch, 0)
      }
      count += 1
      hours += 1
    }
    if count > 0 { hoursPerFetch[current, default: 0] += count }
    var withRun = 0
    var (ages, fetches) = (0.0, 0)
    for row in try database.query(
      "SELECT id, requested_at - run_at FROM fetches WHERE run_at IS NOT NULL")
    {
      guard let id = row[0].int64Value, let hoursOfFetch = hoursPerFetch[id] else { continue }
      withRun += hoursOfFetch
      if let age = row[1].doubleValue {
        ages += age
        fetches += 1
      }
    }
    return (hours, withRun, fetches > 0 ? ages / Double(fetches) : nil)
  }
}
