import Foundation

/// Student's t distribution and the regularized incomplete beta function it rests on.
public enum StudentT {
  /// The cumulative distribution function P(T ≤ t) with ν degrees of freedom:
  /// 1 − ½ I_{ν/(ν+t²)}(ν/2, ½) for t ≥ 0, and ½ I_{ν/(ν+t²)}(ν/2, ½) for t < 0
  /// (Abramowitz & Stegun 26.7.1 with 26.5.27).
  ///
  /// - Returns: the probability, or nil when ν ≤ 0 or t is NaN.
  public static func cdf(_ t: Double, degreesOfFreedom nu: Double) -> Double? {
    guard nu > 0, !t.isNaN else { return nil }
    if t.isInfinite { return t > 0 ? 1 : 0 }
    let x = nu / (nu + t * t)
    guard let tail = regularizedIncompleteBeta(x: x, a: nu / 2, b: 0.5) else { return nil }
    return t >= 0 ? 1 - tail / 2 : tail / 2
  }

  /// The two-sided p-value 2 P(T ≥ |t|) = I_{ν/(ν+t²)}(ν/2, ½).
  public static func twoSidedPValue(_ t: Double, degreesOfFreedom nu: Double) -> Double? {
    guard nu > 0, !t.isNaN else { return nil }
    if t.isInfinite { return 0 }
    return regularizedIncompleteBeta(x: nu / (nu + t * t), a: nu / 2, b: 0.5)
  }

  /// The regularized incomplete beta function I_x(a, b) = B(x; a, b) / B(a, b), by the
  /// continued fraction of Abramowitz & Stegun 26.5.8 evaluated with the modified Lentz method
  /// (Press et al., Numerical Recipes, 3rd ed., §6.4), using the symmetry
  /// I_x(a, b) = 1 − I_{1−x}(b, a) where the fraction converges slowly.
  ///
  /// - Returns: the value in [0, 1], or nil when a ≤ 0, b ≤ 0 or x is outside [0, 1].
  public static func regularizedIncompleteBeta(x: Double, a: Double, b: Double) -> Double? {
    guard a > 0, b > 0, x >= 0, x <= 1 else { return nil }
    if x == 0 { return 0 }
    if x == 1 { return 1 }
    let logFront = lgamma(a + b) - lgamma(a) - lgamma(b) + a * log(x) + b * log1p(-x)
    let front = exp(logFront)
    if x < (a + 1) / (a + b + 2) {
      return front * continuedFraction(x: x, a: a, b: b) / a
    }
    return 1 - front * continuedFraction(x: 1 - x, a: b, b: a) / b
  }

  /// The continued fraction of I_x(a, b) (Numerical Recipes `betacf`).
  package static func continuedFraction(x: Double, a: Double, b: Double) -> Double {
    let tiny = 1e-300
    let epsilon = 1e-16
    let qab = a + b
    let qap = a + 1
    let qam = a - 1
    var c = 1.0
    var d = 1 - qab * x / qap
    if abs(d) < tiny { d = tiny }
    d = 1 / d
    var h = d
    for m in 1...10_000 {
      let m = Double(m)
      let m2 = 2 * m
      var aa = m * (b - m) * x / ((qam + m2) * (a + m2))
      d = 1 + aa * d
      if abs(d) < tiny { d = tiny }
      c = 1 + aa / c
      if abs(c) < tiny { c = tiny }
      d = 1 / d
      h *= d * c
      aa = -(a + m) * (qab + m) * x / ((a + m2) * (qap + m2))
      d = 1 + aa * d
      if abs(d) < tiny { d = tiny }
      c = 1 + aa / c
      if abs(c) < tiny { c = tiny }
      d = 1 / d
      let delta = d * c
      h *= delta
      if abs(delta - 1) < epsilon { break }
    }
    return h
  }
}
