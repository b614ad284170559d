internal import SQLiteKit
import SkycastModel

/// The values of one stored variable on a regular time axis (what sparklines and time-series
/// figures draw).
extension Store {
  /// The hourly slots `range.lowerBound, +3600, …` before `range.upperBound`, each holding the
  /// value stored at that valid time; when that is missing, the first value stored at another
  /// minute of the hour (station data at :30) fills the slot.
  package func hourlySlots(
    cityID: Int64, variable: WeatherVariable, series: ResolvedSeries, range: Range<Int64>
  ) throws -> [Double?] {
    let count = max(0, Int((range.upperBound - range.lowerBound + 3599) / 3600))
    var values = [Double?](repeating: nil, count: count)
    var exact = [Bool](repeating: false, count: count)
    let table =
      series.leadFromRun && series.kind == .forecast ? Self.latestFromRun : series.table
    var sql = """
      SELECT valid_at, \(variable.column) FROM \(table)
      WHERE city_id = ? AND source = ? AND valid_at >= ? AND valid_at < ?
      """
    var bindings: [SQLiteValue] = [
      .integer(cityID), .text(series.source.rawValue), .integer(range.lowerBound),
      .integer(range.upperBound),
    ]
    if let model = series.model {
      sql += " AND model = ?"
      bindings.append(.text(model))
    }
    let statement = try database.prepare(sql + " ORDER BY valid_at")
    try statement.bind(bindings)
    while try statement.step() {
      guard let validAt = statement.int64(0) else { continue }
      let offset = validAt - range.lowerBound
      let slot = Int(offset / 3600)
      guard slot < count else { continue }
      guard let value = statement.double(1) else { continue }
      let onTheHour = offset % 3600 == 0
      if onTheHour || (!exact[slot] && values[slot] == nil) {
        values[slot] = value
        exact[slot] = onTheHour
      }
    }
    return values
  }

  /// `hourly_forecasts_latest` with the lead counted from the model run where the fetch
  /// recorded one (`LeadTime.hoursSQL`, as verify's `--lead-from run`).
  static let latestFromRun = """
    (SELECT * FROM (
      SELECT f.*, row_number() OVER (
        PARTITION BY f.city_id, f.source, f.model, f.valid_at ORDER BY f.issued_at DESC, f.fetch_id DESC)
        AS issue_rank
      FROM hourly_forecasts AS f LEFT JOIN fetches AS fr ON fr.id = f.fetch_id
      WHERE coalesce(\(LeadTime.hoursSQL(valid: "f.valid_at", issued: "fr.run_at")), f.lead_hours) >= 0)
    WHERE issue_rank = 1)
    """

  /// The value stored for each local date in `dates` that has one.
  package func dailyValues(
    cityID: Int64, variable: WeatherVariable, series: ResolvedSeries,
    dates: ClosedRange<LocalDate>
  ) throws -> [LocalDate: Double] {
    var sql = """
      SELECT date, \(variable.column) FROM \(series.table)
      WHERE city_id = ? AND source = ? AND date BETWEEN ? AND ?
      """
    var bindings: [SQLiteValue] = [
      .integer(cityID), .text(series.source.rawValue), .text(dates.lowerBound.description),
      .text(dates.upperBound.description),
    ]
    if let model = series.model {
      sql += " AND model = ?"
      bindings.append(.text(model))
    }
    var byDate: [LocalDate: Double] = [:]
    for row in try database.query(sql, bindings) {
      if let date = row[0].stringValue.flatMap({ LocalDate($0) }), let value = row[1].doubleValue {
        byDate[date] = value
      }
    }
    return byDate
  }
}
