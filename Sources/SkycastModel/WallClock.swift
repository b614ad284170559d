/// Parsing and formatting of the fixed-format times Skycast reads and writes.
///
/// Open-Meteo sends local wall times without seconds or offset (`2026-03-20T06:00`), which
/// `ISO8601DateFormatter` cannot parse, and `DateFormatter` with an IANA zone crashes on Linux
/// when `/usr/share/zoneinfo` is missing, so these are written by hand on epoch arithmetic.
public enum WallClock {
  /// Seconds since 1970 of a wall time `YYYY-MM-DDTHH:MM[:SS]` (or with a space), read as if UTC.
  /// Returns nil when the text is not exactly that shape or a field is out of range.
  public static func secondsAsUTC(_ bytes: UnsafeBufferPointer<UInt8>) -> Int64? {
    let count = bytes.count
    guard count == 16 || count == 19 else { return nil }
    let separator = bytes[10]
    guard bytes[4] == 0x2D, bytes[7] == 0x2D, separator == 0x54 || separator == 0x20,
      bytes[13] == 0x3A
    else { return nil }
    func number(_ start: Int, _ width: Int) -> Int? {
      var value = 0
      for index in start..<(start + width) {
        let byte = bytes[index]
        guard byte >= 0x30, byte <= 0x39 else { return nil }
        value = value * 10 + Int(byte - 0x30)
      }
      return value
    }
    guard let year = number(0, 4), let month = number(5, 2), let day = number(8, 2),
      let hour = number(11, 2), let minute = number(14, 2), hour < 24, minute < 60,
      let date = LocalDate(year: year, month: month, day: day)
    else { return nil }
    var seconds = 0
    if count == 19 {
      guard bytes[16] == 0x3A, let value = number(17, 2), value < 60 else { return nil }
      seconds = value
    }
    return date.midnightAsUTC + Int64(hour * 3600 + minute * 60 + seconds)
  }

  /// String convenience for `secondsAsUTC(_:)`.
  public static func secondsAsUTC(_ text: String) -> Int64? {
    var text = text
    return text.withUTF8 { secondsAsUTC($0) }
  }

  /// Parses an ISO 8601 time with or without an offset: `2026-03-20T06:00`, `…:00Z`,
  /// `…T06:00+01:00`, `…T06:00:00-0530`. Returns the wall seconds (as if UTC) and the offset in
  /// seconds when one was given.
  public static func parseISO8601(_ text: String) -> (wallSeconds: Int64, offset: Int?)? {
    var text = text
    return text.withUTF8 { parseISO8601($0) }
  }

  /// `parseISO8601(_:)` on UTF-8 bytes (the import reads its cells as bytes).
  public static func parseISO8601(_ bytes: UnsafeBufferPointer<UInt8>) -> (
    wallSeconds: Int64, offset: Int?
  )? {
    var base = bytes.count
    var offset: Int?
    if bytes.last == UInt8(ascii: "Z") || bytes.last == UInt8(ascii: "z") {
      base -= 1
      offset = 0
    } else if bytes.count > 16 {
      // Look for +HH:MM, -HH:MM, +HHMM or +HH after the time part.
      for index in stride(from: bytes.count - 1, through: 16, by: -1)
      where bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
        let sign = bytes[index] == UInt8(ascii: "-") ? -1 : 1
        var digits = 0
        var value = 0
        for byte in bytes[(index + 1)...] where byte != UInt8(ascii: ":") {
          guard byte >= 0x30, byte <= 0x39 else { return nil }
          digits += 1
          if digits <= 4 { value = value * 10 + Int(byte - 0x30) }
        }
        guard digits == 2 || digits == 4 else { return nil }
        let hours = digits == 4 ? value / 100 : value
        let minutes = digits == 4 ? value % 100 : 0
        guard hours <= 18, minutes < 60 else { return nil }
        offset = sign * (hours * 3600 + minutes * 60)
        base = index
        break
      }
    }
    guard let wall = secondsAsUTC(UnsafeBufferPointer(rebasing: bytes[0..<base])) else {
      return nil
    }
    return (wall, offset)
  }

  /// `2026-03-20T06:00:00+01:00`: local time at `offset` with the offset, in RFC 3339's form
  /// (seconds always written: strict parsers such as DuckDB's TIMESTAMPTZ cast refuse
  /// `06:00+01:00`; `+00:00` rather than `Z`, so every row has the same shape).
  public static func iso8601(epoch: Int64, offset: Int) -> String {
    let local = adding(epoch, Int64(offset))
    let (days, secondOfDay) = floorDivide(local, 86_400)
    let date = LocalDate(dayNumber: days)
    let hour = Int(secondOfDay / 3600)
    let minute = Int(secondOfDay % 3600 / 60)
    let second = Int(secondOfDay % 60)
    return date.description + "T" + LocalDate.pad(hour, 2) + ":" + LocalDate.pad(minute, 2) + ":"
      + LocalDate.pad(second, 2) + offsetText(offset)
  }

  /// `2026-03-20T05:00:00Z`: the instant in UTC (`--utc`).
  public static func utc(epoch: Int64) -> String {
    let text = iso8601(epoch: epoch, offset: 0)
    return String(text.dropLast(6)) + "Z"
  }

  /// `2026-04-02T06:00`: the instant in UTC to the minute, without a zone (the Single Runs
  /// API's `run=`, and model runs in messages, which add `Z`).
  public static func utcMinute(epoch: Int64) -> String {
    String(iso8601(epoch: epoch, offset: 0).prefix(16))
  }

  /// `YYYY-MM-DD HH:MM` local time at `offset` (the `--excel` layout, which spreadsheets read
  /// as a date-time).
  public static func spreadsheetTime(epoch: Int64, offset: Int) -> String {
    let (days, secondOfDay) = floorDivide(adding(epoch, Int64(offset)), 86_400)
    return LocalDate(dayNumber: days).description + " " + LocalDate.pad(Int(secondOfDay / 3600), 2)
      + ":" + LocalDate.pad(Int(secondOfDay % 3600 / 60), 2)
  }

  /// `+01:00`, `-05:30`, `+00:00`.
  public static func offsetText(_ offset: Int) -> String {
    let sign = offset < 0 ? "-" : "+"
    let magnitude = abs(offset)
    return sign + LocalDate.pad(magnitude / 3600, 2) + ":" + LocalDate.pad(magnitude % 3600 / 60, 2)
  }

  /// The start of the UTC hour containing `epoch` (an `issued_at`).
  @inline(__always)
  public static func floorToHour(_ epoch: Int64) -> Int64 {
    subtracting(epoch, floorDivide(epoch, 3600).remainder)
  }

  /// Floor division with a remainder in `0..<divisor` (`divisor` > 0), for times before 1970.
  /// Defined for every `Int64`, `Int64.min` included.
  @inline(__always)
  public static func floorDivide(_ value: Int64, _ divisor: Int64) -> (
    quotient: Int64, remainder: Int64
  ) {
    let (quotient, remainder) = value.quotientAndRemainder(dividingBy: divisor)
    return remainder < 0 ? (quotient - 1, remainder + divisor) : (quotient, remainder)
  }

  // MARK: - Arithmetic on stored values

  /// `a + b`, held at `Int64.min`/`Int64.max` instead of trapping: stored times come from files
  /// anyone can edit, and a time near the limits must give a wrong-looking answer or an error
  /// (see `StoredTime`), never a crash.
  @inline(__always)
  public static func adding(_ a: Int64, _ b: Int64) -> Int64 {
    let (sum, overflow) = a.addingReportingOverflow(b)
    return overflow ? (b > 0 ? .max : .min) : sum
  }

  /// `a − b`, held at the limits instead of trapping (see `adding(_:_:)`).
  @inline(__always)
  public static func subtracting(_ a: Int64, _ b: Int64) -> Int64 {
    let (difference, overflow) = a.subtractingReportingOverflow(b)
    return overflow ? (b > 0 ? .min : .max) : difference
  }
}
