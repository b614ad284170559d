/// Axis ticks at round numbers: steps of 1, 2 or 5 × 10ⁿ.
///
/// The "nice numbers" idea is Paul Heckbert's ("Nice numbers for graph labels", Graphics Gems,
/// 1990). Instead of his rounding heuristic this picks the **smallest** step of the 1/2/5 × 10ⁿ
/// sequence that covers the range in at most `maxTicks` ticks, which bounds the tick count
/// exactly (labels must not collide). Tick values are built as whole multiples of the step from
/// integers (`3 × 10⁻¹`, not `0.1 + 0.1 + 0.1`), so they print as the round numbers they are.
///
/// A *loose* scale widens the range to the enclosing ticks (value axes); a *tight* scale keeps
/// the range and puts ticks inside it (x axes that should start at the first lead time).
///
/// ```swift
/// NiceScale(lower: 0.3, upper: 9.2, maxTicks: 6).ticks  // [0, 2, 4, 6, 8, 10]
/// NiceScale(lower: -2.3, upper: 4.1, maxTicks: 8).ticks // [-3, -2, …, 5]
/// ```
public struct NiceScale: Sendable, Equatable {
  /// The bottom of the scale (the first tick when loose).
  public let lower: Double
  /// The top of the scale (the last tick when loose).
  public let upper: Double
  /// The distance between ticks: 1, 2 or 5 × 10ⁿ.
  public let step: Double
  /// The tick values, ascending.
  public let ticks: [Double]
  /// The decimals that print every tick exactly (`0.25`-free: 1 for a step of 0.2 or 0.5, 0 for
  /// steps ≥ 1).
  public let decimals: Int

  /// A scale over `lower…upper` with at most `maxTicks` ticks (at least 2).
  ///
  /// A flat range (lower = upper) first widens by 10 % of the value on each side (±1 around
  /// zero), so a constant series gets a readable axis. Non-finite bounds count as 0…1.
  ///
  /// - Parameters:
  ///   - lower: the smallest value to show.
  ///   - upper: the largest value to show.
  ///   - maxTicks: the most ticks wanted.
  ///   - loose: widen the range to the outer ticks (true) or keep it and tick inside (false).
  ///   - minimumStep: the smallest step allowed (1 for whole numbers such as lead days).
  public init(
    lower: Double, upper: Double, maxTicks: Int, loose: Bool = true, minimumStep: Double = 0
  ) {
    // Clamped far beyond any weather value so spans and tick indices cannot overflow.
    var low = lower.isFinite ? min(max(lower, -1e300), 1e300) : 0
    var high = upper.isFinite ? min(max(upper, -1e300), 1e300) : 1
    if low > high { swap(&low, &high) }
    if high - low <= max(low.magnitude, high.magnitude) * 1e-12 {
      (low, high) = Self.widenedFlat(low)
    }
    let limit = max(maxTicks, 2)
    // The smallest 1/2/5 × 10ⁿ step at or above span/(limit−1); then larger ones until the
    // covering tick count fits (rounding outward can add a tick).
    var (mantissa, exponent) = Self.niceStep(
      atLeast: max((high - low) / Double(limit - 1), minimumStep))
    while true {
      let step = Self.value(mantissa, exponent)
      // The 1e-9 slack forgives rounding in the division (0.3 / 0.1 = 2.9999999999999996).
      let first = loose ? (low / step + 1e-9).rounded(.down) : (low / step - 1e-9).rounded(.up)
      let last = loose ? (high / step - 1e-9).rounded(.up) : (high / step + 1e-9).rounded(.down)
      let count = Int(last - first) + 1
      if count <= limit || count < 2 {
        let firstIndex = Int64(first)
        let values = (0..<Int64(max(count, 0))).map {
          Self.value(mantissa * (firstIndex + $0), exponent)
        }
        self.step = step
        self.ticks = values
        self.lower = loose ? (values.first ?? low) : low
        self.upper = loose ? (values.last ?? high) : high
        self.decimals = max(0, -exponent)
        return
      }
      (mantissa, exponent) = Self.nextStep(after: mantissa, exponent)
    }
  }

  // MARK: - Steps

  /// The smallest `m × 10^e` (m ∈ {1, 2, 5}) not below `minimum`.
  package static func niceStep(atLeast minimum: Double) -> (mantissa: Int64, exponent: Int) {
    guard minimum.isFinite, minimum > 0 else { return (1, 0) }
    var exponent = Int((minimum.magnitude).log10Floor)
    exponent = min(max(exponent, -300), 300)
    var mantissa: Int64 = 1
    // Start one decade below to survive log10 rounding, then walk up.
    exponent -= 1
    while value(mantissa, exponent) < minimum * (1 - 1e-12) {
      (mantissa, exponent) = nextStep(after: mantissa, exponent)
    }
    return (mantissa, exponent)
  }

  /// The step after `m × 10^e` in the sequence 1, 2, 5, 10, 20, 50, …
  package static func nextStep(after mantissa: Int64, _ exponent: Int) -> (Int64, Int) {
    switch mantissa {
    case 1: return (2, exponent)
    case 2: return (5, exponent)
    default: return (1, exponent + 1)
    }
  }

  /// `integer × 10^exponent`, computed so that round decimals come out as the nearest double
  /// (`3 / 10`, not `3 × 0.1`).
  package static func value(_ integer: Int64, _ exponent: Int) -> Double {
    if exponent >= 0 {
      return Double(integer) * powerOfTen(exponent)
    }
    return Double(integer) / powerOfTen(-exponent)
  }

  /// 10^n for n ≥ 0, exact up to 10²².
  package static func powerOfTen(_ n: Int) -> Double {
    var result = 1.0
    for _ in 0..<n { result *= 10 }
    return result
  }

  /// The range drawn for a constant value: ±10 % of it, or ±1 around zero.
  package static func widenedFlat(_ value: Double) -> (Double, Double) {
    let half = value == 0 ? 1 : value.magnitude * 0.1
    return (value - half, value + half)
  }
}

extension Double {
  /// ⌊log₁₀ x⌋ for x > 0, from the binary exponent, good to ±1 (callers correct by walking).
  fileprivate var log10Floor: Double {
    (Double(exponent) * 0.301_029_995_663_981_2).rounded(.down)
  }
}
