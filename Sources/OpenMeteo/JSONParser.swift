#if canImport(Glibc)
  import Glibc
#endif

/// A strict RFC 8259 parser over UTF-8 bytes.
///
/// Written by hand because the ingest benchmark is bounded by decoding (Foundation's
/// `JSONDecoder` needs ~5.5 ms per 16-day forecast body) and because `nan`, which Open-Meteo can
/// send inside a 200 body, must become an error, never a crash. Nesting is limited to 64 levels.
public struct JSONParser {
  private let bytes: UnsafeBufferPointer<UInt8>
  private var index = 0
  private var depth = 0

  private init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

  /// Parses a complete document.
  public static func parse(_ bytes: UnsafeBufferPointer<UInt8>) throws(JSONParseError) -> JSONValue
  {
    var parser = JSONParser(bytes)
    parser.skipWhitespace()
    let value = try parser.parseValue()
    parser.skipWhitespace()
    guard parser.index == bytes.count else {
      throw parser.error("unexpected data after the document")
    }
    return value
  }

  /// Parses a complete document from an array of bytes.
  public static func parse(_ bytes: [UInt8]) throws(JSONParseError) -> JSONValue {
    let result: Result<JSONValue, JSONParseError> = bytes.withUnsafeBufferPointer { buffer in
      do throws(JSONParseError) { return .success(try parse(buffer)) } catch {
        return .failure(error)
      }
    }
    return try result.get()
  }

  private func error(_ reason: String) -> JSONParseError {
    JSONParseError(offset: index, reason: reason)
  }

  @inline(__always)
  private mutating func skipWhitespace() {
    while index < bytes.count {
      switch bytes[index] {
      case 0x20, 0x0A, 0x0D, 0x09: index += 1
      default: return
      }
    }
  }

  private mutating func parseValue() throws(JSONParseError) -> JSONValue {
    guard index < bytes.count else { throw error("unexpected end of data") }
    switch bytes[index] {
    case UInt8(ascii: "{"): return try parseObject()
    case UInt8(ascii: "["): return try parseArray()
    case UInt8(ascii: "\""): return .string(try parseString())
    case UInt8(ascii: "t"):
      try expect("true")
      return .bool(true)
    case UInt8(ascii: "f"):
      try expect("false")
      return .bool(false)
    case UInt8(ascii: "n"):
      try expect("null")
      return .null
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
    default:
      throw error("unexpected character '\(Character(Unicode.Scalar(bytes[index])))'")
    }
  }

  private mutating func expect(_ word: StaticString) throws(JSONParseError) {
    let count = word.utf8CodeUnitCount
    guard index + count <= bytes.count else { throw error("unexpected end of data") }
    let start = word.utf8Start
    for offset in 0..<count where bytes[index + offset] != start[offset] {
      throw error("unexpected character '\(Character(Unicode.Scalar(bytes[index])))'")
    }
    index += count
  }

  private mutating func enter() throws(JSONParseError) {
    depth += 1
    if depth > 64 { throw error("nesting deeper than 64 levels") }
  }

  private mutating func parseObject() throws(JSONParseError) -> JSONValue {
    try enter()
    defer { depth -= 1 }
    index += 1
    var object = JSONObject()
    skipWhitespace()
    if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
      index += 1
      return .object(object)
    }
    while true {
      skipWhitespace()
      guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
        throw error("expected a member name")
      }
      let key = try parseString()
      skipWhitespace()
      guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
        throw error("expected ':'")
      }
      index += 1
      skipWhitespace()
      object.append(key, try parseValue())
      skipWhitespace()
      guard index < bytes.count else { throw error("unexpected end of data in an object") }
      if bytes[index] == UInt8(ascii: ",") {
        index += 1
      } else if bytes[index] == UInt8(ascii: "}") {
        index += 1
        return .object(object)
      } else {
        throw error("expected ',' or '}'")
      }
    }
  }

  private mutating func parseArray() throws(JSONParseError) -> JSONValue {
    try enter()
    defer { depth -= 1 }
    index += 1
    skipWhitespace()
    if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
      index += 1
      return .array([])
    }
    // Fast path: numbers and nulls only.
    var numbers: [Double?] = []
    var values: [JSONValue] = []
    var numeric = true
    while true {
      skipWhitespace()
      guard index < bytes.count else { throw error("unexpected end of data in an array") }
      let byte = bytes[index]
      if numeric {
        if byte == UInt8(ascii: "n") {
          try expect("null")
          numbers.append(nil)
        } else if byte == UInt8(ascii: "-") || (byte >= 0x30 && byte <= 0x39) {
          numbers.append(try parseNumber())
        } else {
          numeric = false
          values = numbers.map { $0.map(JSONValue.number) ?? .null }
          values.append(try parseValue())
        }
      } else {
        values.append(try parseValue())
      }
      skipWhitespace()
      guard index < bytes.count else { throw error("unexpected end of data in an array") }
      if bytes[index] == UInt8(ascii: ",") {
        index += 1
      } else if bytes[index] == UInt8(ascii: "]") {
        index += 1
        return numeric ? .numbers(numbers) : .array(values)
      } else {
        throw error("expected ',' or ']'")
      }
    }
  }

  private mutating func parseString() throws(JSONParseError) -> String {
    index += 1
    let start = index
    // Fast path: no escapes.
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        let slice = UnsafeBufferPointer(rebasing: bytes[start..<index])
        index += 1
        guard let text = String(validating: slice, as: UTF8.self) else {
          throw JSONParseError(offset: start, reason: "string is not valid UTF-8")
        }
        return text
      }
      if byte == UInt8(ascii: "\\") { break }
      if byte < 0x20 { throw error("control character in a string") }
      index += 1
    }
    var scalars: [UInt8] = Array(bytes[start..<index])
    while index < bytes.count {
      let byte = bytes[index]
      switch byte {
      case UInt8(ascii: "\""):
        index += 1
        guard let text = String(validating: scalars, as: UTF8.self) else {
          throw JSONParseError(offset: start, reason: "string is not valid UTF-8")
        }
        return text
      case UInt8(ascii: "\\"):
        index += 1
        guard index < bytes.count else { throw error("unexpected end of data in a string") }
        let escape = bytes[index]
        index += 1
        switch escape {
        case UInt8(ascii: "\""): scalars.append(0x22)
        case UInt8(ascii: "\\"): scalars.append(0x5C)
        case UInt8(ascii: "/"): scalars.append(0x2F)
        case UInt8(ascii: "b"): scalars.append(0x08)
        case UInt8(ascii: "f"): scalars.append(0x0C)
        case UInt8(ascii: "n"): scalars.append(0x0A)
        case UInt8(ascii: "r"): scalars.append(0x0D)
        case UInt8(ascii: "t"): scalars.append(0x09)
        case UInt8(ascii: "u"):
          var code = try parseHex4()
          if (0xD800...0xDBFF).contains(code) {
            guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
              bytes[index + 1] == UInt8(ascii: "u")
            else { throw error("unpaired surrogate") }
            index += 2
            let low = try parseHex4()
            guard (0xDC00...0xDFFF).contains(low) else { throw error("unpaired surrogate") }
            code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
          } else if (0xDC00...0xDFFF).contains(code) {
            throw error("unpaired surrogate")
          }
          guard let scalar = Unicode.Scalar(code) else { throw error("invalid \\u escape") }
          scalars.append(contentsOf: Array(String(Character(scalar)).utf8))
        default: throw error("invalid escape")
        }
      default:
        if byte < 0x20 { throw error("control character in a string") }
        scalars.append(byte)
        index += 1
      }
    }
    throw error("unterminated string")
  }

  private mutating func parseHex4() throws(JSONParseError) -> UInt32 {
    guard index + 4 <= bytes.count else { throw error("unexpected end of data in \\u escape") }
    var value: UInt32 = 0
    for _ in 0..<4 {
      let byte = bytes[index]
      let digit: UInt32
      switch byte {
      case 0x30...0x39: digit = UInt32(byte - 0x30)
      case 0x41...0x46: digit = UInt32(byte - 0x41 + 10)
      case 0x61...0x66: digit = UInt32(byte - 0x61 + 10)
      default: throw error("invalid \\u escape")
      }
      value = value << 4 | digit
      index += 1
    }
    return value
  }

  private static let powersOfTen: [Double] = (0...22).map { exponent in
    var value = 1.0
    for _ in 0..<exponent { value *= 10 }
    return value
  }

  /// Parses a number. Up to 15 significant digits with a small exponent are computed exactly
  /// as mantissa ÷ 10ᵏ (both exact doubles, so the quotient is correctly rounded); anything
  /// else goes through `strtod`.
  private mutating func parseNumber() throws(JSONParseError) -> Double {
    let start = index
    var negative = false
    if bytes[index] == UInt8(ascii: "-") {
      negative = true
      index += 1
    }
    guard index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 else {
      throw error("invalid number")
    }
    var mantissa: UInt64 = 0
    var digits = 0
    var exponent = 0
    if bytes[index] == 0x30 {
      index += 1
    } else {
      while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 {
        if digits < 19 {
          mantissa = mantissa &* 10 &+ UInt64(bytes[index] - 0x30)
          if mantissa != 0 { digits += 1 }
        } else {
          exponent += 1
        }
        index += 1
      }
    }
    if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
      index += 1
      guard index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 else {
        throw error("invalid number")
      }
      while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 {
        if digits < 19 {
          mantissa = mantissa &* 10 &+ UInt64(bytes[index] - 0x30)
          if mantissa != 0 { digits += 1 }
          exponent -= 1
        }
        index += 1
      }
    }
    var hasExponent = false
    if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
      hasExponent = true
      index += 1
      if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-")
      {
        index += 1
      }
      guard index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 else {
        throw error("invalid number")
      }
      while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 { index += 1 }
    }
    if !hasExponent, digits <= 15, exponent >= -22, exponent <= 22 {
      var value = Double(mantissa)
      if exponent < 0 {
        value /= Self.powersOfTen[-exponent]
      } else if exponent > 0 {
        value *= Self.powersOfTen[exponent]
      }
      return negative ? -value : value
    }
    // Slow path: hand the exact text to strtod.
    var text = Array(bytes[start..<index])
    text.append(0)
    let value = text.withUnsafeBufferPointer { buffer in
      buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
        strtod($0, nil)
      }
    }
    guard value.isFinite else { throw JSONParseError(offset: start, reason: "number out of range") }
    return value
  }
}
