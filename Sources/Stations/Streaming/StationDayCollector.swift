import SkycastModel

/// The days of a daily station file as its rows arrive, handed out once rows `lag` seconds
/// past a day were read (`StationWindow`); a row for a day already handed out sets `unsorted`.
struct StationDayCollector {
  let window: StationWindow
  private var values: [LocalDate: [WeatherVariable: Double]] = [:]
  private var suspect: [LocalDate: [WeatherVariable: Double]] = [:]
  /// Every day at or before this was handed out.
  private var flushedThrough: LocalDate?
  /// The latest day read.
  private var latest: LocalDate?
  /// True once a row came for a day already handed out.
  private(set) var unsorted = false

  init(window: StationWindow) {
    self.window = window
  }

  /// Adds a row's good values to its day; a later row's value wins.
  mutating func merge(_ date: LocalDate, _ new: [WeatherVariable: Double]) {
    note(date)
    values[date, default: [:]].merge(new) { _, later in later }
  }

  /// Sets one value of a day, good or flagged.
  mutating func set(_ date: LocalDate, _ variable: WeatherVariable, _ value: Double, flagged: Bool)
  {
    note(date)
    if flagged {
      suspect[date, default: [:]][variable] = value
    } else {
      values[date, default: [:]][variable] = value
    }
  }

  /// Hands out the days finished so far, in date order.
  mutating func take(into days: inout [StationDay]) {
    guard case .bounded(let lag) = window, let latest else { return }
    let limit = latest.adding(days: -Int((lag + 86_399) / 86_400) - 1)
    if flushedThrough.map({ limit.days(to: $0) <= -30 }) ?? true {
      flush(through: limit, into: &days)
    }
  }

  /// Hands out every day still held.
  mutating func finish(into days: inout [StationDay]) {
    let all = Set(values.keys).union(suspect.keys).sorted()
    for date in all { days.append(day(date)) }
    values = [:]
    suspect = [:]
  }

  private mutating func note(_ date: LocalDate) {
    if let flushedThrough, date <= flushedThrough { unsorted = true }
    if latest.map({ date > $0 }) ?? true { latest = date }
  }

  private mutating func flush(through limit: LocalDate, into days: inout [StationDay]) {
    let dates = Set(values.keys).union(suspect.keys).filter { $0 <= limit }.sorted()
    for date in dates { days.append(day(date)) }
    for date in dates {
      values[date] = nil
      suspect[date] = nil
    }
    flushedThrough = max(flushedThrough ?? limit, limit)
  }

  private func day(_ date: LocalDate) -> StationDay {
    StationDay(date: date, values: values[date, default: [:]], suspect: suspect[date, default: [:]])
  }
}
