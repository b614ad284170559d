import SkycastModel

/// One timed report of a station before the hour rule: sub-hourly, special and routine reports
/// alike. Readers collect these; `StationReport.hours` reduces them to one row per hour.
public struct StationReport: Sendable, Equatable {
  /// Observation time, UTC epoch seconds (any minute).
  public var time: Int64
  /// Canonical values by variable, as the report gave them.
  public var values: [WeatherVariable: Double]
  /// Values the provider flagged (kept apart; see `StationHour.suspect`).
  public var suspect: [WeatherVariable: Double]
  /// Variables of `values` the report gave as a trace (ASOS `T`, ISD-Lite −1, GHCNh code 2):
  /// stored as 0, and flagged `trace` so a reader can tell them from a measured 0.
  public var trace: Set<WeatherVariable>

  public init(
    time: Int64, values: [WeatherVariable: Double], suspect: [WeatherVariable: Double] = [:],
    trace: Set<WeatherVariable> = []
  ) {
    self.time = time
    self.values = values
    self.suspect = suspect
    self.trace = trace
  }

  /// The stated hour rule: a report belongs to the nearest whole UTC hour (minute 30 rounds
  /// up), and per hour and variable the report nearest that hour wins (on a tie, the later).
  /// METAR's routine report at :50–:59 thus stands for the next hour, and a special report
  /// between routine ones is dropped unless it is the only one near the hour.
  ///
  /// Precipitation is a running total since the last routine report (GHCNh documentation §IX:
  /// "take the last report in the hour"), so hour H takes the last report in (H − 1 h, H]:
  /// the routine :52 report's hour total, never a special report's partial amount after it,
  /// and never a sum.
  public static let hourRule =
    "one value per UTC hour: the report nearest the whole hour (minute 30 rounds up); precipitation from the last report of the hour ending then (a running total), never a sum"

  /// True for variables reported as a running total since the last routine report.
  static func isRunningTotal(_ variable: WeatherVariable) -> Bool {
    variable == .precipitation
  }

  /// Reduces `reports` to hours, counting dropped reports into `tally.reducedReports` (a report
  /// counts as dropped when none of its values was kept).
  public static func hours(_ reports: [StationReport], tally: inout StationTally) -> [StationHour] {
    struct Best {
      var distance: Int64
      var time: Int64
      var value: Double
      var trace = false
    }
    var byHour: [Int64: [WeatherVariable: Best]] = [:]
    var suspectByHour: [Int64: [WeatherVariable: Best]] = [:]
    func offer(
      _ values: [WeatherVariable: Double], at time: Int64, trace: Set<WeatherVariable> = [],
      into table: inout [Int64: [WeatherVariable: Best]]
    ) {
      let nearest = WallClock.floorDivide(time + 1800, 3600).quotient * 3600
      // The hour whose last hour (H − 1 h, H] holds the report: ceil(time / 1 h).
      let ending = WallClock.floorDivide(time + 3599, 3600).quotient * 3600
      for (variable, value) in values {
        let hour = isRunningTotal(variable) ? ending : nearest
        // Later is nearer for a running total (the last report of the hour wins).
        let distance = isRunningTotal(variable) ? hour - time : abs(time - hour)
        if let best = table[hour]?[variable],
          best.distance < distance || (best.distance == distance && best.time > time)
        {
          continue
        }
        table[hour, default: [:]][variable] = Best(
          distance: distance, time: time, value: value, trace: trace.contains(variable))
      }
    }
    for report in reports {
      offer(report.values, at: report.time, trace: report.trace, into: &byHour)
      offer(report.suspect, at: report.time, into: &suspectByHour)
    }
    var keptTimes = Set<Int64>()
    for variables in byHour.values { for best in variables.values { keptTimes.insert(best.time) } }
    tally.reducedReports += Set(reports.map(\.time)).subtracting(keptTimes).count
    let hours = Set(byHour.keys).union(suspectByHour.keys)
    return hours.sorted().map { hour in
      let best = byHour[hour, default: [:]]
      let values = best.mapValues(\.value)
      // A trace flag goes with the value that won the hour, never with another report's.
      let trace = Set(best.filter(\.value.trace).keys)
      // A flagged value only where the hour has no good value of that variable.
      let suspect = suspectByHour[hour, default: [:]].mapValues(\.value).filter {
        values[$0.key] == nil
      }
      return StationHour(validAt: hour, values: values, suspect: suspect, trace: trace)
    }
  }
}
