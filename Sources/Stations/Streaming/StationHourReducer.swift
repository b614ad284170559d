import SkycastModel

/// `StationReport.hours` applied as reports arrive: the same hour rule and the same count of
/// dropped reports, with finished hours handed out while the file is still being read.
///
/// Hour H takes reports from (H − 1 h, H + 30 min); once reports `lag` seconds past that were
/// read (`StationWindow.bounded`), H is finished and handed out, and the report times that can
/// win no later hour are judged for `reducedReports`. A report that would touch an hour already
/// handed out sets `unsorted`: the rows handed out may then differ from the whole-file rule,
/// and the caller reads the file again with `StationWindow.whole`.
struct StationHourReducer {
  /// The report nearest an hour so far, for one variable.
  struct Best {
    var distance: Int64
    var time: Int64
    var value: Double
    var trace = false
  }

  let window: StationWindow
  private var byHour: [Int64: [WeatherVariable: Best]] = [:]
  private var suspectByHour: [Int64: [WeatherVariable: Best]] = [:]
  /// Report times not judged yet, and whether a value of theirs won an hour handed out.
  private var pendingTimes: [Int64: Bool] = [:]
  /// Every hour at or before this was handed out.
  private var flushedThrough = Int64.min
  /// The latest report time read.
  private var latest = Int64.min
  /// Finished hours not yet taken.
  private var ready: [StationHour] = []
  /// Reports none of whose values was kept (`StationTally.reducedReports`).
  private(set) var reducedReports = 0
  /// True once a report came for an hour already handed out.
  private(set) var unsorted = false

  init(window: StationWindow) {
    self.window = window
  }

  /// Offers one report's values to the hours they belong to.
  mutating func add(_ report: StationReport) {
    let lateValue = Self.offer(
      report.values, at: report.time, trace: report.trace, after: flushedThrough, into: &byHour)
    let lateSuspect = Self.offer(
      report.suspect, at: report.time, trace: [], after: flushedThrough, into: &suspectByHour)
    if lateValue || lateSuspect { unsorted = true }
    if pendingTimes[report.time] == nil { pendingTimes[report.time] = false }
    latest = max(latest, report.time)
  }

  /// Hands out the hours finished so far, in time order.
  mutating func take(into hours: inout [StationHour]) {
    if case .bounded(let lag) = window, latest != .min {
      let limit = latest - 1800 - lag
      // Flushed a day at a time: the tables hold a few days of reports at most.
      if limit >= flushedThrough &+ 86_400 {
        flush(through: limit)
      }
    }
    hours.append(contentsOf: ready)
    ready.removeAll(keepingCapacity: true)
  }

  /// Hands out every hour still held.
  mutating func finish(into hours: inout [StationHour]) {
    flush(through: .max)
    hours.append(contentsOf: ready)
    ready.removeAll()
  }

  // MARK: - The hour rule

  /// Offers `values` to their hours in `table`; true when one of those hours is at or before
  /// `flushed` (already handed out).
  private static func offer(
    _ values: [WeatherVariable: Double], at time: Int64, trace: Set<WeatherVariable>,
    after flushed: Int64, into table: inout [Int64: [WeatherVariable: Best]]
  ) -> Bool {
    var late = false
    let nearest = nearestHour(time)
    // The hour whose last hour (H − 1 h, H] holds the report: ceil(time / 1 h).
    let ending = endingHour(time)
    for (variable, value) in values {
      let running = StationReport.isRunningTotal(variable)
      let hour = running ? ending : nearest
      if hour <= flushed { late = true }
      // Later is nearer for a running total (the last report of the hour wins).
      let distance = running ? hour - time : abs(time - hour)
      if let best = table[hour]?[variable],
        best.distance < distance || (best.distance == distance && best.time > time)
      {
        continue
      }
      table[hour, default: [:]][variable] = Best(
        distance: distance, time: time, value: value, trace: trace.contains(variable))
    }
    return late
  }

  /// Hands out the hours at or before `limit`, then judges the report times whose hours are
  /// all out.
  private mutating func flush(through limit: Int64) {
    let hours = Set(byHour.keys).union(suspectByHour.keys).filter { $0 <= limit }.sorted()
    for hour in hours {
      let best = byHour.removeValue(forKey: hour) ?? [:]
      for kept in best.values { pendingTimes[kept.time] = true }
      let values = best.mapValues(\.value)
      // A trace flag goes with the value that won the hour, never with another report's.
      let trace = Set(best.filter(\.value.trace).keys)
      // A flagged value only where the hour has no good value of that variable.
      let suspect = (suspectByHour.removeValue(forKey: hour) ?? [:]).mapValues(\.value).filter {
        values[$0.key] == nil
      }
      ready.append(StationHour(validAt: hour, values: values, suspect: suspect, trace: trace))
    }
    flushedThrough = max(flushedThrough, limit)
    for (time, kept) in pendingTimes
    where max(Self.nearestHour(time), Self.endingHour(time)) <= flushedThrough {
      if !kept { reducedReports += 1 }
      pendingTimes[time] = nil
    }
  }

  /// The whole hour nearest `time` (minute 30 rounds up).
  static func nearestHour(_ time: Int64) -> Int64 {
    WallClock.floorDivide(time + 1800, 3600).quotient * 3600
  }

  /// The hour whose last hour (H − 1 h, H] holds `time`.
  static func endingHour(_ time: Int64) -> Int64 {
    WallClock.floorDivide(time + 3599, 3600).quotient * 3600
  }
}
