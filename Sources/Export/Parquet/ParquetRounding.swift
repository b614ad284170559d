import Foundation
import SkycastModel

/// The DOUBLE a measured value is stored as in Parquet: exactly the number its CSV text
/// (`NumberText.appendFixed`) reads back as, so a Parquet value and the CSV field compare equal.
///
/// The fast path scales by 10^d, takes the digits the CSV would print, and divides back: an
/// integer below 2^53 divided by an exact power of ten is the double nearest that decimal. Values
/// near a tie, or too large to scale, print through the CSV code and are read back.
package enum ParquetRounding {
  /// 10^places for the places measured values have (0…4), without a lazily made table.
  @inline(__always)
  private static func power(_ places: Int) -> Double? {
    switch places {
    case 0: 1
    case 1: 10
    case 2: 100
    case 3: 1000
    case 4: 10000
    default: nil
    }
  }

  @inline(__always)
  package static func rounded(_ value: Double, decimals: Int) -> Double? {
    guard value.isFinite else { return nil }
    let places = min(max(decimals, 0), NumberText.maximumDecimals)
    let magnitude = value.magnitude
    if let power = power(places), magnitude < 4.5e15 {
      let scaled = magnitude * power
      if scaled < 1e15 {
        let whole = scaled.rounded(.down)
        let fraction = scaled - whole
        if places == 0 || (fraction - 0.5).magnitude > scaled * 8e-16 + 1e-15 {
          let digits: Double
          if places == 0 {
            digits = Double(UInt64(magnitude + 0.5))
          } else {
            digits = whole + (fraction > 0.5 ? 1 : 0)
          }
          if digits == 0 { return 0 }
          let result = digits / power
          return value < 0 ? -result : result
        }
      }
    }
    var text: [UInt8] = []
    guard NumberText.appendFixed(value, decimals: places, to: &text) else { return nil }
    text.append(0)
    let parsed = text.withUnsafeBufferPointer { buffer in
      buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
        strtod($0, nil)
      }
    }
    return parsed == 0 ? 0 : parsed
  }
}
