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
  package func ensembleVerifyRows(
    variable: WeatherVariable, includePast: Bool, referenceModel: String?
  ) throws -> EnsembleVerifyRows {
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
    return EnsembleVerifyRows(
      statement: statement, variable: variable.column, referenceModel: referenceModel)
  }

  /// Calls `body` with each non-NULL observation of `variable` from `source` (of `cityIDs`, all
  /// when empty, and in the local dates of `period`), by city and valid time.
  package func forEachEnsembleObservation(
    variable: WeatherVariable, source: FetchSource, cityIDs: [Int64],
    period: ClosedRange<LocalDate>?,
    filter: ObservationFilter = ObservationFilter(),
    _ body: (EnsembleObservationRow) throws -> Void
  ) throws {
    let column = variable.column
    var conditions = [
      "o.source = \(filter.source(city: "o.city_id"))" + filter.unflagged([variable], alias: "o"),
      "o.\(column) IS NOT NULL",
    ]
    var bindings: [SQLiteValue] = [.text(source.rawValue)]
    if !cityIDs.isEmpty {
      conditions.append("o.city_id IN (\(cityIDs.map { _ in "?" }.joined(separator: ", ")))")
      bindings += cityIDs.map { .integer($0) }
    }
    if let period {
      conditions.append("o.valid_date BETWEEN ? AND ?")
      bindings += [.text(period.lowerBound.description), .text(period.upperBound.description)]
    }
    let rows = try database.prepare(
      """
      SELECT o.city_id, o.valid_at, o.valid_date, o.valid_hour, o.\(column)
      FROM hourly_observations o
      WHERE \(conditions.joined(separator: " AND "))
      ORDER BY o.city_id, o.valid_at
      """)
    try rows.bind(bindings)
    while try rows.step() {
      let cityID = rows.int64(0) ?? 0
      let validAt = rows.int64(1) ?? 0
      let hour = rows.int64(3) ?? 0
      let value = rows.double(4) ?? .nan
      var row = EnsembleObservationRow(
        cityID: cityID, validAt: validAt, validDate: UnsafeBufferPointer(start: nil, count: 0),
        validHour: hour, value: value)
      // `valid_date` is NOT NULL; were it NULL, the row would come with an empty date.
      let handed: Void? = try rows.withTextBytes(2) {
        row.validDate = $0
        try body(row)
      }
      if handed == nil { try body(row) }
    }
  }

  /// The mean and mean square of the non-NULL observations of `variable` from `source` per
  /// city, calendar month and local hour, over the local dates of `period` (all without one).
  package func observationNormals(
    variable: WeatherVariable, source: FetchSource, period: ClosedRange<LocalDate>?,
    filter: ObservationFilter = ObservationFilter()
  ) throws -> [ObservationNormalRow] {
    let column = variable.column
    var sql = """
      SELECT city_id, substr(valid_date, 6, 2), valid_hour, avg(\(column)),
        avg(\(column) * \(column)), count(*)
      FROM hourly_observations AS o
      WHERE o.source = \(filter.source(city: "o.city_id"))\(filter.unflagged([variable], alias: "o"))
        AND \(column) IS NOT NULL
      """
    var bindings: [SQLiteValue] = [.text(source.rawValue)]
    if let period {
      sql += " AND valid_date BETWEEN ? AND ?"
      bindings += [.text(period.lowerBound.description), .text(period.upperBound.description)]
    }
    sql += " GROUP BY 1, 2, 3"
    return try database.query(sql, bindings).compactMap { row in
      guard let mean = row[3].doubleValue, let square = row[4].doubleValue else { return nil }
      return ObservationNormalRow(
        cityID: row[0].int64Value ?? 0, month: row[1].stringValue ?? "",
        hour: row[2].int64Value ?? 0, mean: mean, meanSquare: square)
    }
  }
}
