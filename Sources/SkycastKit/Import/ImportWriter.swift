import SQLiteKit

/// An imported file: its provenance (`file://` and the absolute path, size, SHA-256) as the
/// fetch log records it, and the import time (epoch seconds).
struct ImportFile {
  var provenance: ResponseProvenance
  var now: Int64
}

/// Writes one city's checked rows of an import, with its `import:NAME` fetch-log row. Call
/// inside the import's write transaction.
enum ImportWriter {
  /// Upserts `rows` (all of `city`) and returns what changed. The fetch row is inserted first,
  /// because the rows carry its id; when no row changed it is deleted again, so a repeated
  /// import leaves the database exactly as it was.
  static func write(
    _ rows: [ImportRow], city: City, layout: ImportLayout, options: ImportOptions,
    file: ImportFile, store: Store
  ) throws -> ImportCityResult {
    let models = Array(Set(rows.map(\.model))).sorted()
    var fetch = FetchRecord(
      cityID: city.id, source: "import:" + options.source,
      model: options.kind == .forecasts ? models.joined(separator: ",") : options.source,
      requestedAt: file.now, issuedAt: nil, status: .ok)
    fetch.record(file.provenance)
    let fetchID = try store.insertFetch(fetch)
    let counts = try upsert(
      rows, city: city, layout: layout, source: options.source, fetchID: fetchID, now: file.now,
      store: store)
    if counts.changed == 0 {
      try store.database.run("DELETE FROM fetches WHERE id = ?", [.integer(fetchID)])
      return ImportCityResult(city: city, rows: rows.count, counts: counts, fetchID: nil)
    }
    try store.setFetchRows(counts.changed, fetchID: fetchID)
    return ImportCityResult(city: city, rows: rows.count, counts: counts, fetchID: fetchID)
  }

  static func upsert(
    _ rows: [ImportRow], city: City, layout: ImportLayout, source: String, fetchID: Int64,
    now: Int64, store: Store
  ) throws -> UpsertCounts {
    let variables = layout.variables.map(\.variable)
    let zone = city.zone
    var localDays = LocalDayCache(zone: zone)
    let cityID = SQLiteValue.integer(city.id)
    let sourceValue = SQLiteValue.text(source)
    var counts = UpsertCounts()
    func record(_ outcome: UpsertOutcome) {
      counts.record(outcome)
      store.didWriteRows(1)
    }
    switch (layout.kind, layout.frequency) {
    case (.observations, .hourly):
      let writer = store.hourlyObservationWriter(variables: variables)
      for row in rows {
        let local = localDays.local(row.time)
        record(
          try writer.upsert(
            key: [cityID, sourceValue, .integer(row.time)],
            derived: [.text(local.date), .integer(Int64(local.hour))], values: row.values,
            provenance: [.integer(fetchID), .integer(now)]))
      }
    case (.observations, .daily):
      let writer = store.dailyObservationWriter(variables: variables)
      for row in rows {
        record(
          try writer.upsert(
            key: [cityID, sourceValue, .text(LocalDate(dayNumber: row.time).description)],
            derived: [], values: row.values, provenance: [.integer(fetchID), .integer(now)]))
      }
    case (.forecasts, .hourly):
      let writer = store.hourlyForecastWriter(variables: variables)
      for row in rows {
        let local = localDays.local(row.time)
        record(
          try writer.upsert(
            key: [
              cityID, sourceValue, .text(row.model), .integer(row.issuedAt), .integer(row.time),
            ],
            derived: [
              .text(local.date), .integer(Int64(local.hour)),
              .integer(WallClock.leadHours(valid: row.time, issued: row.issuedAt)),
            ],
            values: row.values, provenance: [.integer(fetchID)]))
      }
    case (.forecasts, .daily):
      let writer = store.dailyForecastWriter(variables: variables)
      for row in rows {
        let date = LocalDate(dayNumber: row.time)
        let issueDate = zone.localDate(row.issuedAt)
        record(
          try writer.upsert(
            key: [
              cityID, sourceValue, .text(row.model), .integer(row.issuedAt),
              .text(date.description),
            ],
            derived: [.integer(Int64(issueDate.days(to: date)))], values: row.values,
            provenance: [.integer(fetchID)]))
      }
    }
    return counts
  }
}
