import SkycastModel
import Store

/// `hourly_forecasts_latest` (schema 9: newest issue by GROUP BY, winners read back by key)
/// against the window-function view it replaced (schemas 4–8), both run by the sqlite3 shell on
/// the large history: the whole view, and one city's series as `spark` and `export --latest`
/// read it. Same rows are checked first (count, sum of temperatures in hundredths, sum of fetch ids).
extension Benchmark {
  func latestViews(database: String) throws -> [Figure] {
    let old = "(\(Schema.windowedHourlyLatest))"
    let cases: [(String, String)] = [
      ("whole view", ""),
      (
        "one city",
        " WHERE city_id = 1 AND source = \(FetchSource.forecast.sqlLiteral) AND model = '\(ModelName.bestMatch)'"
      ),
    ]
    var figures: [Figure] = []
    for (label, filter) in cases {
      func sql(_ view: String) -> String {
        "SELECT count(*), sum(CAST(round(temperature_2m * 100) AS INTEGER)), sum(fetch_id) FROM \(view)\(filter)"
      }
      let expected = try shellRow(database, sql(old))
      guard try shellRow(database, sql("hourly_forecasts_latest")) == expected else {
        throw BenchError("hourly_forecasts_latest (\(label)) differs from the windowed view")
      }
      log("latest: \(label), \(expected.first ?? "?") rows")
      let shell = try best(of: 3) { try Subprocess.run(sqlite3, [database, sql(old)]) }
      let ours = try best(of: 3) {
        try Subprocess.run(sqlite3, [database, sql("hourly_forecasts_latest")])
      }
      let ratio = shell.seconds / ours.seconds
      figures.append(
        Figure(
          name:
            "hourly_forecasts_latest, \(label) (\(expected.first ?? "?") rows; vs schema 8's window view)",
          ours: Self.seconds(ours.seconds), baseline: Self.seconds(shell.seconds), ratio: ratio,
          target: "≥ 3× faster", holds: ratio >= 3))
    }
    return figures
  }
}
