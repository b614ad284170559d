import Foundation
import SkycastModel

/// Reading the times of import files: ISO 8601 with `Z` or an offset is an instant; without
/// one it is the city's local wall time, resolved in its IANA zone, where a time the clocks
/// skip (DST gap) or pass twice (DST overlap) is an error unless an offset settles it.
package enum ImportTimes {
  /// The instant a time cell names, inside `PlausibleTime`.
  ///
  /// - Parameters:
  ///   - column: the column name, for messages.
  ///   - zone: the city's zone; nil when the city has none saved (naive times are then refused).
  ///   - offset: a UTC offset from the row's `utc_offset` column, used for a naive time.
  /// - Returns: epoch seconds, or the problem in words.
  package static func instant(
    _ text: String, column: String, city: City, zone: CityTimeZone?, offset: Int?
  ) -> Result<Int64, ImportRowError> {
    resolvedInstant(text, column: column, city: city, zone: zone, offset: offset).flatMap {
      instant in
      guard PlausibleTime.instants.contains(instant) else {
        return .failure(
          ImportRowError("\(column) \(text) is outside \(PlausibleTime.description)"))
      }
      return .success(instant)
    }
  }

  /// The instant a time cell names, before the bounds check.
  private static func resolvedInstant(
    _ text: String, column: String, city: City, zone: CityTimeZone?, offset: Int?
  ) -> Result<Int64, ImportRowError> {
    guard let parsed = WallClock.parseISO8601(text) else {
      return .failure(
        ImportRowError(
          "\(column) '\(text)' is not an ISO 8601 time (expected e.g. 2026-03-20T06:00, 2026-03-20T06:00Z or 2026-03-20T06:00+08:00)"
        ))
    }
    if let given = parsed.offset { return .success(parsed.wallSeconds - Int64(given)) }
    if let offset {
      let instant = parsed.wallSeconds - Int64(offset)
      if let zone, zone.offset(at: instant) != offset {
        return .failure(
          ImportRowError(
            "utc_offset \(WallClock.offsetText(offset)) does not match \(city.name) (\(zone.identifier)) at \(column) \(text), where it is \(WallClock.offsetText(zone.offset(at: instant)))"
          ))
      }
      return .success(instant)
    }
    guard let zone else {
      return .failure(
        ImportRowError(
          "\(column) '\(text)' has no UTC offset and \(city.name) has no time zone saved; write it with Z or an offset (e.g. \(text)+08:00)"
        ))
    }
    switch zone.resolve(wallSeconds: parsed.wallSeconds) {
    case .unique(let instant):
      return .success(instant)
    case .gap:
      return .failure(
        ImportRowError(
          "\(column) \(text) does not exist in \(zone.identifier) (the clocks jump forward over it); give the time with its UTC offset"
        ))
    case .overlap(let first, let second):
      let a = WallClock.offsetText(Int(parsed.wallSeconds - first))
      let b = WallClock.offsetText(Int(parsed.wallSeconds - second))
      return .failure(
        ImportRowError(
          "\(column) \(text) happens twice in \(zone.identifier) (the clocks go back); give it with its UTC offset: \(text)\(a) or \(text)\(b)"
        ))
    }
  }

  /// A `utc_offset` cell: `+01:00`, `-0530`, `+08`, `Z`, `UTC`, seconds such as `3600`, or
  /// hours such as `5.5` (in a `utc_offset (h)` column, as `export --excel` writes it, or any
  /// number with a decimal point). A `'` in front, from a spreadsheet export's formula guard, is
  /// ignored.
  package static func offset(_ raw: String, hours: Bool = false) -> Int? {
    let text = unguarded(raw)
    if hours || text.contains("."), let value = DecimalText.parse(text), abs(value) <= 18 {
      let seconds = (value * 3600).rounded()
      // Real offsets are whole minutes.
      guard seconds.truncatingRemainder(dividingBy: 60) == 0 else { return nil }
      return Int(seconds)
    }
    if text == "Z" || text == "UTC" || text == "GMT" { return 0 }
    if let sign = text.first, sign == "+" || sign == "-" {
      let digits = text.dropFirst().filter { $0 != ":" }
      if digits.count == 2 || digits.count == 4, digits.allSatisfy({ $0.isASCII && $0.isNumber }),
        let value = Int(digits)
      {
        let hours = digits.count == 4 ? value / 100 : value
        let minutes = digits.count == 4 ? value % 100 : 0
        if hours <= 18, minutes < 60 {
          return (sign == "-" ? -1 : 1) * (hours * 3600 + minutes * 60)
        }
      }
    }
    // Plain seconds east of UTC, as Open-Meteo's utc_offset_seconds.
    guard let seconds = Int(text), abs(seconds) <= 18 * 3600 else { return nil }
    return seconds
  }

  /// Text without the `'` guards a spreadsheet export adds against formulas (`FormulaGuard`).
  package static func unguarded(_ raw: String) -> String {
    FormulaGuard.unguarded(trimmed(raw))
  }

  /// Text without leading and trailing spaces and tabs. Most cells have none, so they are
  /// returned as they are without going through Foundation (this runs once per cell).
  package static func trimmed(_ text: String) -> String {
    let utf8 = text.utf8
    func isBlank(_ byte: UInt8?) -> Bool { byte == 0x20 || byte == 0x09 }
    guard isBlank(utf8.first) || isBlank(utf8.last) else { return text }
    return text.trimmingCharacters(in: .whitespaces)
  }

  /// True when an instant is a whole hour in UTC or in the city's local time (zones such as
  /// Asia/Kolkata have half-hour offsets, so their local hours are not whole UTC hours).
  package static func isWholeHour(_ instant: Int64, zone: CityTimeZone?) -> Bool {
    if WallClock.floorDivide(instant, 3600).remainder == 0 { return true }
    guard let zone else { return false }
    return WallClock.floorDivide(instant + Int64(zone.offset(at: instant)), 3600).remainder == 0
  }
}
