// The slow path of `NumberText.appendFixed`: values near a rounding tie, or with 16 or more
// significant digits, are printed by replaying SQLite's own conversion.
//
// SQLite 3.40's `round(x, n)` (func.c `roundFunc`) prints `x` with its printf `%.*f` and parses
// the text back. That printf (printf.c, `etFLOAT`) works on |x| in `long double`: it adds the
// rounder 0.5·10^-n (a `double`), plus |x|·3e-16 when `n + exponent2(x)/3 < 15` (the nudge that
// makes `round(1.005, 2)` = 1.01), scales the sum into [1, 10) by powers of ten, then peels
// decimal digits by truncation, at most 16 significant ones (later digits print as `0`).

extension NumberText {
  /// SQLite's `arRound`: 0.5·10^-i as doubles.
  private static let rounders: [Double] = [
    5.0e-01, 5.0e-02, 5.0e-03, 5.0e-04, 5.0e-05, 5.0e-06, 5.0e-07, 5.0e-08, 5.0e-09, 5.0e-10,
  ]

  /// Appends `magnitude` (finite, ≥ 0, ≤ 2^52) with `places` (1…30) decimals, digit for digit
  /// as SQLite's printf `%.*f` writes it, with a `-` first when `negative` and a digit is not 0.
  package static func appendLikeSQLitePrintf(
    _ magnitude: Double, places: Int, negative: Bool, to buffer: inout [UInt8]
  ) {
    var rounder = rounders[places % 10]
    var tens = places
    while tens >= 10 {
      rounder *= 1.0e-10
      tens -= 10
    }
    let exponent = Int((magnitude.bitPattern >> 52) & 0x7FF) - 1023
    let nudged = places + exponent / 3 < 15
    var digits = DigitPeeler(magnitude, places: places, rounder: rounder, nudged: nudged)

    let start = buffer.count
    if negative { buffer.append(0x2D) }
    var nonZero = false
    var position = digits.decimalExponent
    if position < 0 {
      buffer.append(0x30)
    } else {
      while position >= 0 {
        let digit = digits.next()
        nonZero = nonZero || digit != 0x30
        buffer.append(digit)
        position -= 1
      }
    }
    buffer.append(0x2E)
    var remaining = places
    position += 1
    while position < 0 && remaining > 0 {
      buffer.append(0x30)
      remaining -= 1
      position += 1
    }
    while remaining > 0 {
      let digit = digits.next()
      nonZero = nonZero || digit != 0x30
      buffer.append(digit)
      remaining -= 1
    }
    if negative && !nonZero { buffer.remove(at: start) }
  }
}

#if arch(x86_64) || arch(i386)
  /// SQLite's digit loop on the x87 `long double` it uses on this architecture.
  private struct DigitPeeler {
    private var value: Float80
    private var significantLeft = 16
    /// The decimal exponent of the first digit (2 for 123.4, -2 for 0.012).
    package let decimalExponent: Int

    package init(_ magnitude: Double, places: Int, rounder: Double, nudged: Bool) {
      var value = Float80(magnitude)
      var rounder = rounder
      if nudged { rounder = Double(Float80(rounder) + value * Float80(3e-16 as Double)) }
      value += Float80(rounder)
      var exponent = 0
      if value > 0 {
        var scale: Float80 = 1
        while value >= Float80(1e100 as Double) * scale && exponent <= 350 {
          scale *= Float80(1e100 as Double)
          exponent += 100
        }
        while value >= Float80(1e10 as Double) * scale && exponent <= 350 {
          scale *= Float80(1e10 as Double)
          exponent += 10
        }
        while value >= 10 * scale && exponent <= 350 {
          scale *= 10
          exponent += 1
        }
        value /= scale
        while value < Float80(1e-8 as Double) {
          value *= Float80(1e8 as Double)
          exponent -= 8
        }
        while value < 1 {
          value *= 10
          exponent -= 1
        }
      }
      self.value = value
      self.decimalExponent = exponent
    }

    package mutating func next() -> UInt8 {
      guard significantLeft > 0 else { return 0x30 }
      significantLeft -= 1
      let digit = Int(value)
      value = (value - Float80(digit)) * 10
      return 0x30 + UInt8(truncatingIfNeeded: digit)
    }
  }
#else
  /// Where `long double` is not the x87 format (arm64 Linux: binary128; Apple arm64: double),
  /// SQLite's digits depend on the platform; this follows the same steps in `Double` with an
  /// exact product residual, which agrees except within about 1e-16 of a nudged tie. Beyond 15
  /// decimals it prints 15 and pads with zeros.
  private struct DigitPeeler {
    private var whole: UInt64
    private var divisor: UInt64
    private var significantLeft = 16
    package let decimalExponent: Int

    package init(_ magnitude: Double, places: Int, rounder: Double, nudged: Bool) {
      let used = min(places, 15)
      let scale = NumberText.powersOfTen[used]
      let scaled = magnitude * scale
      let residual = (-scaled).addingProduct(magnitude, scale)
      var floorValue = scaled.rounded(.down)
      var fraction = (scaled - floorValue) + residual
      if fraction < 0 {
        floorValue -= 1
        fraction += 1
      }
      let nudge = nudged ? scaled * 3e-16 : 0
      var digits = floorValue < 1.8e19 ? UInt64(floorValue) : 1_800_000_000_000_000_000
      if fraction + nudge >= 0.5 { digits += 1 }
      var exponent = -used
      var divisor: UInt64 = 1
      while digits / divisor >= 10 {
        divisor *= 10
        exponent += 1
      }
      self.whole = digits
      self.divisor = divisor
      self.decimalExponent = digits == 0 ? -used - 1 : exponent
    }

    package mutating func next() -> UInt8 {
      guard significantLeft > 0, divisor > 0 else { return 0x30 }
      significantLeft -= 1
      let digit = whole / divisor
      whole %= divisor
      divisor /= 10
      return 0x30 + UInt8(truncatingIfNeeded: digit)
    }
  }
#endif
