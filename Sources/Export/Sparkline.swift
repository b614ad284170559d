/// Terminal sparklines.
///
/// A value x on the scale min…max prints tick ⌊7·(x − min)/(max − min) + 0.5⌋ of `▁▂▃▄▅▆▇█`,
/// values outside a fixed scale clamp to its ends, a flat series (max = min) prints `▄` for every
/// value, and a missing value (nil, NaN or infinite) prints a space. Negative values scale like
/// any other.
///
/// ```swift
/// Sparkline.ticks([1, 2, 3, 4, 5, 6, 7, 8], min: nil, max: nil, ascii: false)  // "▁▂▃▄▅▆▇█"
/// Sparkline.ticks([3, nil, 3], min: nil, max: nil, ascii: false)               // "▄ ▄"
/// ```
public enum Sparkline {
  /// The eight Unicode ticks, lowest first.
  public static let unicodeTicks: [Character] = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]
  /// The eight ASCII ticks for `--ascii`, lowest first: `_` on the baseline, then marks that
  /// fill more of the cell, up to `#`: `_.-:=+*#`.
  public static let asciiTicks: [Character] = ["_", ".", "-", ":", "=", "+", "*", "#"]

  /// Shrinks `values` to at most `width` points by averaging buckets.
  ///
  /// Bucket i of w covers values [⌊i·n/w⌋, ⌊(i+1)·n/w⌋) and is the mean of its non-missing
  /// values, or nil when all are missing. A series no longer than `width` is returned as it is
  /// (never stretched); a width below 1 gives an empty series.
  public static func buckets(_ values: [Double?], width: Int) -> [Double?] {
    let count = values.count
    guard width > 0 else { return [] }
    guard count > width else { return values }
    var result: [Double?] = []
    result.reserveCapacity(width)
    for bucket in 0..<width {
      let start = bucket * count / width
      let end = (bucket + 1) * count / width
      var sum = 0.0
      var present = 0
      for case let value? in values[start..<end] where value.isFinite {
        sum += value
        present += 1
      }
      result.append(present == 0 ? nil : sum / Double(present))
    }
    return result
  }

  /// The tick line for `values`, one character per value.
  ///
  /// - Parameters:
  ///   - values: the series; nil (or a non-finite value) prints a space.
  ///   - min: the bottom of the scale (`--min`), or nil for the series' own minimum.
  ///   - max: the top of the scale (`--max`), or nil for the series' own maximum.
  ///   - ascii: use ``asciiTicks`` instead of ``unicodeTicks``.
  /// - Returns: the ticks. When the scale is flat (max = min) every value prints the middle tick;
  ///   when only `min` is fixed and the whole series lies below it every value prints the lowest
  ///   tick (and the highest when only `max` is fixed and the series lies above it); when both
  ///   are fixed but min > max the scale counts as flat.
  public static func ticks(_ values: [Double?], min: Double?, max: Double?, ascii: Bool) -> String {
    let present = values.compactMap { $0 }.filter(\.isFinite)
    guard let dataMin = present.min(), let dataMax = present.max() else {
      return String(repeating: " ", count: values.count)
    }
    return ticks(
      values, low: min ?? dataMin, high: max ?? dataMax, lowFixed: min != nil,
      highFixed: max != nil, ascii: ascii)
  }

  /// The tick line on the scale `low…high`; `lowFixed`/`highFixed` tell which ends the user set.
  package static func ticks(
    _ values: [Double?], low: Double, high: Double, lowFixed: Bool, highFixed: Bool, ascii: Bool
  ) -> String {
    let glyphs = ascii ? asciiTicks : unicodeTicks
    var text = ""
    text.reserveCapacity(values.count * 3)
    for value in values {
      guard let value, value.isFinite else {
        text.append(" ")
        continue
      }
      text.append(
        glyphs[level(value, low: low, high: high, lowFixed: lowFixed, highFixed: highFixed)])
    }
    return text
  }

  /// The tick index 0…7 of `value` on the scale `low…high`.
  package static func level(
    _ value: Double, low: Double, high: Double, lowFixed: Bool, highFixed: Bool
  )
    -> Int
  {
    if high > low {
      let clamped = Swift.min(Swift.max(value, low), high)
      // Halves, so ±1e308 scales do not overflow to ∞/∞ = NaN.
      let fraction = (clamped / 2 - low / 2) / (high / 2 - low / 2)
      guard fraction.isFinite else { return 3 }
      let index = (7 * fraction + 0.5).rounded(.down)
      return Swift.min(Swift.max(Int(index), 0), 7)
    }
    if high < low && lowFixed != highFixed { return lowFixed ? 0 : 7 }
    return 3
  }
}
