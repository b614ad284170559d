internal import SQLiteKit
import SkycastModel

extension Store {
  /// Writes the rows of one decoded location for one model as forecast history. Call inside a
  /// write transaction, after inserting the fetch row.
  ///
  /// - Returns: the number of hourly, daily and current rows written.
  @discardableResult
  public func insertForecastRows(
    _ location: LocationBlock, model: String, fetchID: Int64, city: City, source: FetchSource,
    issuedAt: Int64
  ) throws -> Int {
    var written = 0
    let zone = city.zone
    if let hourly = location.hourly {
      written += try insertHourlyForecasts(
        hourly, model: model, previousDay: 0, fetchID: fetchID, cityID: city.id, source: source,
        zone: zone, issuedAt: { _ in issuedAt })
    }
    if let daily = location.daily {
      written += try insertDailyForecasts(
        daily, model: model, fetchID: fetchID, cityID: city.id, source: source, zone: zone,
        issuedAt: issuedAt)
    }
    if let current = location.current,
      current.values.keys.contains(where: { $0.model == model })
    {
      try insertCurrent(current, model: model, fetchID: fetchID, cityID: city.id)
      written += 1
    }
    return written
  }

  /// Hourly forecast rows. `issuedAt` maps a valid time to its issue time (constant for
  /// collected runs; valid − 24·N h for previous-runs data). Rows of sources other than
  /// `forecast` are keyed by issue and valid time and replace their earlier values.
  public func insertHourlyForecasts(
    _ series: SeriesBlock, model: String, previousDay: Int, fetchID: Int64, cityID: Int64,
    source: FetchSource, zone: CityTimeZone, issuedAt: (Int64) -> Int64
  ) throws -> Int {
    let variables = WeatherVariable.with(.hourlyForecast)
    let columns = variables.map {
      series.columns[SeriesKey($0, model: model, previousDay: previousDay)]
    }
    guard columns.contains(where: { $0 != nil }) else { return 0 }
    let names = variables.map(\.column)
    let keyedByFetch = source.isKeyedByFetch
    let upsert =
      keyedByFetch
      ? ""
      : """
       ON CONFLICT (\(ForecastHourColumns.key.joined(separator: ", ")))
      DO UPDATE SET fetch_id = excluded.fetch_id, local_hour_shift = excluded.local_hour_shift,
        lead_hours = excluded.lead_hours, \(Self.keepingValues(names))
      """
    let statement = try database.cachedStatement(
      """
      INSERT INTO forecast_hours (city_id, series_id, valid_at, issued_at, dedupe, fetch_id,
        local_hour_shift, lead_hours, \(names.joined(separator: ", ")))
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, \(Array(repeating: "?", count: names.count).joined(separator: ", ")))
      """ + upsert)
    try statement.bind(cityID, at: 1)
    try statement.bind(try forecastSeriesID(source: source, model: model), at: 2)
    // Collected runs carry their fetch in the key; the others name it as provenance.
    try statement.bind(keyedByFetch ? fetchID : 0, at: 5)
    try statement.bind(keyedByFetch ? nil : fetchID, at: 6)
    var localDays = LocalDayCache(zone: zone)
    var written = 0
    for (row, validAt) in series.instants.enumerated() {
      var hasValue = false
      for column in columns where column?[row] != nil {
        hasValue = true
        break
      }
      guard hasValue else { continue }
      let issued = issuedAt(validAt)
      try statement.bind(validAt, at: 3)
      try statement.bind(issued, at: 4)
      try statement.bind(localDays.hourShift(validAt), at: 7)
      try statement.bind(LeadTime.hours(valid: validAt, issued: issued), at: 8)
      for (offset, column) in columns.enumerated() {
        try statement.bind(column?[row], at: Int32(9 + offset))
      }
      try statement.execute()
      written += 1
      didWriteRows(1)
    }
    return written
  }

  /// Daily forecast rows; `lead_days` = local valid date − local issue date.
  public func insertDailyForecasts(
    _ series: SeriesBlock, model: String, fetchID: Int64, cityID: Int64, source: FetchSource,
    zone: CityTimeZone, issuedAt: Int64
  ) throws -> Int {
    let variables = WeatherVariable.with(.dailyForecast)
    let columns = variables.map { series.columns[SeriesKey($0, model: model)] }
    guard columns.contains(where: { $0 != nil }) else { return 0 }
    let names = variables.map(\.column)
    let upsert =
      source == .forecast
      ? ""
      : """
       ON CONFLICT (city_id, source, model, issued_at, date) WHERE source <> \(FetchSource.forecast.sqlLiteral)
      DO UPDATE SET fetch_id = excluded.fetch_id, lead_days = excluded.lead_days, \(Self.keepingValues(names))
      """
    let statement = try database.cachedStatement(
      """
      INSERT INTO daily_forecasts (fetch_id, city_id, source, model, issued_at, date, lead_days,
        \(names.joined(separator: ", ")))
      VALUES (?, ?, ?, ?, ?, ?, ?, \(Array(repeating: "?", count: names.count).joined(separator: ", ")))
      """ + upsert)
    let issueDate = zone.localDate(issuedAt)
    try statement.bind(fetchID, at: 1)
    try statement.bind(cityID, at: 2)
    try statement.bind(source.rawValue, at: 3)
    try statement.bind(model, at: 4)
    try statement.bind(issuedAt, at: 5)
    var written = 0
    for (row, date) in series.dates.enumerated() {
      guard columns.contains(where: { $0?[row] != nil }) else { continue }
      try statement.bind(date.description, at: 6)
      try statement.bind(LeadTime.days(issueDate: issueDate, date: date), at: 7)
      for (offset, column) in columns.enumerated() {
        let value = column?[row]
        if variables[offset].quantity == .instant {
          try statement.bind(value.map { Int64($0) }, at: Int32(8 + offset))
        } else {
          try statement.bind(value, at: Int32(8 + offset))
        }
      }
      try statement.execute()
      written += 1
    }
    return written
  }

  /// `x = coalesce(excluded.x, x), …`: a new value replaces the old one, a NULL never does.
  package static func keepingValues(_ names: [String]) -> String {
    names.map { "\($0) = coalesce(excluded.\($0), \($0))" }.joined(separator: ", ")
  }

  /// The `current` block of a fetch.
  public func insertCurrent(_ current: CurrentBlock, model: String, fetchID: Int64, cityID: Int64)
    throws
  {
    let variables = WeatherVariable.with(.current)
    let names = variables.map(\.column)
    let statement = try database.cachedStatement(
      """
      INSERT INTO current_conditions (fetch_id, city_id, model, time, interval_seconds,
        \(names.joined(separator: ", ")))
      VALUES (?, ?, ?, ?, ?, \(Array(repeating: "?", count: names.count).joined(separator: ", ")))
      """)
    try statement.bind(fetchID, at: 1)
    try statement.bind(cityID, at: 2)
    try statement.bind(model, at: 3)
    try statement.bind(current.time, at: 4)
    try statement.bind(current.intervalSeconds.map(Int64.init), at: 5)
    for (offset, variable) in variables.enumerated() {
      try statement.bind(
        current.values[SeriesKey(variable, model: model)] ?? nil, at: Int32(6 + offset))
    }
    try statement.execute()
  }
}

extension Store {
  /// Stored hourly forecast rows of one city, source and model with valid times in `from…to`.
  package func hourlyForecastCount(
    cityID: Int64, source: FetchSource, model: String, validFrom from: Int64, to: Int64
  ) throws -> Int64 {
    try database.scalarInt(
      """
      SELECT count(*) FROM hourly_forecasts
      WHERE city_id = ? AND source = ? AND model = ? AND valid_at BETWEEN ? AND ?
      """,
      [.integer(cityID), .text(source.rawValue), .text(model), .integer(from), .integer(to)]
    ) ?? 0
  }
}
