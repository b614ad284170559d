import SkycastModel
import Store

/// What a wide export (`export … --wide`) reads: one variable of several cities, in time order.
package struct WideQuery: Sendable {
  /// `hourly`, `daily`, `observations` or `observations-daily`; forecast tables read the
  /// latest-forecast series.
  package var table: ExportTable
  /// The cities, by id.
  package var cityIDs: [Int64]
  /// The variable.
  package var variable: WeatherVariable
  /// The source.
  package var source: FetchSource
  /// Forecast tables only; nil means `best_match`.
  package var model: String?
  /// Local dates to keep, or nil for all.
  package var dates: ClosedRange<LocalDate>?

  /// Creates a value from all its stored properties.
  package init(
    table: ExportTable, cityIDs: [Int64], variable: WeatherVariable, source: FetchSource,
    model: String?, dates: ClosedRange<LocalDate>?
  ) {
    self.table = table
    self.cityIDs = cityIDs
    self.variable = variable
    self.source = source
    self.model = model
    self.dates = dates
  }

  /// One stored value of a wide export.
  package struct Row {
    /// The valid time of hourly tables or the local date of daily ones.
    package enum Key: Equatable {
      case instant(Int64)
      case date(String)
    }
    package var key: Key
    package var cityID: Int64
    /// The value as an integer (for integer variables) and as a number.
    package var integer: Int64?
    package var number: Double?
  }

  /// Hands the rows to `body` ordered by time, then city.
  package func rows(in store: Store, _ body: (Row) throws -> Void) throws {
    let from: String
    switch table {
    case .hourly: from = "hourly_forecasts_latest"
    case .daily: from = "daily_forecasts_latest"
    case .dailyObservations: from = "daily_observations"
    default: from = "hourly_observations"
    }
    let key = table.isDaily ? "date" : "valid_at"
    var conditions = ["city_id IN (" + cityIDs.map { _ in "?" }.joined(separator: ", ") + ")"]
    var bindings: [StoreValue] = cityIDs.map { .integer($0) }
    conditions.append("source = ?")
    bindings.append(.text(source.rawValue))
    if table.isForecast {
      conditions.append("model = ?")
      bindings.append(.text(model ?? ModelName.bestMatch))
    }
    if let dates {
      conditions.append("\(table.isDaily ? "date" : "valid_date") BETWEEN ? AND ?")
      bindings += [.text(dates.lowerBound.description), .text(dates.upperBound.description)]
    }
    let sql = """
      SELECT \(key), city_id, \(variable.column) FROM \(from)
      WHERE \(conditions.joined(separator: " AND ")) ORDER BY \(key), city_id
      """
    let isDaily = table.isDaily
    try store.withRows(sql, arguments: bindings) { statement in
      while try statement.next() {
        let key: Row.Key =
          isDaily
          ? .date(statement.text(0) ?? "")
          : .instant(try StoredTime.check(statement.int64(0) ?? 0, column: "valid_at"))
        guard let cityID = statement.int64(1) else { continue }
        try body(
          Row(key: key, cityID: cityID, integer: statement.int64(2), number: statement.double(2)))
      }
    }
  }
}
