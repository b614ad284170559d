import Store

extension VerifySQL {
  // MARK: - Reliability

  /// The probability counts of `verify --reliability`: per group and stored
  /// `precipitation_probability` value `p` (percent), the pairs `n` and how many had the event
  /// observed (`events`, the observed amount `op` `:threshold`). Every forecast with a
  /// probability and an observation counts, whether or not it has an amount. With
  /// ``VerifyRequest/groupsByDay`` the counts are per group, local valid date (`valid_date`)
  /// and value, the days the bootstrap resamples.
  public static func reliability(_ request: VerifyRequest) -> VerifyStatement {
    let tables = Tables(request.variable.frequency)
    let ov = VerifySQL.observedValue(request)
    let keys = request.keys
    let event = request.event ?? VerifyEvent(threshold: 0.1, op: .gt)
    var inner = keys.enumerated().map { index, key in
      "\(key.sql(for: request.variable.frequency, leadHours: leadHours(request)) ?? "NULL") AS k\(index)"
    }
    inner += ["f.precipitation_probability AS p", "\(ov) AS ob"]
    if request.groupsByDay { inner.append("f.\(tables.date) AS valid_date") }
    var conditions = filters(request, tables: tables)
    conditions += ["f.precipitation_probability IS NOT NULL", "\(ov) IS NOT NULL"]
    let groups =
      keys.indices.map { "k\($0)" } + (request.groupsByDay ? ["valid_date"] : []) + ["p"]
    let sql = """
      SELECT \((groups + ["count(*) AS n", "count(CASE WHEN ob \(event.sqlComparisons.event) :threshold THEN 1 END) AS events"]).joined(separator: ",\n  "))
      FROM (
        SELECT \(inner.joined(separator: ",\n    "))
        FROM \(tables.forecasts) AS f
      \(runJoin(request, onStoredHours: false))  CROSS JOIN \(tables.observations) AS o
          ON o.city_id = f.city_id AND o.source = \(obs(request, city: "f.city_id"))\(unflagged(request, alias: "o")) AND o.\(tables.valid) = f.\(tables.valid)
        WHERE \(conditions.joined(separator: "\n    AND "))
      )
      GROUP BY \(groups.joined(separator: ", "))
      """
    var parameters = parameters(request, threshold: false, observations: true)
    parameters.append((":threshold", .real(event.threshold)))
    return VerifyStatement(sql: sql, parameters: parameters)
  }
}
