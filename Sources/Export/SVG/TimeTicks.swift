import SkycastModel

/// Ticks for a time axis at whole local hours, days, weeks, months or years, as the span
/// suggests.
///
/// Times are epoch seconds; `offset` gives the city's UTC offset in force at an instant, so ticks
/// fall on local midnights and whole local hours across daylight-saving changes. The interval is
/// the shortest of 1, 2, 3, 6, 12 h; 1, 2 days; 1, 2 weeks (Mondays); 1, 2, 3, 6 months; 1, 2, 5,
/// 10, … years that keeps the tick count within `maxTicks`. Labels follow d3-scale's multi-scale
/// time format: hour ticks print `06:00` except at local midnight, which prints the day
/// (`Mar 12` or `03-12`); day and week ticks print the day, month ticks `2026-03`, year ticks
/// `2026`.
package enum TimeTicks {
  /// A tick interval.
  package struct Interval: Equatable {
    package enum Unit { case hour, day, week, month, year }
    package let unit: Unit
    package let count: Int

    /// The interval's typical length in seconds (months 30.44 days, years 365.25).
    package var nominalSeconds: Double {
      switch unit {
      case .hour: Double(count) * 3600
      case .day: Double(count) * 86_400
      case .week: Double(count) * 604_800
      case .month: Double(count) * 2_629_746
      case .year: Double(count) * 31_556_952
      }
    }
  }

  package static let intervals: [Interval] =
    [1, 2, 3, 6, 12].map { Interval(unit: .hour, count: $0) }
    + [1, 2].map { Interval(unit: .day, count: $0) }
    + [1, 2].map { Interval(unit: .week, count: $0) }
    + [1, 2, 3, 6].map { Interval(unit: .month, count: $0) }
    + [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000].map { Interval(unit: .year, count: $0) }

  /// Ticks within `lower…upper` (epoch seconds), at most `maxTicks` of them when any interval
  /// allows it.
  package static func ticks(
    lower: Int64, upper: Int64, maxTicks: Int, offset: (Int64) -> Int, style: DateLabelStyle
  ) -> [ChartTick] {
    let limit = max(maxTicks, 2)
    let span = Double(upper - lower)
    var fallback: [ChartTick] = []
    for interval in intervals where span / interval.nominalSeconds <= Double(limit) {
      let ticks = ticks(
        lower: lower, upper: upper, interval: interval, offset: offset, style: style)
      if ticks.count <= limit { return ticks }
      fallback = ticks
    }
    return fallback.count <= limit ? fallback : []
  }

  /// Every tick of `interval` within `lower…upper`.
  package static func ticks(
    lower: Int64, upper: Int64, interval: Interval, offset: (Int64) -> Int, style: DateLabelStyle
  ) -> [ChartTick] {
    let wallLower = lower + Int64(offset(lower))
    let wallUpper = upper + Int64(offset(upper))
    var walls: [Int64] = []
    let firstDay = WallClock.floorDivide(wallLower, 86_400).quotient
    let lastDay = WallClock.floorDivide(wallUpper, 86_400).quotient
    switch interval.unit {
    case .hour:
      let step = Int64(interval.count) * 3600
      var wall = (WallClock.floorDivide(wallLower, step).quotient) * step
      while wall <= wallUpper + 3600 {
        walls.append(wall)
        wall += step
      }
    case .day, .week:
      let period = Int64(interval.unit == .week ? 7 * interval.count : interval.count)
      // Weeks start on Monday; day number 4 (1970-01-05) was a Monday.
      let origin: Int64 = interval.unit == .week ? 4 : 0
      for day in firstDay...lastDay where WallClock.floorDivide(day - origin, period).remainder == 0
      {
        walls.append(day * 86_400)
      }
    case .month, .year:
      let first = LocalDate(dayNumber: firstDay)
      let last = LocalDate(dayNumber: lastDay)
      let months = interval.unit == .year ? 12 * interval.count : interval.count
      var index = first.year * 12 + first.month - 1
      while index <= last.year * 12 + last.month - 1 {
        if index % months == 0,
          let date = LocalDate(year: index / 12, month: index % 12 + 1, day: 1)
        {
          walls.append(date.midnightAsUTC)
        }
        index += 1
      }
    }
    var result: [ChartTick] = []
    var previous: Int64?
    for wall in walls {
      // The instant whose local time is `wall`: two fixed-point steps settle the offset.
      let instant = wall - Int64(offset(wall - Int64(offset(wall))))
      guard instant >= lower, instant <= upper, instant != previous else { continue }
      previous = instant
      let label = label(instant: instant, interval: interval, offset: offset, style: style)
      result.append(ChartTick(value: Double(instant), label: label))
    }
    return result
  }

  /// The tick label for an instant on an axis ticked by `interval`.
  package static func label(
    instant: Int64, interval: Interval, offset: (Int64) -> Int, style: DateLabelStyle
  ) -> String {
    let (days, second) = WallClock.floorDivide(instant + Int64(offset(instant)), 86_400)
    let date = LocalDate(dayNumber: days)
    switch interval.unit {
    case .hour:
      if second == 0 { return style.day(date) }
      return LocalDate.pad(Int(second / 3600), 2) + ":" + LocalDate.pad(Int(second % 3600 / 60), 2)
    case .day, .week: return style.day(date)
    case .month: return style.month(date)
    case .year: return String(date.year)
    }
  }
}
