import SQLiteKit
import SkycastModel

/// The two streams `verify`'s merge join reads for an hourly variable, written against the
/// documented table names and their primary keys only, so a change of the forecast table's
/// storage (the documented names kept as views) needs changes here and nowhere else.
public enum VerifyStreams {
  /// Column positions of ``forecasts(_:)``. Columns a request does not need are selected as
  /// NULL: SQLite decodes every result column at each step, so an unused column still costs.
  public enum ForecastColumn {
    public static let cityID: Int32 = 0
    public static let validAt: Int32 = 1
    public static let leadHours: Int32 = 2
    public static let value: Int32 = 3
    /// `wind_direction_10m` for the vector wind.
    public static let direction: Int32 = 4
    /// `precipitation_probability` for the Brier score.
    public static let probability: Int32 = 5
    /// For persistence, whose reference is the observation at the issue time.
    public static let issuedAt: Int32 = 6
    public static let source: Int32 = 7
    public static let model: Int32 = 8
    /// For `--by month`.
    public static let validDate: Int32 = 9
    /// For `--by valid-hour`.
    public static let validHour: Int32 = 10
  }

  /// Column positions of ``observations(_:)``.
  public enum ObservationColumn {
    public static let cityID: Int32 = 0
    public static let validAt: Int32 = 1
    public static let validDate: Int32 = 2
    public static let value: Int32 = 3
    public static let direction: Int32 = 4
  }

  /// The request's forecast rows (the same WHERE conditions as the SQL path), in the
  /// forecast table's primary-key order: fetch, city, model, issue time, valid time.
  ///
  /// No ORDER BY on purpose. Within one (fetch, model, issue) run the rows come in valid-time
  /// order, which is all the merge needs; the city and valid-time order of
  /// `hourly_forecasts_by_valid_time` would cost one table search per row for the values (the
  /// index does not hold them), several times slower than this sequential scan of the table.
  public static func forecasts(_ request: VerifyRequest) -> VerifyStatement {
    let tables = VerifySQL.Tables(request.variable.frequency)
    let keys = Set(request.keys)
    func column(_ name: String, if needed: Bool) -> String { needed ? "f.\(name)" : "NULL" }
    let columns = [
      "f.city_id", "f.valid_at", "f.lead_hours", "f.\(request.variable.column)",
      column(WeatherVariable.windDirection10m.column, if: request.vectorWind),
      column(WeatherVariable.precipitationProbability.column, if: request.computesBrier),
      column("issued_at", if: request.skill == .persistence),
      column("source", if: keys.contains(.source)),
      column("model", if: keys.contains(.model)),
      column("valid_date", if: keys.contains(.month)),
      column("valid_hour", if: keys.contains(.validHour)),
    ]
    let sql = """
      SELECT \(columns.joined(separator: ", "))
      FROM hourly_forecasts AS f
      WHERE \(VerifySQL.filters(request, tables: tables).joined(separator: "\n  AND "))
      """
    return VerifyStatement(
      sql: sql, parameters: VerifySQL.parameters(request, threshold: false, observations: false))
  }

  /// The observations of `:obs` by city and valid time (the primary key's order, no sort), with
  /// the local valid date the bootstrap's days are indexed by.
  public static func observations(_ request: VerifyRequest) -> VerifyStatement {
    let direction =
      request.vectorWind ? "o.\(WeatherVariable.windDirection10m.column)" : "NULL"
    var conditions = ["o.source = :obs"]
    if !request.cityIDs.isEmpty {
      conditions.append(
        "o.city_id IN (\(VerifySQL.placeholders("city", request.cityIDs.count)))")
    }
    let sql = """
      SELECT o.city_id, o.valid_at, o.valid_date, o.\(request.variable.column), \(direction)
      FROM hourly_observations AS o
      WHERE \(conditions.joined(separator: " AND "))
      ORDER BY o.city_id, o.valid_at
      """
    var parameters: [(String, SQLiteValue)] = [(":obs", .text(request.observationSource))]
    for (index, city) in request.cityIDs.enumerated() {
      parameters.append((":city_\(index + 1)", .integer(city)))
    }
    return VerifyStatement(sql: sql, parameters: parameters)
  }
}
