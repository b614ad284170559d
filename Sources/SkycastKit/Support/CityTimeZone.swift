import Foundation

/// A city's IANA time zone, with the conversions Skycast needs between instants and local time.
///
/// Uses `TimeZone(identifier:)` only (not `DateFormatter`, which crashes on Linux without
/// `/usr/share/zoneinfo`). Identifiers are case-sensitive; `UTC` and `Etc/UTC` are valid.
public struct CityTimeZone: Sendable, Hashable {
  public let identifier: String
  private let zone: TimeZone

  /// The zone, or nil when the identifier is unknown.
  public init?(identifier: String) {
    guard !identifier.isEmpty, let zone = TimeZone(identifier: identifier) else { return nil }
    self.identifier = identifier
    self.zone = zone
  }

  public static let utc = CityTimeZone(identifier: "UTC")!

  /// Seconds east of UTC in force at `epoch`.
  @inline(__always)
  public func offset(at epoch: Int64) -> Int {
    zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(epoch)))
  }

  /// The local date and hour (0–23) of an instant.
  public func local(_ epoch: Int64) -> (date: LocalDate, hour: Int) {
    let (days, secondOfDay) = WallClock.floorDivide(
      WallClock.adding(epoch, Int64(offset(at: epoch))), 86_400)
    return (LocalDate(dayNumber: days), Int(secondOfDay / 3600))
  }

  /// The local date of an instant.
  public func localDate(_ epoch: Int64) -> LocalDate { local(epoch).date }

  /// What a naive local wall time means in this zone.
  public enum Resolution: Equatable, Sendable {
    /// Exactly one instant.
    case unique(Int64)
    /// The wall time does not exist (clocks jumped over it).
    case gap
    /// The wall time happens twice (clocks went back); both instants, earlier first.
    case overlap(Int64, Int64)
  }

  /// Resolves a local wall time given as seconds-as-if-UTC (see `WallClock.secondsAsUTC`).
  public func resolve(wallSeconds: Int64) -> Resolution {
    let candidates = Set([
      offset(at: wallSeconds - 86_400), offset(at: wallSeconds + 86_400), offset(at: wallSeconds),
    ])
    let instants = candidates.map { wallSeconds - Int64($0) }
      .filter { offset(at: $0) == Int(wallSeconds - $0) }
    let sorted = Set(instants).sorted()
    switch sorted.count {
    case 0: return .gap
    case 1: return .unique(sorted[0])
    default: return .overlap(sorted[0], sorted[sorted.count - 1])
    }
  }

  /// The first instant of a local date (local midnight, or the first hour after a gap).
  public func startOfDay(_ date: LocalDate) -> Int64 {
    var wall = date.midnightAsUTC
    while true {
      switch resolve(wallSeconds: wall) {
      case .unique(let instant): return instant
      case .overlap(let first, _): return first
      case .gap: wall += 3600
      }
    }
  }
}
