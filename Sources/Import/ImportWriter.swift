import SkycastModel
import Store

/// Writes an import's checked rows one at a time, each city with its `import:NAME` fetch-log
/// row. Use inside the import's write transaction.
///
/// A city's fetch row is inserted when its first row arrives, because the rows carry its id;
/// its model list, the file's byte count and SHA-256 (known only once the whole file has been
/// read) and its row count are filled in by `finish`, which deletes the fetch row again when the
/// city's rows changed nothing, so a repeated import leaves the database exactly as it was.
package final class ImportWriter {
  /// A class, so the per-row updates do not copy the model set out of the dictionary and back.
  private final class CityState {
    package let fetchID: Int64
    package var counts = UpsertCounts()
    package var models: Set<String> = []
    package var lastModel = ""
    package var localDays: LocalDayCache
    package let zone: CityTimeZone

    package init(fetchID: Int64, zone: CityTimeZone) {
      self.fetchID = fetchID
      self.zone = zone
      localDays = LocalDayCache(zone: zone)
    }
  }

  private let layout: ImportLayout
  private let options: ImportOptions
  private let url: String
  private let now: Int64
  private let store: Store
  private let writer: RowUpsert
  private var cities = CityTable<CityState>()
  /// Stored keys this import met (created on the first one).
  private var keys: ImportKeyLog?
  /// The `forecast_series` id of each model of hourly forecast rows met so far.
  private var seriesIDs: [String: Int64] = [:]
  private var lastSeries: (model: String, id: Int64)?
  /// The city of the previous row (files often hold runs of one city).
  private var lastCity: (id: Int64, state: CityState)?

  /// - Parameters:
  ///   - url: the fetch log's `file://` URL of the file.
  ///   - now: epoch seconds, the fetch rows' `requested_at` and observations' `fetched_at`.
  package init(layout: ImportLayout, options: ImportOptions, url: String, now: Int64, store: Store)
  {
    self.layout = layout
    self.options = options
    self.url = url
    self.now = now
    self.store = store
    let variables = layout.variables.map(\.variable)
    switch (layout.kind, layout.frequency) {
    case (.observations, .hourly): writer = store.hourlyObservationWriter(variables: variables)
    case (.observations, .daily): writer = store.dailyObservationWriter(variables: variables)
    case (.forecasts, .hourly): writer = store.hourlyForecastWriter(variables: variables)
    case (.forecasts, .daily): writer = store.dailyForecastWriter(variables: variables)
    }
  }

  /// What became of one row.
  package enum Offer {
    case written
    /// An earlier row of the file has the same key, so this one was not written: that row's
    /// line when known (nil: only the database knows the key, find the line by reading the file
    /// again) and values.
    case repeats(line: Int?, values: [Double?])
  }

  /// Upserts one row of `city`, unless an earlier row of the file had its key.
  package func offer(_ row: ImportRow, city: City) throws -> Offer {
    let state: CityState
    if let last = lastCity, last.id == city.id {
      state = last.state
    } else if let known = cities[id: city.id] {
      state = known
      lastCity = (city.id, known)
    } else {
      var fetch = FetchRecord(
        cityID: city.id, source: .imported(options.source),
        model: options.kind == .forecasts ? row.model : options.source, requestedAt: now,
        issuedAt: nil, status: .ok)
      fetch.url = url
      state = CityState(fetchID: try store.insertFetch(fetch), zone: city.zone)
      cities[id: city.id] = state
      lastCity = (city.id, state)
    }
    let outcome: UpsertOutcome
    if try insert(row, cityID: city.id, state: state) {
      outcome = .inserted
    } else {
      let columns = try self.columns(row, cityID: city.id, state: state)
      guard let stored = try writer.stored(columns) else {
        throw ImportFailure(
          problems: [ImportProblem(line: row.line, "the row could not be stored")], isFatal: true)
      }
      if stored.fetchID == state.fetchID {
        // This import wrote the row: an earlier line of the file has the key.
        if let earlier = try keys?.earlier(Self.logKey(row)) {
          return .repeats(line: earlier.line, values: earlier.values)
        }
        return .repeats(line: nil, values: stored.values)
      }
      let log: ImportKeyLog
      if let keys {
        log = keys
      } else {
        log = try ImportKeyLog(store: store, valueCount: row.values.count)
        keys = log
      }
      if let earlier = try log.first(Self.logKey(row), line: row.line, values: row.values) {
        return .repeats(line: earlier.line, values: earlier.values)
      }
      outcome = try writer.fillIn(columns, values: row.values)
    }
    // Consecutive rows mostly share a model: compare before hashing it into the set.
    if options.kind == .forecasts, row.model != state.lastModel {
      state.models.insert(row.model)
      state.lastModel = row.model
    }
    state.counts.record(outcome)
    store.didWriteRows(1)
    return .written
  }

  /// Inserts the row if its key is new; false when the key is already stored.
  private func insert(_ row: ImportRow, cityID: Int64, state: CityState) throws -> Bool {
    try writer.insert(columns(row, cityID: cityID, state: state), values: row.values)
  }

  /// The `forecast_series` id of `model` (with the import's source).
  private func seriesID(_ model: String) throws -> Int64 {
    if let last = lastSeries, last.model == model { return last.id }
    let series: Int64
    if let known = seriesIDs[model] {
      series = known
    } else {
      series = try store.forecastSeriesID(source: .imported(options.source), model: model)
      seriesIDs[model] = series
    }
    lastSeries = (model, series)
    return series
  }

  private static func logKey(_ row: ImportRow) -> ImportKeyLog.Key {
    ImportKeyLog.Key(city: row.cityID, model: row.model, issuedAt: row.issuedAt, time: row.time)
  }

  /// Drops the temporary key table, if one was needed.
  package func close() {
    keys?.close()
    keys = nil
  }

  /// The row's key, derived and provenance columns, by name.
  private func columns(_ row: ImportRow, cityID: Int64, state: CityState) throws -> UpsertRow {
    switch (layout.kind, layout.frequency) {
    case (.observations, .hourly):
      let local = state.localDays.local(row.time)
      return .hourlyObservation(
        cityID: cityID, source: .imported(options.source), validAt: row.time, localDate: local.date,
        localHour: local.hour, fetchID: state.fetchID, fetchedAt: now)
    case (.observations, .daily):
      return .dailyObservation(
        cityID: cityID, source: .imported(options.source),
        date: LocalDate(dayNumber: row.time).description,
        fetchID: state.fetchID, fetchedAt: now)
    case (.forecasts, .hourly):
      return .hourlyForecast(
        cityID: cityID, seriesID: try seriesID(row.model), validAt: row.time,
        issuedAt: row.issuedAt, localHourShift: state.localDays.hourShift(row.time),
        leadHours: LeadTime.hours(valid: row.time, issued: row.issuedAt), fetchID: state.fetchID)
    case (.forecasts, .daily):
      let date = LocalDate(dayNumber: row.time)
      return .dailyForecast(
        cityID: cityID, source: .imported(options.source), model: row.model, issuedAt: row.issuedAt,
        date: date.description,
        leadDays: LeadTime.days(issueDate: state.zone.localDate(row.issuedAt), date: date),
        fetchID: state.fetchID)
    }
  }

  /// Completes the fetch rows and returns what each city's rows did.
  ///
  /// - Parameters:
  ///   - order: every city with rows and its valid row count, in order of first appearance.
  ///   - bytes: the file's size; `sha256` its digest.
  package func finish(order: [(city: City, rows: Int)], bytes: Int, sha256: String) throws
    -> [ImportCityResult]
  {
    try order.map { city, rows in
      guard let state = cities[id: city.id] else {
        return ImportCityResult(city: city, rows: rows, counts: UpsertCounts(), fetchID: nil)
      }
      if state.counts.changed == 0 {
        try store.deleteImportFetch(id: state.fetchID)
        return ImportCityResult(city: city, rows: rows, counts: state.counts, fetchID: nil)
      }
      try store.completeImportFetch(
        id: state.fetchID,
        model: options.kind == .forecasts
          ? state.models.sorted().joined(separator: ",") : options.source,
        bytes: bytes, sha256: sha256, rows: state.counts.changed)
      return ImportCityResult(city: city, rows: rows, counts: state.counts, fetchID: state.fetchID)
    }
  }
}

@available(*, unavailable)
extension ImportWriter: Sendable {}
