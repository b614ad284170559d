import SkycastModel
import Stations
import Store

/// Writes a station file's rows batch by batch inside the import's one transaction: the good
/// values, the flags cleared where a good value replaces a flagged one, trace flags, and with
/// `keepSuspect` the flagged values marked `suspect` (`StationFileImport.store`).
///
/// Each hour and day comes in one batch only (`StationRows`), so writing batch by batch stores
/// exactly what one write of the whole file stored.
package struct StationRowWriter {
  let store: Store
  let city: City
  /// `station:<provider>:<id>`.
  let source: FetchSource
  let fetchID: Int64
  let now: Int64
  let keepSuspect: Bool
  /// True when the source had flagged values before this import (only they can be cleared).
  let hadFlags: Bool
  /// What was written so far.
  private(set) var result: StationFileImport.Result
  /// Rows the suspect values wrote.
  private(set) var suspectRows = UpsertCounts()

  init(
    store: Store, city: City, reading: StationReading, fetchID: Int64, now: Int64,
    keepSuspect: Bool
  ) throws {
    self.store = store
    self.city = city
    source = reading.source
    self.fetchID = fetchID
    self.now = now
    self.keepSuspect = keepSuspect
    hadFlags =
      try store.flaggedObservationCount(cityID: city.id, source: reading.source) > 0
    result = StationFileImport.Result(reading: reading)
    result.fetchID = fetchID
  }

  /// Rows written in all: good, updated and suspect.
  var rowsWritten: Int {
    result.hourly.inserted + result.hourly.updated + result.daily.inserted
      + result.daily.updated + suspectRows.inserted + suspectRows.updated
  }

  /// Writes one batch.
  package mutating func write(_ rows: StationRows) throws {
    let model = StationFileImport.model
    result.hours += rows.hourly.count
    result.days += rows.daily.count
    if rows.hourly.contains(where: { !$0.values.isEmpty }) {
      result.hourly =
        result.hourly
        + (try store.upsertHourlyObservations(
          Self.hourlyBlock(rows.hourly), model: model, cityID: city.id, source: source,
          zone: city.zone, fetchID: fetchID, fetchedAt: now))
    }
    if rows.daily.contains(where: { !$0.values.isEmpty }) {
      result.daily =
        result.daily
        + (try store.upsertDailyObservations(
          Self.dailyBlock(rows.daily), model: model, cityID: city.id, source: source,
          fetchID: fetchID, fetchedAt: now))
    }
    // A good value replaces a flagged one (the provider corrected it, or a `recent` file
    // overlaps a `historical` one): its flag goes with it.
    if hadFlags {
      for hour in rows.hourly {
        for variable in hour.values.keys {
          try store.clearObservationFlag(
            cityID: city.id, source: source, variable: variable, validAt: hour.validAt)
        }
      }
      for day in rows.daily {
        for variable in day.values.keys {
          try store.clearObservationFlag(
            cityID: city.id, source: source, variable: variable, date: day.date)
        }
      }
    }
    // A trace (precipitation too small to measure) is stored as 0 with the flag `trace`, so
    // a later reader can tell it from a measured 0 (verify keeps it unless --exclude-trace).
    for hour in rows.hourly {
      for variable in hour.trace where hour.values[variable] != nil {
        try store.flagObservation(
          cityID: city.id, source: source, variable: variable, validAt: hour.validAt,
          flag: StationFileImport.traceFlag)
        result.traceFlagged += 1
      }
    }
    if keepSuspect { try writeSuspect(rows) }
  }

  /// Records how many rows were written on the fetch-log row and returns the result.
  package func finish() throws -> StationFileImport.Result {
    try store.setFetchRows(rowsWritten, fetchID: fetchID)
    return result
  }

  /// The flagged values, stored and marked with the flag `suspect`.
  private mutating func writeSuspect(_ rows: StationRows) throws {
    let model = StationFileImport.model
    let hours = rows.hourly.filter { !$0.suspect.isEmpty }
    if !hours.isEmpty {
      suspectRows =
        suspectRows
        + (try store.upsertHourlyObservations(
          Self.hourlyBlock(hours, suspect: true), model: model, cityID: city.id, source: source,
          zone: city.zone, fetchID: fetchID, fetchedAt: now))
      for hour in hours {
        for variable in hour.suspect.keys {
          try store.flagObservation(
            cityID: city.id, source: source, variable: variable, validAt: hour.validAt,
            flag: "suspect")
          result.keptSuspect += 1
        }
      }
    }
    let days = rows.daily.filter { !$0.suspect.isEmpty }
    if !days.isEmpty {
      suspectRows =
        suspectRows
        + (try store.upsertDailyObservations(
          Self.dailyBlock(days, suspect: true), model: model, cityID: city.id, source: source,
          fetchID: fetchID, fetchedAt: now))
      for day in days {
        for variable in day.suspect.keys {
          try store.flagObservation(
            cityID: city.id, source: source, variable: variable, date: day.date, flag: "suspect")
          result.keptSuspect += 1
        }
      }
    }
  }

  // MARK: - Blocks

  /// The hours as a series block (model `station`), one column per variable present: the good
  /// values, or with `suspect` the flagged ones.
  static func hourlyBlock(_ hours: [StationHour], suspect: Bool = false) -> SeriesBlock {
    var block = SeriesBlock()
    block.instants = hours.map(\.validAt)
    block.columns = columns(
      hours.map { suspect ? $0.suspect : $0.values }, role: .hourlyObservation)
    return block
  }

  /// The days as a series block (model `station`); with `suspect` the flagged values.
  static func dailyBlock(_ days: [StationDay], suspect: Bool = false) -> SeriesBlock {
    var block = SeriesBlock()
    block.dates = days.map(\.date)
    block.columns = columns(days.map { suspect ? $0.suspect : $0.values }, role: .dailyObservation)
    return block
  }

  /// One column per variable of `role` that any row has, keyed for model `station`.
  private static func columns(_ rows: [[WeatherVariable: Double]], role: WeatherVariable.Roles)
    -> [SeriesKey: [Double?]]
  {
    var columns: [SeriesKey: [Double?]] = [:]
    for variable in WeatherVariable.with(role) {
      let column = rows.map { $0[variable] }
      if column.contains(where: { $0 != nil }) {
        columns[SeriesKey(variable, model: StationFileImport.model)] = column
      }
    }
    return columns
  }
}
