import SkycastModel

/// One timed report of a station before the hour rule: sub-hourly, special and routine reports
/// alike. Readers collect these; `StationReport.hours` reduces them to one row per hour.
public struct StationReport: Sendable, Equatable {
  /// Observation time, UTC epoch seconds (any minute).
  public var time: Int64
  public var values: [WeatherVariable: Double]

  public init(time: Int64, values: [WeatherVariable: Double]) {
    self.time = time
    self.values = values
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
    for report in reports {
      let hour = WallClock.floorDivide(report.time + 1800, 3600).quotient * 3600
      let distance = abs(report.time - hour)
      for (variable, value) in report.values {
        if let best = byHour[hour]?[variable],
          best.distance < distance || (best.distance == distance && best.time > report.time)
        {
          continue
        }
        byHour[hour, default: [:]][variable] = Best(
          distance: distance, time: report.time, value: value)
      }
    }
    var keptTimes = Set<Int64>()
    for variables in byHour.values { for best in variables.values { keptTimes.insert(best.time) } }
    tally.reducedReports += Set(reports.map(\.time)).subtracting(keptTimes).count
    return byHour.keys.sorted().map { hour in
      StationHour(validAt: hour, values: byHour[hour]!.mapValues(\.value))
    }
  }
}
