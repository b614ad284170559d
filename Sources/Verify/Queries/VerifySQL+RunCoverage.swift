import Store

extension VerifySQL {
  /// ``Store/pairRunCoverage(_:)``: the pairs of an hourly variable (as ``storedHourPairs(_:)``
  /// selects them) and how many of their forecasts' fetches recorded a run (`run_at`).
  package static func storedHourRunCoverage(_ request: VerifyRequest) -> VerifyStatement {
    let v = request.variable.column
    let ov = VerifySQL.observedValue(request)
    let conditions = storedHourFilters(request) + ["f.\(v) IS NOT NULL", "\(ov) IS NOT NULL"]
    let sql = """
      SELECT count(*), count(fr.run_at)
      FROM forecast_hours AS f
      \(runJoin(request, onStoredHours: true, needsRun: true))      CROSS JOIN hourly_observations AS o
        ON o.city_id = f.city_id AND o.source = \(obs(request, city: "f.city_id"))\(unflagged(request, alias: "o")) AND o.valid_at = f.valid_at
      WHERE \(conditions.joined(separator: "\n  AND "))
      """
    return VerifyStatement(sql: sql, parameters: storedHourParameters(request, observations: true))
  }
}
