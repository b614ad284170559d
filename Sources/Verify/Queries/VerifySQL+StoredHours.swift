import SkycastModel
import Store

/// The hourly statements that read `forecast_hours` (alias `f`) itself rather than the
/// `hourly_forecasts` view, so that they stream in its primary-key order (city, series, issue
/// time, valid time) without a sort, and without formatting a local date per row.
extension VerifySQL {
  /// The request's selection on `forecast_hours AS f`: the same rows as ``filters(_:tables:)``
  /// selects from the view. Source and model become a set of series ids (the subquery runs
  /// once), the period a range of local hour numbers (`:first_hour`, `:last_hour`).
  package static func storedHourFilters(_ request: VerifyRequest) -> [String] {
    var conditions: [String] = []
    if !request.includePast { conditions.append("\(leadHours(request)) >= 0") }
    if request.period != nil {
      conditions.append("\(ForecastHourColumns.localHour("f")) BETWEEN :first_hour AND :last_hour")
    }
    var series: [String] = []
    if !request.sources.isEmpty {
      series.append("source IN (\(placeholders("source", request.sources.count)))")
    }
    if !request.models.isEmpty {
      series.append("model IN (\(placeholders("model", request.models.count)))")
    }
    if !series.isEmpty {
      conditions.append(
        "f.series_id IN (SELECT id FROM forecast_series WHERE \(series.joined(separator: " AND ")))"
      )
    }
    if !request.cityIDs.isEmpty {
      conditions.append("f.city_id IN (\(placeholders("city", request.cityIDs.count)))")
    }
    if conditions.isEmpty { conditions.append("1") }
    return conditions
  }

  /// The parameters of a statement built on ``storedHourFilters(_:)``.
  static func storedHourParameters(_ request: VerifyRequest, observations: Bool) -> [(
    String, StoreValue
  )] {
    var result = parameters(request, threshold: false, observations: observations).filter {
      $0.0 != ":from" && $0.0 != ":to"
    }
    if let period = request.period {
      let hours = ForecastHourColumns.localHours(period)
      result += [
        (":first_hour", .integer(hours.lowerBound)), (":last_hour", .integer(hours.upperBound)),
      ]
    }
    return result
  }

  /// ``pairs(_:)`` of an hourly variable.
  static func storedHourPairs(_ request: VerifyRequest) -> VerifyStatement {
    let v = request.variable.column
    let ov = VerifySQL.observedValue(request)
    let conditions = storedHourFilters(request) + ["f.\(v) IS NOT NULL", "\(ov) IS NOT NULL"]
    let sql = """
      SELECT f.city_id, s.source, s.model, f.issued_at, f.valid_at, \(leadHours(request)), f.\(v), \(ov), \(request.pairsReadProbability ? "f.\(WeatherVariable.precipitationProbability.column)" : "NULL")
      FROM forecast_hours AS f
      \(runJoin(request, onStoredHours: true))      CROSS JOIN forecast_series AS s ON s.id = f.series_id
      CROSS JOIN hourly_observations AS o
        ON o.city_id = f.city_id AND o.source = \(obs(request, city: "f.city_id"))\(unflagged(request, alias: "o")) AND o.valid_at = f.valid_at
      WHERE \(conditions.joined(separator: "\n  AND "))
      ORDER BY \(ForecastHourColumns.key.map { "f." + $0 }.joined(separator: ", "))
      """
    return VerifyStatement(sql: sql, parameters: storedHourParameters(request, observations: true))
  }

  /// ``revisions(_:)`` of an hourly variable: each series' valid times in issue order (ties
  /// of one issue time by fetch, as `dedupe` holds the fetch of collected runs). The table is
  /// stored run by run, so SQLite sorts the selected rows into this order.
  static func storedHourRevisions(_ request: VerifyRequest) -> VerifyStatement {
    let v = request.variable.column
    let conditions = storedHourFilters(request) + ["f.\(v) IS NOT NULL"]
    let sql = """
      SELECT f.city_id, s.source, s.model, f.valid_at, \(leadHours(request)),
        \(ForecastHourColumns.validDate("f")), \(ForecastHourColumns.validHour("f")), f.\(v),
        \(request.runsKnown ? "fr.run_at" : "NULL")
      FROM forecast_hours AS f
      \(runJoin(request, onStoredHours: true, needsRun: request.runsKnown))      CROSS JOIN forecast_series AS s ON s.id = f.series_id
      WHERE \(conditions.joined(separator: "\n  AND "))
      ORDER BY \(ForecastHourColumns.validTimeOrder.map { "f." + $0 }.joined(separator: ", "))
      """
    return VerifyStatement(
      sql: sql, parameters: storedHourParameters(request, observations: false))
  }
}
