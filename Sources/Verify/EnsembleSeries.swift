import Store

/// One stored ensemble series: a city and a model, the leading columns of the
/// `ensemble_forecasts` key.
struct EnsembleSeries: Hashable {
  var cityID: Int64
  var model: String
}

extension Verifier {
  /// Every (city, model) of `ensemble_forecasts`, in key order, by one key search per series
  /// (the next pair after the last), so listing them reads a few pages rather than the table.
  func ensembleSeries() throws -> [EnsembleSeries] {
    let first = try store.database.prepare(
      "SELECT city_id, model FROM ensemble_forecasts ORDER BY city_id, model LIMIT 1")
    let next = try store.database.prepare(
      """
      SELECT city_id, model FROM ensemble_forecasts WHERE (city_id, model) > (?, ?)
      ORDER BY city_id, model LIMIT 1
      """)
    var result: [EnsembleSeries] = []
    var statement = first
    while try statement.step() {
      let series = EnsembleSeries(cityID: statement.int64(0) ?? 0, model: statement.text(1) ?? "")
      result.append(series)
      next.reset()
      try next.bind([.integer(series.cityID), .text(series.model)])
      statement = next
    }
    return result
  }
}
