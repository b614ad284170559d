import SkycastModel

/// Streams rows as JSON objects: a JSON array (`lines: false`) or NDJSON (`lines: true`).
///
/// Our own writer rather than `JSONEncoder`, which drops nil keys, escapes `/` and cannot
/// stream. Every object has every column's key, in column order; a missing value is `null`.
/// Strings are escaped minimally (RFC 8259): `"` and `\` with a backslash, `\n` `\r` `\t` as
/// short escapes, other control characters as `\u00XX`, and (so the file is safe to `cat`) DEL,
/// C1 and bidi controls and U+2028/U+2029 as `\uXXXX` too; `/`, CJK and all other non-ASCII
/// text are written as they are. Measures are fixed-decimal numbers, scores and dynamic reals
/// shortest round-trip numbers, non-finite numbers `null`, instants ISO 8601 strings with the
/// offset (`"2026-03-20T06:00+01:00"`).
///
/// The array form puts one object per line:
/// ```
/// [
/// {"city":"北京","temperature_2m":-6.2},
/// {"city":"Zürich","temperature_2m":null}
/// ]
/// ```
/// and prints `[]` when there are no rows. NDJSON prints one object per line and nothing else.
public final class JSONWriter: RowWriter {
  private let output: TextOutput
  /// True for NDJSON, false for an array.
  public let lines: Bool
  private var kinds: [Column.Kind] = []
  /// `{"name":` for the first column, `,"name":` for the others, escaped once.
  private var keys: [[UInt8]] = []
  private var begun = false
  private var rows = 0

  public init(output: TextOutput, lines: Bool) {
    self.output = output
    self.lines = lines
  }

  /// Comments are for humans; JSON carries none.
  public func comment(_ text: String) throws {}

  public func begin(columns: [Column]) throws {
    kinds = columns.map(\.kind)
    keys = columns.enumerated().map { index, column in
      var key: [UInt8] = [index == 0 ? UInt8(ascii: "{") : UInt8(ascii: ",")]
      Self.appendString(column.name, to: &key)
      key.append(UInt8(ascii: ":"))
      return key
    }
    begun = true
  }

  public func write(_ cells: [Cell]) throws {
    guard begun else { throw RowWriterError.notBegun }
    guard cells.count == kinds.count else {
      throw RowWriterError.cellCount(expected: kinds.count, actual: cells.count)
    }
    let lines = lines
    let first = rows == 0
    rows += 1
    try output.withBuffer { buffer in
      if !lines {
        buffer.append(first ? UInt8(ascii: "[") : UInt8(ascii: ","))
        buffer.append(0x0A)
      }
      if cells.isEmpty { buffer.append(UInt8(ascii: "{")) }
      for index in cells.indices {
        buffer.append(contentsOf: keys[index])
        Self.appendValue(cells[index], kind: kinds[index], to: &buffer)
      }
      buffer.append(UInt8(ascii: "}"))
      if lines { buffer.append(0x0A) }
    }
  }

  public func finish() throws {
    if !lines {
      try output.write(rows == 0 ? "[]\n" : "\n]\n")
    }
    try output.flush()
  }

  // MARK: - Values

  private static func appendValue(_ cell: Cell, kind: Column.Kind, to buffer: inout [UInt8]) {
    switch cell {
    case .null:
      buffer.append(contentsOf: null)
    case .text(let text):
      appendString(text, to: &buffer)
    case .number(let value):
      if !CellFormat.appendNumber(value, kind: kind, style: .data, to: &buffer) {
        buffer.append(contentsOf: null)
      }
    case .integer(let value):
      if kind == .instant {
        appendInstant(epoch: value, offset: 0, to: &buffer)
      } else {
        CellFormat.appendInteger(value, kind: kind, style: .data, to: &buffer)
      }
    case .instant(let epoch, let offset):
      appendInstant(epoch: epoch, offset: offset, to: &buffer)
    }
  }

  private static func appendInstant(epoch: Int64, offset: Int, to buffer: inout [UInt8]) {
    buffer.append(0x22)
    InstantText.appendISO8601(epoch: epoch, offset: offset, to: &buffer)
    buffer.append(0x22)
  }

  /// Appends `text` as a JSON string literal, escaped minimally.
  package static func appendString(_ text: String, to buffer: inout [UInt8]) {
    buffer.append(0x22)
    let bytes = text.utf8
    if bytes.contains(where: { $0 == 0x7F || $0 == 0xC2 || $0 == 0xD8 || $0 == 0xE2 }) {
      appendEscapingTerminalControls(text, to: &buffer)
    } else {
      for byte in bytes { appendASCIIEscaped(byte, to: &buffer) }
    }
    buffer.append(0x22)
  }

  /// One byte of a string literal: `"` and `\` with a backslash, `\n` `\r` `\t`, other C0
  /// controls as `\u00XX`, anything else as it is.
  @inline(__always)
  private static func appendASCIIEscaped(_ byte: UInt8, to buffer: inout [UInt8]) {
    switch byte {
    case 0x22, 0x5C:
      buffer.append(0x5C)
      buffer.append(byte)
    case 0x0A, 0x0D, 0x09:
      buffer.append(0x5C)
      buffer.append(
        byte == 0x0A ? UInt8(ascii: "n") : byte == 0x0D ? UInt8(ascii: "r") : UInt8(ascii: "t"))
    case 0x00..<0x20:
      appendUnicodeEscape(UInt32(byte), to: &buffer)
    default:
      buffer.append(byte)
    }
  }

  /// `\uXXXX` for a scalar of the Basic Multilingual Plane.
  private static func appendUnicodeEscape(_ value: UInt32, to buffer: inout [UInt8]) {
    buffer.append(0x5C)
    buffer.append(UInt8(ascii: "u"))
    for shift: UInt32 in [12, 8, 4, 0] { buffer.append(hexDigits[Int((value >> shift) & 0x0F)]) }
  }

  /// The slow path of `appendString` for text that may hold DEL, C1 controls, bidi controls or
  /// U+2028/U+2029: RFC 8259 allows them raw, but `cat file.json` would send them to the
  /// terminal (and U+2028 ends a line in JavaScript), so they are written as `\u` escapes too.
  /// A JSON reader gets the same string back.
  private static func appendEscapingTerminalControls(_ text: String, to buffer: inout [UInt8]) {
    for scalar in text.unicodeScalars {
      let value = scalar.value
      if value < 0x80 && value != 0x7F {
        appendASCIIEscaped(UInt8(value), to: &buffer)
      } else if TerminalSafe.needsEscaping(scalar) || value == 0x2028 || value == 0x2029 {
        appendUnicodeEscape(value, to: &buffer)
      } else {
        buffer.append(contentsOf: String(scalar).utf8)
      }
    }
  }
}

private let null: [UInt8] = Array("null".utf8)
private let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)
