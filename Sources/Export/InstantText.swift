import SkycastModel

/// Byte-level forms of `WallClock.iso8601(epoch:offset:)` and
/// `WallClock.spreadsheetTime(epoch:offset:)` for the export hot path.
///
/// The output is byte-identical to `WallClock`'s (tests check it over a range of instants and
/// offsets); these only skip building several `String`s per cell.
public enum InstantText {
  /// Appends `2026-03-20T06:00:00+01:00` (RFC 3339), as `WallClock.iso8601`.
  public static func appendISO8601(epoch: Int64, offset: Int, to buffer: inout [UInt8]) {
    guard let (date, secondOfDay) = localParts(epoch: epoch, offset: offset) else {
      var text = WallClock.iso8601(epoch: epoch, offset: offset)
      text.withUTF8 { buffer.append(contentsOf: $0) }
      return
    }
    appendDate(date, to: &buffer)
    buffer.append(UInt8(ascii: "T"))
    appendTwo(Int(secondOfDay / 3600), to: &buffer)
    buffer.append(UInt8(ascii: ":"))
    appendTwo(Int(secondOfDay % 3600 / 60), to: &buffer)
    buffer.append(UInt8(ascii: ":"))
    appendTwo(Int(secondOfDay % 60), to: &buffer)
    let magnitude = offset.magnitude
    guard magnitude / 3600 < 100 else {
      var text = WallClock.offsetText(offset)
      text.withUTF8 { buffer.append(contentsOf: $0) }
      return
    }
    buffer.append(offset < 0 ? UInt8(ascii: "-") : UInt8(ascii: "+"))
    appendTwo(Int(magnitude / 3600), to: &buffer)
    buffer.append(UInt8(ascii: ":"))
    appendTwo(Int(magnitude % 3600 / 60), to: &buffer)
  }

  /// Appends `2026-03-20 06:00` (local time at `offset`), as `WallClock.spreadsheetTime`.
  public static func appendSpreadsheetTime(epoch: Int64, offset: Int, to buffer: inout [UInt8]) {
    guard let (date, secondOfDay) = localParts(epoch: epoch, offset: offset) else {
      var text = WallClock.spreadsheetTime(epoch: epoch, offset: offset)
      text.withUTF8 { buffer.append(contentsOf: $0) }
      return
    }
    appendDate(date, to: &buffer)
    buffer.append(UInt8(ascii: " "))
    appendTwo(Int(secondOfDay / 3600), to: &buffer)
    buffer.append(UInt8(ascii: ":"))
    appendTwo(Int(secondOfDay % 3600 / 60), to: &buffer)
  }

  /// The local date and second of the day, or nil outside years 1…9999 (where `WallClock`'s
  /// own text is used).
  private static func localParts(epoch: Int64, offset: Int) -> (LocalDate, Int64)? {
    let (local, overflow) = epoch.addingReportingOverflow(Int64(offset))
    guard !overflow, local > -62_135_596_800, local < 253_402_300_800 else { return nil }
    let (days, secondOfDay) = WallClock.floorDivide(local, 86_400)
    return (LocalDate(dayNumber: days), secondOfDay)
  }

  private static func appendDate(_ date: LocalDate, to buffer: inout [UInt8]) {
    appendTwo(date.year / 100, to: &buffer)
    appendTwo(date.year % 100, to: &buffer)
    buffer.append(UInt8(ascii: "-"))
    appendTwo(date.month, to: &buffer)
    buffer.append(UInt8(ascii: "-"))
    appendTwo(date.day, to: &buffer)
  }

  @inline(__always)
  private static func appendTwo(_ value: Int, to buffer: inout [UInt8]) {
    buffer.append(0x30 + UInt8(truncatingIfNeeded: value / 10))
    buffer.append(0x30 + UInt8(truncatingIfNeeded: value % 10))
  }
}
