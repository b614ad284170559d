import Foundation

/// The UTC offset of one zone at many instants, remembering the interval between two offset
/// transitions so that a stream of nearby instants costs one comparison each.
///
/// `TimeZone.secondsFromGMT(for:)` costs about 0.1 µs; an export of millions of rows with two
/// instants each would spend a noticeable share of its time there. Rows arrive mostly in time
/// order within a city, so after one lookup the offset stays valid until the zone's next
/// transition (`TimeZone.nextDaylightSavingTimeTransition(after:)`, which ICU reports for every
/// offset change, not only daylight saving time).
///
/// ```swift
/// var offsets = ZoneOffsetCache(zone: CityTimeZone(identifier: "Europe/Berlin")!)
/// offsets.offset(at: 1_773_982_800)  // 3600
/// ```
public struct ZoneOffsetCache {
  private let zone: TimeZone
  /// The cached offset holds for instants in `validFrom..<validUntil`.
  private var validFrom: Int64 = .max
  private var validUntil: Int64 = .min
  private var cached = 0

  public init(zone: CityTimeZone) {
    self.zone = TimeZone(identifier: zone.identifier) ?? TimeZone(secondsFromGMT: 0)!
  }

  /// Seconds east of UTC in force at `epoch` (identical to `CityTimeZone.offset(at:)`).
  @inline(__always)
  public mutating func offset(at epoch: Int64) -> Int {
    if epoch >= validFrom && epoch < validUntil { return cached }
    return refresh(epoch)
  }

  private mutating func refresh(_ epoch: Int64) -> Int {
    let date = Date(timeIntervalSince1970: TimeInterval(epoch))
    cached = CityTimeZone.wholeMinutes(zone.secondsFromGMT(for: date))
    validFrom = epoch
    if let next = zone.nextDaylightSavingTimeTransition(after: date) {
      validUntil = Int64(next.timeIntervalSince1970.rounded(.up))
    } else {
      validUntil = .max
    }
    return cached
  }
}
