internal import SQLiteKit
import SkycastModel

/// Local date text and hour for instants in increasing order, asking the zone for its offset only
/// at its transitions (`ZoneOffsetCache`) and building the date text once per day (the ingest hot
/// path).
package struct LocalDayCache {
  private var offsets: ZoneOffsetCache
  private var lastDay: Int64 = .min
  private var lastDate = ""

  package init(zone: CityTimeZone) { offsets = ZoneOffsetCache(zone: zone) }

  package mutating func local(_ epoch: Int64) -> (date: String, hour: Int) {
    let offset = Int64(offsets.offset(at: epoch))
    let (day, second) = WallClock.floorDivide(WallClock.adding(epoch, offset), 86_400)
    if day != lastDay {
      lastDay = day
      lastDate = LocalDate(dayNumber: day).description
    }
    return (lastDate, Int(second / 3600))
  }

  /// The `local_hour_shift` of an instant: its local hour number minus its UTC one.
  package mutating func hourShift(_ epoch: Int64) -> Int64 {
    let offset = Int64(offsets.offset(at: epoch))
    let localHour = WallClock.floorDivide(WallClock.adding(epoch, offset), 3600).quotient
    return ForecastHourColumns.shift(validAt: epoch, localHour: localHour)
  }
}
