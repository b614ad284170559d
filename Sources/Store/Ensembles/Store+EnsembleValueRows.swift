internal import SQLiteKit
import SkycastModel

extension Store {
  /// Every (city, model) of `ensemble_forecasts`, in key order, by key searches from one series
  /// to the next (the city's next model, else the next city's first), so listing them reads a
  /// few pages rather than the table. The row value `(city_id, model) > (?, ?)` read it: SQLite
  /// seeks on `city_id` alone and filters every row of the city by the model.
  package func ensembleSeries() throws -> [EnsembleSeries] {
    let firstOfCity = try database.prepare(
      """
      SELECT city_id, model FROM ensemble_forecasts WHERE city_id > ?
      ORDER BY city_id, model LIMIT 1
      """)
    let nextOfCity = try database.prepare(
      """
      SELECT model FROM ensemble_forecasts WHERE city_id = ? AND model > ?
      ORDER BY model LIMIT 1
      """)
    var result: [EnsembleSeries] = []
    var city = Int64.min
    while true {
      firstOfCity.reset()
      try firstOfCity.bind([.integer(city)])
      guard try firstOfCity.step() else { break }
      city = firstOfCity.int64(0) ?? 0
      var model = firstOfCity.text(1) ?? ""
      result.append(EnsembleSeries(cityID: city, model: model))
      while true {
        nextOfCity.reset()
        try nextOfCity.bind([.integer(city), .text(model)])
        guard try nextOfCity.step() else { break }
        model = nextOfCity.text(0) ?? ""
        result.append(EnsembleSeries(cityID: city, model: model))
      }
    }
    return result
  }

  /// The cursor over the stored values of `variable` (leads ≥ 0 unless `includePast`), with the
  /// deterministic forecast of `referenceModel` (source `forecast`) issued at the same time for
  /// the same valid time, the latest fetch of it, when one is named.
  package func ensembleValueRows(
    variable: WeatherVariable, includePast: Bool, referenceModel: String?
  ) throws -> EnsembleValueRows {
    var conditions = ["e.city_id = ?", "e.model = ?", "e.variable = ?"]
    if !includePast { conditions.append("e.lead_hours >= 0") }
    let reference =
      referenceModel == nil
      ? "NULL"
      : """
      (SELECT d.\(variable.column) FROM hourly_forecasts d WHERE d.city_id = e.city_id
        AND d.source = \(FetchSource.forecast.sqlLiteral) AND d.model = ? AND d.valid_at = e.valid_at
        AND d.issued_at = e.issued_at ORDER BY d.fetch_id DESC LIMIT 1)
      """
    let statement = try database.prepare(
      """
      SELECT e.valid_at, e.lead_hours, e.members, \(reference)
      FROM ensemble_forecasts e
      WHERE \(conditions.joined(separator: " AND "))
      ORDER BY e.valid_at, e.issued_at, e.fetch_id
      """)
    return EnsembleValueRows(
      statement: statement, variable: variable.column, referenceModel: referenceModel)
  }
}
