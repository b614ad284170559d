import Export
import SkycastModel
import Store

/// A multi-city table of one variable: one row per valid time (or date), one column per city
/// (`skycast export … --wide`).
///
/// Forecast tables read the latest-forecast series (`hourly_forecasts_latest`, source and model
/// defaulting to `forecast` and `best_match`), since a wide table holds one value per city and
/// time. Hourly times are shown in the cities' common zone, or in UTC when the cities lie in
/// different zones (`zone` tells which). A city without a value at a time gets an empty cell.
///
/// ```
/// valid_at,Berlin,北京
/// 2026-03-20T06:00+00:00,3.1,12.4
/// ```
public final class WideExport {
  /// The output columns: the time (plus `timezone` and `utc_offset` with `excel`), then one
  /// column per city named after it (`Name (id)` when two cities share a name).
  public let columns: [Column]
  /// The zone times are shown in.
  public let zone: CityTimeZone
  package let store: Store
  package let query: WideQuery
  package let isDaily: Bool
  package let excel: Bool
  package let cityColumns: [Int64: Int]

  /// - Parameters:
  ///   - table: `hourly`, `daily`, `observations` or `observations-daily`.
  ///   - cities: the cities, in column order (at least one).
  ///   - variable: a variable of the table.
  ///   - source: the source (forecast tables default to `forecast`; observation tables need one).
  ///   - model: forecast tables only; defaults to `best_match`.
  public init(
    store: Store, table: ExportTable, cities: [City], variable: WeatherVariable,
    dates: ClosedRange<LocalDate>?, source: FetchSource, model: String?, excel: Bool
  ) {
    self.store = store
    self.excel = excel
    isDaily = table.isDaily
    let zones = Set(cities.map(\.zone))
    zone = zones.count == 1 ? zones.first! : .utc
    var columns: [Column] =
      isDaily ? [Column("date", .date)] : [Column("valid_at", .instant)]
    if excel {
      columns.append(Column("timezone", .text))
      if !isDaily { columns.append(Column("utc_offset", .dynamic, unit: "h")) }
    }
    let valueColumn = ExportPlan.variableField(variable).column
    var indexes: [Int64: Int] = [:]
    let labels = City.labels(cities)
    for city in cities where indexes[city.id] == nil {
      indexes[city.id] = columns.count
      columns.append(Column(labels[city.id] ?? city.name, valueColumn.kind, unit: valueColumn.unit))
    }
    self.columns = columns
    cityColumns = indexes

    query = WideQuery(
      table: table, cityIDs: indexes.keys.sorted(), variable: variable, source: source,
      model: model, dates: dates)
  }

  /// Writes the table (begin, rows, finish) and returns the number of rows.
  @discardableResult
  public func write(to writer: any RowWriter) throws -> Int {
    try writer.begin(columns: columns)
    let integerValues = columns.last?.kind == .integer
    var cells = [Cell](repeating: .null, count: columns.count)
    var pendingInstant: Int64?
    var pendingDate: String?
    var rows = 0
    var offsets = ZoneOffsetCache(zone: zone)
    let timezoneCell = Cell.text(zone.identifier)

    func flush() throws {
      guard pendingInstant != nil || pendingDate != nil else { return }
      if let epoch = pendingInstant {
        let offset = offsets.offset(at: epoch)
        cells[0] = .instant(epoch: epoch, offset: offset)
        if excel {
          cells[1] = timezoneCell
          cells[2] = .number(Double(offset) / 3600)
        }
      } else if let date = pendingDate {
        cells[0] = .text(date)
        if excel { cells[1] = timezoneCell }
      }
      try writer.write(cells)
      rows += 1
      for index in cityColumns.values { cells[index] = .null }
    }

    try query.rows(in: store) { row in
      switch row.key {
      case .date(let date):
        if date != pendingDate {
          try flush()
          pendingDate = date
        }
      case .instant(let epoch):
        if epoch != pendingInstant {
          try flush()
          pendingInstant = epoch
        }
      }
      guard let index = cityColumns[row.cityID] else { return }
      if integerValues {
        cells[index] = row.integer.map(Cell.integer) ?? .null
      } else {
        cells[index] = row.number.map(Cell.number) ?? .null
      }
    }
    try flush()
    try writer.finish()
    return rows
  }
}

@available(*, unavailable)
extension WideExport: Sendable {}
