import SkycastModel
import Store

extension VerifySQL {
  // MARK: - Comparison

  /// The paired-loss query of `verify --compare`: per group and local valid date, the number of
  /// cases both sides forecast (`n`), the sums of their losses (`loss_a`, `loss_b`) and the
  /// largest lead bucket (`max_bucket`), in key and date (`valid_day`) order.
  ///
  /// A case is a city, valid time (daily: local date) and lead bucket (lead day, or lead hour
  /// with `--by lead`), and also a source when models are compared. Each side's loss for a case
  /// is the mean loss of its forecasts there (several issues can share a bucket), squared or
  /// absolute error against the `:obs` observation (angles on the circle; for `wind_vector_10m`
  /// the squared or plain length of the vector error, speed and direction both needed on both
  /// sides); only cases where
  /// both sides have a scored forecast are kept, so both scores come from exactly the same
  /// cases. Each side reads its forecasts as scores do (forecasts outside, observation by primary
  /// key).
  public static func comparison(_ request: ComparisonRequest) -> VerifyStatement {
    let base = request.base
    let tables = Tables(base.variable.frequency)
    let v = base.variable.column
    let ov = VerifySQL.observedValue(base)
    let loss: String
    if base.vectorWind {
      // |V_f − V_o|² (or its root) with u = −s·sin θ, v = −s·cos θ: the scores are then MET's
      // vector RMSE (or the mean vector error length).
      let d = WeatherVariable.windDirection10m.column
      func component(_ function: String) -> String {
        "(\(ov) * \(function)(radians(o.\(d))) - f.\(v) * \(function)(radians(f.\(d))))"
      }
      let squared =
        "(\(component("sin")) * \(component("sin")) + \(component("cos")) * \(component("cos")))"
      loss = request.loss == .se ? squared : "sqrt\(squared)"
    } else {
      let error =
        base.isCircular ? circularDifference("f.\(v)", "\(ov)") : "(f.\(v) - \(ov))"
      loss = request.loss == .se ? "\(error) * \(error)" : "abs\(error)"
    }
    let bucket: String =
      tables.isDaily
      ? "f.lead_days"
      : request.bucketsByHour
        ? leadHours(base)
        : (VerifyKey.leadDay.sql(for: .hourly, leadHours: leadHours(base)) ?? "f.lead_hours / 24")
    let hour = tables.isDaily ? "NULL" : "f.valid_hour"
    let source = request.comparesModels ? "f.source AS source, " : ""
    let sourceGroup = request.comparesModels ? "f.source, " : ""

    func side(_ name: String, _ selection: ComparisonRequest.Side) -> String {
      var conditions = filters(base, tables: tables)
      switch selection {
      case .model: conditions.append("f.model = :\(name)")
      case .source: conditions.append("f.source = :\(name)")
      case .series: conditions += ["f.source = :\(name)", "f.model = :\(name)_model"]
      }
      conditions += ["f.\(v) IS NOT NULL", "\(ov) IS NOT NULL"]
      if base.vectorWind {
        let d = WeatherVariable.windDirection10m.column
        conditions += ["f.\(d) IS NOT NULL", "o.\(d) IS NOT NULL"]
      }
      return """
        \(name) AS (
          SELECT f.city_id AS city_id, \(source)f.\(tables.valid) AS valid, \(bucket) AS bucket,
            min(f.\(tables.date)) AS valid_date, min(\(hour)) AS valid_hour, avg(\(loss)) AS loss
          FROM \(tables.forecasts) AS f
        \(runJoin(base, onStoredHours: false))  CROSS JOIN \(tables.observations) AS o
            ON o.city_id = f.city_id AND o.source = \(obs(base, city: "f.city_id"))\(unflagged(base, alias: "o")) AND o.\(tables.valid) = f.\(tables.valid)
          WHERE \(conditions.joined(separator: "\n      AND "))
          GROUP BY f.city_id, \(sourceGroup)f.\(tables.valid), bucket)
        """
    }

    let keys = request.keys.enumerated().map { index, key -> String in
      let expression: String
      switch key {
      case .city: expression = "a.city_id"
      case .source: expression = "a.source"
      case .lead, .leadDay: expression = "a.bucket"
      case .month: expression = "substr(a.valid_date, 1, 7)"
      case .validHour: expression = "a.valid_hour"
      case .season: expression = VerifyKey.seasonSQL(date: "a.valid_date", city: "a.city_id")
      case .obsRange: expression = "NULL"  // the command refuses it with --compare
      case .model: expression = "NULL"
      }
      return "\(expression) AS k\(index)"
    }
    var groups = request.keys.indices.map { "k\($0)" }
    groups.append("valid_day")
    let columns =
      keys + [
        "a.valid_date AS valid_day", "count(*) AS n", "total(a.loss) AS loss_a",
        "total(b.loss) AS loss_b", "max(a.bucket) AS max_bucket",
      ]
    let sourceMatch = request.comparesModels ? " AND b.source = a.source" : ""
    let sql = """
      WITH \(side("side_a", request.a)),
      \(side("side_b", request.b))
      SELECT \(columns.joined(separator: ",\n  "))
      FROM side_a AS a
      JOIN side_b AS b
        ON b.city_id = a.city_id\(sourceMatch) AND b.valid = a.valid AND b.bucket = a.bucket
      GROUP BY \(groups.joined(separator: ", "))
      ORDER BY \(groups.joined(separator: ", "))
      """
    var parameters = parameters(base, threshold: false, observations: true)
    for (name, side) in [("side_a", request.a), ("side_b", request.b)] {
      if case .series(let source, let model) = side {
        parameters.append((":\(name)", .text(source.rawValue)))
        parameters.append((":\(name)_model", .text(model)))
      } else {
        parameters.append((":\(name)", .text(side.name)))
      }
    }
    return VerifyStatement(sql: sql, parameters: parameters)
  }
}
