/// A calendar date without a time zone (`YYYY-MM-DD`), in the proleptic Gregorian calendar.
///
/// Date arithmetic is done on day numbers (days since 1970-01-01) with Howard Hinnant's
/// `days_from_civil` algorithms, which avoid `Calendar` in hot paths and cannot crash on Linux
/// without `/usr/share/zoneinfo`.
public struct LocalDate: Hashable, Comparable, Sendable, CustomStringConvertible {
  public let year: Int
  public let month: Int
  public let day: Int

  /// A validated date, or nil (month 1–12, day within the month, year 1–9999).
  public init?(year: Int, month: Int, day: Int) {
    guard (1...9999).contains(year), (1...12).contains(month),
      (1...LocalDate.daysInMonth(year: year, month: month)).contains(day)
    else { return nil }
    self.year = year
    self.month = month
    self.day = day
  }

  /// The date `dayNumber` days after 1970-01-01.
  public init(dayNumber: Int64) {
    let z = dayNumber + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let doe = z - era * 146_097
    let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
    let mp = (5 * doy + 2) / 153
    let d = doy - (153 * mp + 2) / 5 + 1
    let m = mp < 10 ? mp + 3 : mp - 9
    let y = yoe + era * 400 + (m <= 2 ? 1 : 0)
    self.year = Int(y)
    self.month = Int(m)
    self.day = Int(d)
  }

  /// Parses exactly `YYYY-MM-DD`.
  public init?(_ text: some StringProtocol) {
    let bytes = Array(text.utf8)
    guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
      let year = LocalDate.digits(bytes, 0, 4), let month = LocalDate.digits(bytes, 5, 2),
      let day = LocalDate.digits(bytes, 8, 2)
    else { return nil }
    self.init(year: year, month: month, day: day)
  }

  /// Days since 1970-01-01 (negative before).
  public var dayNumber: Int64 {
    let y = Int64(month <= 2 ? year - 1 : year)
    let era = (y >= 0 ? y : y - 399) / 400
    let yoe = y - era * 400
    let m = Int64(month)
    let doy = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + Int64(day) - 1
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
    return era * 146_097 + doe - 719_468
  }

  /// The date `days` later (or earlier when negative).
  public func adding(days: Int) -> LocalDate { LocalDate(dayNumber: dayNumber + Int64(days)) }

  /// Whole days from `self` to `other`.
  public func days(to other: LocalDate) -> Int { Int(other.dayNumber - dayNumber) }

  /// Midnight of this date read as if it were UTC, in epoch seconds.
  public var midnightAsUTC: Int64 { dayNumber * 86_400 }

  /// `YYYY-MM`.
  public var monthText: String { Self.pad(year, 4) + "-" + Self.pad(month, 2) }

  /// `YYYY-MM-DD`.
  public var description: String {
    Self.pad(year, 4) + "-" + Self.pad(month, 2) + "-" + Self.pad(day, 2)
  }

  public static func < (lhs: LocalDate, rhs: LocalDate) -> Bool { lhs.dayNumber < rhs.dayNumber }

  public static func daysInMonth(year: Int, month: Int) -> Int {
    switch month {
    case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
    case 4, 6, 9, 11: 30
    default: 31
    }
  }

  package static func digits(_ bytes: [UInt8], _ start: Int, _ count: Int) -> Int? {
    var value = 0
    for index in start..<(start + count) {
      let byte = bytes[index]
      guard byte >= 0x30, byte <= 0x39 else { return nil }
      value = value * 10 + Int(byte - 0x30)
    }
    return value
  }

  package static func pad(_ value: Int, _ width: Int) -> String {
    let text = String(value)
    return text.count >= width ? text : String(repeating: "0", count: width - text.count) + text
  }
}
