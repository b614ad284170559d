import SkycastModel
import Store

/// The observation rows `verify --ensemble` reads: verify's own SQL, run through the Store's
/// row stream.
extension Store {
  /// Calls `body` with each non-NULL observation of `variable` from `source` (of `cityIDs`, all
  /// when empty, and in the local dates of `period`), by city and valid time.
  package func forEachEnsembleObservation(
    variable: WeatherVariable, source: FetchSource, cityIDs: [Int64],
    period: ClosedRange<LocalDate>?, filter: ObservationFilter = ObservationFilter(),
    _ body: (EnsembleObservationRow) throws -> Void
  ) throws {
    let column = variable.column
    var conditions = [
      "o.source = \(filter.source(city: "o.city_id"))" + filter.unflagged([variable], alias: "o"),
      "o.\(column) IS NOT NULL",
    ]
    var bindings: [StoreValue] = [.text(source.rawValue)]
    if !cityIDs.isEmpty {
      conditions.append("o.city_id IN (\(cityIDs.map { _ in "?" }.joined(separator: ", ")))")
      bindings += cityIDs.map { .integer($0) }
    }
    if let period {
      conditions.append("o.valid_date BETWEEN ? AND ?")
      bindings += [.text(period.lowerBound.description), .text(period.upperBound.description)]
    }
    let sql = """
      SELECT o.city_id, o.valid_at, o.valid_date, o.valid_hour, o.\(column)
      FROM hourly_observations o
      WHERE \(conditions.joined(separator: " AND "))
      ORDER BY o.city_id, o.valid_at
      """
    try withRows(sql, arguments: bindings) { rows in
      while try rows.next() {
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
    var bindings: [StoreValue] = [.text(source.rawValue)]
    if let period {
      sql += " AND valid_date BETWEEN ? AND ?"
      bindings += [.text(period.lowerBound.description), .text(period.upperBound.description)]
    }
    sql += " GROUP BY 1, 2, 3"
    return try withRows(sql, arguments: bindings) { row in
      var result: [ObservationNormalRow] = []
      while try row.next() {
        guard let mean = row.double(3), let square = row.double(4) else { continue }
        result.append(
          ObservationNormalRow(
            cityID: row.int64(0) ?? 0, month: row.text(1) ?? "", hour: row.int64(2) ?? 0,
            mean: mean, meanSquare: square))
      }
      return result
    }
  }
}
