/// Reads RFC 4180 CSV from UTF-8 bytes, one record at a time.
///
/// Fields are separated by commas; a field in double quotes may hold commas, line breaks and
/// doubled quotes (`""` is one `"`); records end with CRLF, LF or a lone CR. It works on bytes,
/// not `Character`s, because `"\r\n"` is a single Swift `Character` (a grapheme cluster), and
/// splitting UTF-8 at these ASCII bytes never cuts a multi-byte character. Each record carries
/// the physical line it starts on, so errors can name it even after quoted line breaks.
///
/// ```swift
/// var reader = CSVReader(Array("city,note\r\nBerlin,\"a, b\"\r\n".utf8))
/// while let record = try reader.next() { print(record.line, record.fields) }
/// // 1 ["city", "note"]
/// // 2 ["Berlin", "a, b"]
/// ```
///
/// The input may also arrive in pieces (`init(pieces:)`), so a file of any length is read in
/// constant memory: only the record being read is held.
public struct CSVReader {
  private var bytes: [UInt8]
  private var position = 0
  private var line = 1
  /// The next piece of input, nil at its end.
  private var source: (() -> [UInt8]?)?

  public init(_ utf8: [UInt8]) {
    bytes = utf8
  }

  /// Reads the concatenation of the pieces `next` returns until it returns nil.
  public init(pieces next: @escaping () -> [UInt8]?) {
    bytes = []
    source = next
  }

  /// True when `bytes[position + ahead]` exists, reading more input if needed. Consumed bytes
  /// are dropped on the way, so `position` may move (to 0).
  @inline(__always)
  private mutating func has(_ ahead: Int) -> Bool {
    position + ahead < bytes.count || refill(ahead)
  }

  private mutating func refill(_ ahead: Int) -> Bool {
    guard let next = source else { return false }
    if position > 0 {
      bytes.removeSubrange(0..<position)
      position = 0
    }
    while ahead >= bytes.count {
      guard let piece = next() else {
        source = nil
        return false
      }
      bytes.append(contentsOf: piece)
    }
    return true
  }

  /// The next record, or nil at the end of the input.
  ///
  /// - Throws: `CSVSyntaxError` for an unterminated quoted field (naming the line it opened
  ///   on), text after a closing quote, or a quote inside an unquoted field.
  public mutating func next() throws(CSVSyntaxError) -> CSVRecord? {
    guard has(0) else { return nil }
    let startLine = line
    var fields: [String] = []
    var field: [UInt8] = []
    var atFieldStart = true
    while has(0) {
      let byte = bytes[position]
      switch byte {
      case quote where atFieldStart:
        try readQuoted(into: &field)
        atFieldStart = false
      case comma:
        fields.append(String(decoding: field, as: UTF8.self))
        field.removeAll(keepingCapacity: true)
        atFieldStart = true
        position += 1
      case carriageReturn, lineFeed:
        position += 1
        if byte == carriageReturn, has(0), bytes[position] == lineFeed {
          position += 1
        }
        line += 1
        fields.append(String(decoding: field, as: UTF8.self))
        return CSVRecord(line: startLine, fields: fields)
      case quote:
        throw CSVSyntaxError.quoteInUnquotedField(line: line)
      default:
        field.append(byte)
        atFieldStart = false
        position += 1
      }
    }
    fields.append(String(decoding: field, as: UTF8.self))
    return CSVRecord(line: startLine, fields: fields)
  }

  /// Reads a quoted field starting at the opening quote; leaves `position` after the closing one.
  private mutating func readQuoted(into field: inout [UInt8]) throws(CSVSyntaxError) {
    let openedOn = line
    position += 1
    while true {
      guard has(0) else {
        throw CSVSyntaxError.unclosedQuote(line: openedOn)
      }
      let byte = bytes[position]
      if byte == quote {
        if has(1), bytes[position + 1] == quote {
          field.append(quote)
          position += 2
          continue
        }
        position += 1
        break
      }
      if byte == lineFeed
        || (byte == carriageReturn
          && (!has(1) || bytes[position + 1] != lineFeed))
      {
        line += 1
      }
      field.append(byte)
      position += 1
    }
    if has(0) {
      let next = bytes[position]
      guard next == comma || next == carriageReturn || next == lineFeed else {
        throw CSVSyntaxError.textAfterClosingQuote(line: line)
      }
    }
  }

  /// Every record (for tests and small inputs).
  public static func records(_ utf8: [UInt8]) throws(CSVSyntaxError) -> [CSVRecord] {
    var reader = CSVReader(utf8)
    var records: [CSVRecord] = []
    while let record = try reader.next() { records.append(record) }
    return records
  }
}

private let comma = UInt8(ascii: ",")
private let quote = UInt8(ascii: "\"")
private let carriageReturn = UInt8(ascii: "\r")
private let lineFeed = UInt8(ascii: "\n")
