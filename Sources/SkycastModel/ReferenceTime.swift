/// The moment a view relative to "now" (`spark`'s last week, `now`) is drawn at: the clock, or a
/// time the user pins with `--at` or `SKYCAST_NOW`.
///
/// A time without an offset is a wall time read in each city's own zone, as every date Skycast
/// takes (`--at 2026-07-30T12:00` is noon in Berlin for Berlin and noon in Denver for Denver); a
/// date alone means that date's last hour, so the week "up to" it ends with the whole date.
public enum ReferenceTime: Equatable, Sendable {
  /// One instant for every city (the clock, or a time given with `Z` or an offset).
  case instant(Int64)
  /// A local wall time (seconds as if UTC), resolved in each city's zone.
  case local(wallSeconds: Int64)

  /// `YYYY-MM-DD`, `YYYY-MM-DDTHH[:MM[:SS]]` with an optional `Z` or `±HH:MM`, or whole epoch
  /// seconds (`SKYCAST_NOW=1785100800`); nil for anything else.
  public static func parse(_ text: String) -> ReferenceTime? {
    let text = text.trimmingCharactersInSpaces
    if !text.isEmpty, text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), text.count <= 12,
      let seconds = Int64(text)
    {
      return .instant(seconds)
    }
    if let date = LocalDate(text), text.count == 10 {
      return .local(wallSeconds: date.midnightAsUTC + 23 * 3600)
    }
    // `2026-07-30T12` → `2026-07-30T12:00` (an hour is what the views resolve to).
    var bytes = Array(text.utf8)
    if bytes.count >= 13, bytes[10] == UInt8(ascii: "T") || bytes[10] == UInt8(ascii: " "),
      bytes.count == 13 || bytes[13] != UInt8(ascii: ":")
    {
      bytes.insert(contentsOf: Array(":00".utf8), at: 13)
    }
    let normalized = String(decoding: bytes, as: UTF8.self)
    guard let parsed = WallClock.parseISO8601(normalized) else { return nil }
    if let offset = parsed.offset { return .instant(parsed.wallSeconds - Int64(offset)) }
    return .local(wallSeconds: parsed.wallSeconds)
  }

  /// The instant in `zone`: a wall time in a clock change's gap moves to the first hour after
  /// it; one that happens twice is the first.
  public func epoch(in zone: CityTimeZone) -> Int64 {
    switch self {
    case .instant(let epoch): return epoch
    case .local(var wall):
      while true {
        switch zone.resolve(wallSeconds: wall) {
        case .unique(let instant): return instant
        case .overlap(let first, _): return first
        case .gap: wall += 3600
        }
      }
    }
  }

  /// How the time reads in messages: `2026-07-30T12:00` (local) or `2026-07-30T10:00Z`.
  public var description: String {
    switch self {
    case .instant(let epoch): WallClock.utcMinute(epoch: epoch) + "Z"
    case .local(let wall): WallClock.utcMinute(epoch: wall)
    }
  }
}

extension String {
  fileprivate var trimmingCharactersInSpaces: String {
    String(
      drop(while: { $0 == " " || $0 == "\t" }).reversed().drop(while: { $0 == " " || $0 == "\t" })
        .reversed())
  }
}
