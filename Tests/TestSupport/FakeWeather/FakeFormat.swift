import Foundation

/// Number, date and JSON text helpers for the fake. Everything is hand-formatted so the same
/// request always gives the same bytes, with Open-Meteo's layout (compact JSON, fixed decimals per
/// unit, `null` for missing values, local times as `2026-03-20T06:00`).
enum FakeFormat {
  /// `value` with exactly `decimals` places, rounded half away from zero; `null` when nil or not
  /// finite. Never prints `-0.0`.
  static func number(_ value: Double?, decimals: Int) -> String {
    guard let value, value.isFinite else { return "null" }
    var scale = 1.0
    for _ in 0..<decimals { scale *= 10 }
    guard abs(value * scale) < 9e15 else { return shortest(value) }
    let scaled = Int64((value * scale).rounded(.toNearestOrAwayFromZero))
    let negative = scaled < 0
    let magnitude = negative ? UInt64(-scaled) : UInt64(scaled)
    var digits = String(magnitude)
    if decimals > 0 {
      if digits.count <= decimals {
        digits = String(repeating: "0", count: decimals - digits.count + 1) + digits
      }
      digits.insert(".", at: digits.index(digits.endIndex, offsetBy: -decimals))
    }
    return (negative ? "-" : "") + digits
  }

  /// A coordinate or other free-form double in its shortest round-trip form (`52.52`, `87.0`).
  static func shortest(_ value: Double) -> String {
    "\(value)"
  }

  // MARK: - Dates (days since 1970-01-01, proleptic Gregorian)

  /// `(year, month, day)` of a day number (Hinnant's `civil_from_days`).
  static func civil(_ dayNumber: Int64) -> (year: Int64, month: Int64, day: Int64) {
    let z = dayNumber + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let doe = z - era * 146_097
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
    let mp = (5 * doy + 2) / 153
    let d = doy - (153 * mp + 2) / 5 + 1
    let m = mp < 10 ? mp + 3 : mp - 9
    return (yoe + era * 400 + (m <= 2 ? 1 : 0), m, d)
  }

  /// The day number of a date (Hinnant's `days_from_civil`).
  static func dayNumber(year: Int64, month: Int64, day: Int64) -> Int64 {
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yoe = y - era * 400
    let doy = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
    return era * 146_097 + doe - 719_468
  }

  /// Parses exactly `YYYY-MM-DD` into a day number.
  static func parseDate(_ text: String) -> Int64? {
    let parts = text.split(separator: "-", omittingEmptySubsequences: false)
    guard text.count == 10, parts.count == 3, parts[0].count == 4, parts[1].count == 2,
      parts[2].count == 2, let year = Int64(parts[0]), let month = Int64(parts[1]),
      let day = Int64(parts[2]), (1...12).contains(month), day >= 1
    else { return nil }
    let next =
      month == 12
      ? dayNumber(year: year + 1, month: 1, day: 1)
      : dayNumber(year: year, month: month + 1, day: 1)
    let number = dayNumber(year: year, month: month, day: day)
    return number < next ? number : nil
  }

  static func floorDiv(_ value: Int64, _ divisor: Int64) -> Int64 {
    value >= 0 ? value / divisor : -((-value + divisor - 1) / divisor)
  }

  /// `YYYY-MM-DD` of a day number.
  static func date(_ dayNumber: Int64) -> String {
    let (y, m, d) = civil(dayNumber)
    return pad(y, 4) + "-" + pad(m, 2) + "-" + pad(d, 2)
  }

  /// `YYYY-MM-DDTHH:MM` of wall-clock seconds (epoch seconds already shifted by the offset).
  static func wallTime(_ seconds: Int64) -> String {
    let day = floorDiv(seconds, 86_400)
    let secondOfDay = seconds - day * 86_400
    return date(day) + "T" + pad(secondOfDay / 3600, 2) + ":" + pad(secondOfDay % 3600 / 60, 2)
  }

  static func pad(_ value: Int64, _ width: Int) -> String {
    let text = String(value)
    return text.count >= width ? text : String(repeating: "0", count: width - text.count) + text
  }

  /// Open-Meteo's `timezone_abbreviation` for a fixed offset: `GMT`, `GMT+1`, `GMT-6`, `GMT+5:30`.
  static func abbreviation(offset: Int) -> String {
    guard offset != 0 else { return "GMT" }
    let sign = offset < 0 ? "-" : "+"
    let magnitude = abs(offset)
    let hours = magnitude / 3600
    let minutes = magnitude % 3600 / 60
    return "GMT" + sign + String(hours) + (minutes == 0 ? "" : ":" + pad(Int64(minutes), 2))
  }
}

/// A compact JSON object builder that keeps keys in insertion order.
struct JSONObjectText {
  private var text = "{"
  private var empty = true

  /// Adds `"key":` followed by already-encoded JSON.
  mutating func raw(_ key: String, _ json: String) {
    if !empty { text += "," }
    empty = false
    text += Reply.jsonString(key) + ":" + json
  }

  mutating func string(_ key: String, _ value: String) { raw(key, Reply.jsonString(value)) }

  mutating func number(_ key: String, _ value: Double) { raw(key, FakeFormat.shortest(value)) }

  mutating func integer(_ key: String, _ value: Int) { raw(key, String(value)) }

  /// A JSON array of already-encoded elements.
  mutating func array(_ key: String, _ elements: [String]) {
    raw(key, "[" + elements.joined(separator: ",") + "]")
  }

  var json: String { text + "}" }
}
