/// The numbers an import file may hold: plain decimals only.
///
/// `Double(String)` accepts more than a data file should: hexadecimal floats (`0x10` is 16,
/// `0x1p-2` is 0.25), `inf` and `nan`, and it stops at a NUL byte (`12␀99` reads as 12). A
/// cell is a number here only when it is an optional sign, digits with an optional fraction
/// (or a fraction alone), and an optional exponent — `-6.2`, `+3`, `.5`, `1.`, `1.5e3` — and
/// its value is finite (`1e400` is not).
package enum DecimalText {
  /// The value of `text`, or nil when it is not a plain, finite decimal number.
  package static func parse(_ text: String) -> Double? {
    guard isPlainDecimal(text.utf8), let value = Double(text), value.isFinite else { return nil }
    return value
  }

  /// The value of the UTF-8 `bytes`, exactly the `Double` `parse` gives for their text, or nil
  /// when they are not a plain, finite decimal number.
  ///
  /// Most cells (`-6.2`, `1013.25`) have at most 15 significant digits and a small exponent:
  /// then the digits as an integer and the power of ten are both exact doubles, and one IEEE
  /// multiplication or division rounds their exact product correctly, which is what `strtod`
  /// (behind `Double(String)`) returns too. Other numbers go through `parse` itself.
  package static func parse(bytes: UnsafeBufferPointer<UInt8>) -> Double? {
    let count = bytes.count
    var index = 0
    var negative = false
    if index < count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
      negative = bytes[index] == UInt8(ascii: "-")
      index += 1
    }
    var mantissa: UInt64 = 0
    var digits = 0
    var significant = 0
    var scale = 0
    var started = false
    while index < count, bytes[index] &- 0x30 < 10 {
      let digit = bytes[index] &- 0x30
      mantissa = mantissa &* 10 &+ UInt64(digit)
      started = started || digit != 0
      if started { significant += 1 }
      digits += 1
      index += 1
    }
    if index < count, bytes[index] == UInt8(ascii: ".") {
      index += 1
      while index < count, bytes[index] &- 0x30 < 10 {
        let digit = bytes[index] &- 0x30
        mantissa = mantissa &* 10 &+ UInt64(digit)
        started = started || digit != 0
        if started { significant += 1 }
        digits += 1
        scale -= 1
        index += 1
      }
    }
    guard digits > 0 else { return nil }
    if index < count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
      index += 1
      var exponentNegative = false
      if index < count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
        exponentNegative = bytes[index] == UInt8(ascii: "-")
        index += 1
      }
      var exponent = 0
      var exponentDigits = 0
      while index < count, bytes[index] &- 0x30 < 10 {
        if exponent < 100_000 { exponent = exponent * 10 + Int(bytes[index] &- 0x30) }
        exponentDigits += 1
        index += 1
      }
      guard exponentDigits > 0 else { return nil }
      scale += exponentNegative ? -exponent : exponent
    }
    guard index == count else { return nil }
    // Up to 15 significant digits the integer is below 2^53 (no wrap-around either).
    guard significant <= 15, scale >= -22, scale <= 22 else {
      return parse(String(decoding: bytes, as: UTF8.self))
    }
    var value = Double(mantissa)
    if scale < 0 {
      value /= exactPowersOfTen[-scale]
    } else if scale > 0 {
      value *= exactPowersOfTen[scale]
    }
    return negative ? -value : value
  }

  /// 10^0 … 10^22, every one exactly a double.
  private static let exactPowersOfTen: [Double] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16,
    1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
  ]

  /// True when the bytes spell `[+-]? (digits [. digits?] | . digits) ([eE] [+-]? digits)?`.
  package static func isPlainDecimal(_ bytes: String.UTF8View) -> Bool {
    var index = bytes.startIndex
    func peek() -> UInt8? { index < bytes.endIndex ? bytes[index] : nil }
    func digits() -> Int {
      var count = 0
      while let byte = peek(), byte >= 0x30, byte <= 0x39 {
        count += 1
        index = bytes.index(after: index)
      }
      return count
    }
    if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") {
      index = bytes.index(after: index)
    }
    var mantissa = digits()
    if peek() == UInt8(ascii: ".") {
      index = bytes.index(after: index)
      mantissa += digits()
    }
    guard mantissa > 0 else { return false }
    if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
      index = bytes.index(after: index)
      if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") {
        index = bytes.index(after: index)
      }
      guard digits() > 0 else { return false }
    }
    return index == bytes.endIndex
  }
}
