import Foundation

/// A city's IANA time zone, with the conversions Skycast needs between instants and local time.
///
/// Uses `TimeZone(identifier:)` only (not `DateFormatter`, which crashes on Linux without
/// `/usr/share/zoneinfo`). Identifiers are case-sensitive; `UTC` and `Etc/UTC` are valid.
public struct CityTimeZone: Sendable, Hashable {
  public let identifier: String
  private let zone: TimeZone

  /// The zone, or nil when the identifier is unknown or not shaped like an IANA name.
  public init?(identifier: String) {
    guard Self.isWellFormed(identifier), let zone = TimeZone(identifier: identifier) else {
      return nil
    }
    self.identifier = identifier
    self.zone = zone
  }

  public static let utc = CityTimeZone(identifier: "UTC")!

  /// True for text shaped like an IANA zone name: ASCII letters, digits, `_`, `+` and `-` in
  /// `/`-separated parts, at most 64 bytes (the longest real name has 32). A name from outside
  /// (a geocoder's answer) such as `../../etc/passwd` is refused before any lookup, so no
  /// platform's zone loader ever sees a path.
  public static func isWellFormed(_ identifier: String) -> Bool {
    let bytes = identifier.utf8
    guard !bytes.isEmpty, bytes.count <= 64 else { return false }
    var previous = UInt8(ascii: "/")
    for byte in bytes {
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "+"),
        UInt8(ascii: "-"):
        break
      case UInt8(ascii: "/") where previous != UInt8(ascii: "/"):
        break
      default:
        return false
      }
      previous = byte
    }
    return previous != UInt8(ascii: "/")
  }

  /// Seconds east of UTC in force at `epoch`, in whole minutes (see `wholeMinutes(_:)`).
  @inline(__always)
  public func offset(at epoch: Int64) -> Int {
    Self.wholeMinutes(zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(epoch))))
  }

  /// An offset rounded to the nearest whole minute (half away from zero). Before standard time
  /// some zones kept local mean time with seconds (Asia/Shanghai +08:05:43 until 1901,
  /// Africa/Monrovia −00:44:30 until 1972), which an RFC 3339 offset cannot write and the
  /// importer would not take back; rounded, an exported time names exactly the instant it came
  /// from. Every offset since 1972 is whole minutes already.
  @inline(__always)
  public static func wholeMinutes(_ seconds: Int) -> Int {
    guard seconds % 60 != 0 else { return seconds }
    return Int((Double(seconds) / 60).rounded(.toNearestOrAwayFromZero)) * 60
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
