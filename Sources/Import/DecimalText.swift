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
