/// Number text for exports: fixed decimals rounded exactly like SQLite's `round()`, and the
/// shortest round-trip text for statistics.
///
/// Both write UTF-8 bytes straight into an output buffer, so a CSV export of millions of values
/// builds no `String` per value. `String(format:)` is avoided: it costs about 1.7 µs per value and
/// rounds ties to even (`2.25` → `2.2`), where SQLite's `round(2.25, 1)` gives `2.3`.
///
/// ```swift
/// NumberText.fixed(2.25, decimals: 1)   // "2.3"
/// NumberText.fixed(-0.04, decimals: 1)  // "0.0"
/// NumberText.shortest(0.1 + 0.2)        // "0.30000000000000004"
/// ```
public enum NumberText {
  /// The most decimals honoured; more are clamped (SQLite's `round()` clamps at 30 too).
  public static let maximumDecimals = 30

  // MARK: - Fixed decimals

  /// Appends `value` with exactly `decimals` digits after the point, rounded like SQLite's
  /// `round(value, decimals)` (half away from zero).
  ///
  /// The text is the decimal SQLite's `round()` produces, digit for digit: ties and near-ties such
  /// as `2.25`, `0.15` or `1.005` round away from zero, as SQLite's printf nudges values within a
  /// few units in the last place of a tie. Zero and values rounding to zero print without a sign
  /// (`-0.04` → `0.0`), negatives with an ASCII `-`. `decimals` 0 prints no point (`3`); negative
  /// `decimals` count as 0 and more than ``maximumDecimals`` as that many.
  ///
  /// - Parameters:
  ///   - value: the number to print.
  ///   - decimals: digits after the point.
  ///   - buffer: the UTF-8 bytes to append to.
  /// - Returns: false, with nothing appended, when `value` is infinite or NaN: the caller writes
  ///   its missing-value form (an empty CSV cell, JSON `null`).
  @discardableResult
  public static func appendFixed(_ value: Double, decimals: Int, to buffer: inout [UInt8]) -> Bool {
    guard value.isFinite else { return false }
    let places = min(max(decimals, 0), maximumDecimals)
    let magnitude = value.magnitude
    let negative = value < 0
    if places == 0 {
      // SQLite: `(double)(sqlite_int64)(r + 0.5)` for |r| ≤ 2^52, and r itself above.
      if magnitude <= twoTo52 {
        appendScaled(UInt64(magnitude + 0.5), places: 0, negative: negative, to: &buffer)
      } else {
        appendIntegral(magnitude, places: 0, negative: negative, to: &buffer)
      }
      return true
    }
    if magnitude > twoTo52 {
      // Integral already; SQLite's round() returns it unchanged.
      appendIntegral(magnitude, places: places, negative: negative, to: &buffer)
      return true
    }
    if places < powersOfTen.count {
      let scaled = magnitude * powersOfTen[places]
      if scaled < 1e15 {
        let whole = scaled.rounded(.down)
        let fraction = scaled - whole
        // SQLite adds 0.5 + |x|·3e-16 in the scaled domain, on top of the product's own error:
        // a value this far from a tie rounds the same way in every reading.
        if (fraction - 0.5).magnitude > scaled * 8e-16 + 1e-15 {
          let digits = UInt64(whole) + (fraction > 0.5 ? 1 : 0)
          appendScaled(digits, places: places, negative: negative, to: &buffer)
          return true
        }
      }
    }
    appendLikeSQLitePrintf(magnitude, places: places, negative: negative, to: &buffer)
    return true
  }

  /// `value` with exactly `decimals` digits after the point, rounded like SQLite's `round()`.
  ///
  /// - Returns: the text, or an empty string (a missing value) when `value` is not finite.
  public static func fixed(_ value: Double, decimals: Int) -> String {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(24)
    appendFixed(value, decimals: decimals, to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  // MARK: - Shortest round trip

  /// Appends the shortest text that reads back as exactly `value` (Swift's `description`):
  /// `0.30000000000000004`, `2.0`, `1e-05`, `1.5e+16`; `-0.0` is written `0.0`.
  ///
  /// Every form is a valid JSON number and reads as a number in spreadsheets.
  ///
  /// - Returns: false, with nothing appended, when `value` is infinite or NaN (a missing value).
  @discardableResult
  public static func appendShortest(_ value: Double, to buffer: inout [UInt8]) -> Bool {
    guard value.isFinite else { return false }
    if value == 0 {
      buffer.append(contentsOf: [0x30, 0x2E, 0x30])
      return true
    }
    var text = value.description
    text.withUTF8 { buffer.append(contentsOf: $0) }
    return true
  }

  /// The shortest round-trip text of `value`, or an empty string when it is not finite.
  public static func shortest(_ value: Double) -> String {
    guard value.isFinite else { return "" }
    return value == 0 ? "0.0" : value.description
  }

  /// Appends a whole number in decimal.
  @inline(__always)
  public static func appendInteger(_ value: Int64, to buffer: inout [UInt8]) {
    appendScaled(value.magnitude, places: 0, negative: value < 0, to: &buffer)
  }

  // MARK: - Digits

  package static let twoTo52 = 4_503_599_627_370_496.0
  package static let powersOfTen: [Double] = [
    1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15,
  ]

  /// Appends `digits / 10^places` with exactly `places` decimals; the sign only when not zero.
  package static func appendScaled(
    _ digits: UInt64, places: Int, negative: Bool, to buffer: inout [UInt8]
  ) {
    var count = 1
    var rest = digits / 10
    while rest > 0 {
      count += 1
      rest /= 10
    }
    count = max(count, places + 1)
    let signed = negative && digits != 0
    let length = count + (places > 0 ? 1 : 0) + (signed ? 1 : 0)
    let start = buffer.count
    for _ in 0..<length { buffer.append(0x30) }
    buffer.withUnsafeMutableBufferPointer { bytes in
      var index = start + length - 1
      var remaining = digits
      for position in 0..<count {
        if places > 0 && position == places {
          bytes[index] = 0x2E
          index -= 1
        }
        bytes[index] = 0x30 + UInt8(truncatingIfNeeded: remaining % 10)
        remaining /= 10
        index -= 1
      }
      if signed { bytes[start] = 0x2D }
    }
  }

  /// Appends an integral magnitude above 2^52 followed by `places` zeros.
  package static func appendIntegral(
    _ magnitude: Double, places: Int, negative: Bool, to buffer: inout [UInt8]
  ) {
    if negative { buffer.append(0x2D) }
    if magnitude < 18_446_744_073_709_551_616.0 {
      appendScaled(UInt64(magnitude), places: 0, negative: false, to: &buffer)
    } else {
      // Beyond UInt64: exact integer digits by long division of the binary significand.
      appendLargeIntegral(magnitude, to: &buffer)
    }
    if places > 0 {
      buffer.append(0x2E)
      for _ in 0..<places { buffer.append(0x30) }
    }
  }

  /// Exact decimal digits of an integral double ≥ 2^64 (significand · 2^exponent).
  private static func appendLargeIntegral(_ magnitude: Double, to buffer: inout [UInt8]) {
    // Little-endian base-10^9 limbs, doubled `exponent` times.
    var limbs: [UInt32] = []
    var significand = magnitude.significandBitPattern | (1 << 52)
    while significand > 0 {
      limbs.append(UInt32(significand % 1_000_000_000))
      significand /= 1_000_000_000
    }
    for _ in 0..<(Int(magnitude.exponent) - 52) {
      var carry: UInt64 = 0
      for index in limbs.indices {
        let doubled = UInt64(limbs[index]) * 2 + carry
        limbs[index] = UInt32(doubled % 1_000_000_000)
        carry = doubled / 1_000_000_000
      }
      if carry > 0 { limbs.append(UInt32(carry)) }
    }
    let first = limbs.removeLast()
    appendScaled(UInt64(first), places: 0, negative: false, to: &buffer)
    for limb in limbs.reversed() {
      var chunk = [UInt8](repeating: 0x30, count: 9)
      var rest = limb
      for index in stride(from: 8, through: 0, by: -1) {
        chunk[index] = 0x30 + UInt8(rest % 10)
        rest /= 10
      }
      buffer.append(contentsOf: chunk)
    }
  }
}
