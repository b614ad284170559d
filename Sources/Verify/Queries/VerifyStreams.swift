import SkycastModel
import Store

/// The two streams `verify`'s merge join reads for an hourly variable, each in its table's
/// primary-key order.
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
    /// For `--by month`.
    public static let validDate: Int32 = 7
    /// For `--by valid-hour`.
    public static let validHour: Int32 = 8
    /// With `--by source` or `model`: the series, named through ``seriesNames`` (it changes
    /// only between runs of rows).
    public static let seriesID: Int32 = 9
  }

  /// Every forecast series' source and model by id, for the names ``forecasts(_:)`` leaves out.
  public static let seriesNames = "SELECT id, source, model FROM forecast_series"

  /// Column positions of ``observations(_:)``.
  public enum ObservationColumn {
    public static let cityID: Int32 = 0
    public static let validAt: Int32 = 1
    public static let validDate: Int32 = 2
    public static let value: Int32 = 3
    public static let direction: Int32 = 4
  }

  /// The request's forecast rows (the same selection as the SQL path), read from
  /// `forecast_hours` in its primary-key order: city, series, issue time, valid time. Within a
  /// city each series comes run by run, each run in valid-time order: the merge walks the
  /// city's observations beside each run, starting each run with one binary search.
  ///
  /// No ORDER BY and no view: `hourly_forecasts` would join `forecast_series` and format a date
  /// for every row. The source and model filters become a set of series ids (found once), the
  /// period a range of local hour numbers, and the series id, date and hour are only
  /// computed when the request groups by them.
  public static func forecasts(_ request: VerifyRequest) -> VerifyStatement {
    let keys = Set(request.keys)
    let namesSeries = keys.contains(.source) || keys.contains(.model)
    func column(_ name: String, if needed: Bool) -> String { needed ? name : "NULL" }
    let columns = [
      "f.city_id", "f.valid_at", VerifySQL.leadHours(request), "f.\(request.variable.column)",
      column("f.\(WeatherVariable.windDirection10m.column)", if: request.vectorWind),
      column("f.\(WeatherVariable.precipitationProbability.column)", if: request.computesBrier),
      column("f.issued_at", if: request.skill == .persistence),
      column(
        ForecastHourColumns.validDate("f"), if: keys.contains(.month) || keys.contains(.season)),
      column(ForecastHourColumns.validHour("f"), if: keys.contains(.validHour)),
      // Source and model are named from the series id by the reader (``seriesNames``), once
      // per series: joining `forecast_series` here cost a key search for every row.
      column("f.series_id", if: namesSeries),
    ]
    let conditions = VerifySQL.storedHourFilters(request)
    let sql = """
      SELECT \(columns.joined(separator: ", "))
      FROM forecast_hours AS f
      \(VerifySQL.runJoin(request, onStoredHours: true))      WHERE \(conditions.joined(separator: "\n  AND "))
      """
    return VerifyStatement(
      sql: sql, parameters: VerifySQL.storedHourParameters(request, observations: false))
  }

  /// The observations of `:obs` by city and valid time (the primary key's order, no sort), with
  /// the local valid date the bootstrap's days are indexed by.
  public static func observations(_ request: VerifyRequest) -> VerifyStatement {
    let direction =
      request.vectorWind ? "o.\(WeatherVariable.windDirection10m.column)" : "NULL"
    var conditions = [
      "o.source = \(VerifySQL.obs(request, city: "o.city_id"))"
        + VerifySQL.unflagged(request, alias: "o")
    ]
    if !request.cityIDs.isEmpty {
      conditions.append(
        "o.city_id IN (\(VerifySQL.placeholders("city", request.cityIDs.count)))")
    }
    let sql = """
      SELECT o.city_id, o.valid_at, o.valid_date, \(VerifySQL.observedValue(request)), \(direction)
      FROM hourly_observations AS o
      WHERE \(conditions.joined(separator: " AND "))
      ORDER BY o.city_id, o.valid_at
      """
    var parameters: [(String, StoreValue)] = [(":obs", .text(VerifySQL.obsValue(request)))]
    for (index, city) in request.cityIDs.enumerated() {
      parameters.append((":city_\(index + 1)", .integer(city)))
    }
    return VerifyStatement(sql: sql, parameters: parameters)
  }
}
