import Store

extension VerifySQL {
  /// The reference values of percentile thresholds (`--threshold p90`): every non-NULL
  /// observation of the request's source, variable, cities (all when none are selected) and
  /// period (local dates; all stored without one), with flags and the lapse rate applied as
  /// the pairs have them. Columns: `city_id, month (MM of the local date), value`.
  public static func climate(_ request: VerifyRequest) -> VerifyStatement {
    let daily = request.variable.frequency == .daily
    let date = daily ? "o.date" : "o.valid_date"
    let value = observedValue(request)
    var conditions = [
      "o.source = \(obs(request, city: "o.city_id"))" + unflagged(request, alias: "o"),
      "\(value) IS NOT NULL",
    ]
    if !request.cityIDs.isEmpty {
      conditions.append("o.city_id IN (\(placeholders("city", request.cityIDs.count)))")
    }
    let period = request.climatePeriod ?? request.period
    if period != nil { conditions.append("\(date) BETWEEN :from AND :to") }
    let sql = """
      SELECT o.city_id, substr(\(date), 6, 2), \(value)
      FROM \(daily ? "daily_observations" : "hourly_observations") AS o
      WHERE \(conditions.joined(separator: " AND "))
      """
    var parameters: [(String, StoreValue)] = [(":obs", .text(obsValue(request)))]
    if let period {
      parameters.append((":from", .text(period.lowerBound.description)))
      parameters.append((":to", .text(period.upperBound.description)))
    }
    for (index, city) in request.cityIDs.enumerated() {
      parameters.append((":city_\(index + 1)", .integer(city)))
    }
    return VerifyStatement(sql: sql, parameters: parameters)
  }
}
