import SkycastModel

/// One timed report of a station before the hour rule: sub-hourly, special and routine reports
/// alike. Readers collect these; `StationReport.hours` reduces them to one row per hour.
public struct StationReport: Sendable, Equatable {
  /// Observation time, UTC epoch seconds (any minute).
  public var time: Int64
  public var values: [WeatherVariable: Double]
  /// Values the provider flagged (kept apart; see `StationHour.suspect`).
  public var suspect: [WeatherVariable: Double]

  public init(
    time: Int64, values: [WeatherVariable: Double], suspect: [WeatherVariable: Double] = [:]
  ) {
    self.time = time
    self.values = values
    self.suspect = suspect
  }

  /// The stated hour rule: a report belongs to the nearest whole UTC hour (minute 30 rounds
  /// up), and per hour and variable the report nearest that hour wins (on a tie, the later).
  /// METAR's routine report at :50–:59 thus stands for the next hour, and a special report
  /// between routine ones is dropped unless it is the only one near the hour; a running
  /// precipitation total is taken from the report nearest the hour, never summed.
  public static let hourRule =
    "one value per UTC hour: the report nearest the whole hour (minute 30 rounds up), never a sum"

  /// Reduces `reports` to hours, counting dropped reports into `tally.reducedReports` (a report
  /// counts as dropped when none of its values was kept).
  public static func hours(_ reports: [StationReport], tally: inout StationTally) -> [StationHour] {
    struct Best {
      var distance: Int64
      var time: Int64
      var value: Double
    }
    var byHour: [Int64: [WeatherVariable: Best]] = [:]
    var suspectByHour: [Int64: [WeatherVariable: Best]] = [:]
    func offer(
      _ values: [WeatherVariable: Double], at time: Int64,
      into table: inout [Int64: [WeatherVariable: Best]]
    ) {
      let hour = WallClock.floorDivide(time + 1800, 3600).quotient * 3600
      let distance = abs(time - hour)
      for (variable, value) in values {
        if let best = table[hour]?[variable],
          best.distance < distance || (best.distance == distance && best.time > time)
        {
          continue
        }
        table[hour, default: [:]][variable] = Best(distance: distance, time: time, value: value)
      }
    }
    for report in reports {
      offer(report.values, at: report.time, into: &byHour)
      offer(report.suspect, at: report.time, into: &suspectByHour)
    }
    var keptTimes = Set<Int64>()
    for variables in byHour.values { for best in variables.values { keptTimes.insert(best.time) } }
    tally.reducedReports += Set(reports.map(\.time)).subtracting(keptTimes).count
    let hours = Set(byHour.keys).union(suspectByHour.keys)
    return hours.sorted().map { hour in
      let values = byHour[hour, default: [:]].mapValues(\.value)
      // A flagged value only where the hour has no good value of that variable.
      let suspect = suspectByHour[hour, default: [:]].mapValues(\.value).filter {
        values[$0.key] == nil
      }
      return StationHour(validAt: hour, values: values, suspect: suspect)
    }
  }
}
