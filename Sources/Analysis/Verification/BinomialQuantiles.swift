import Foundation

/// Quantiles of the binomial distribution, for the consistency bars of a reliability diagram.
///
/// If the forecasts of a bin, n of them with mean probability p, were reliable, the number of
/// events among them would be (to the binomial approximation of the Poisson–binomial
/// distribution) Binomial(n, p). Bröcker & Smith (2007, "Increasing the reliability of
/// reliability diagrams", Weather and Forecasting 22:651–661) obtain the range of observed
/// frequencies a reliable forecast gives by resampling; here it is read off the binomial
/// distribution exactly, which is their resampling without the resampling noise and without
/// the spread of the bin's mean probability.
public enum BinomialQuantiles {
  /// The smallest k with P(X ≤ k) ≥ q for X ~ Binomial(n, p).
  ///
  /// - Returns: k in 0…n; nil when n < 0, p is outside [0, 1] or q outside [0, 1].
  public static func quantile(_ q: Double, trials n: Int, probability p: Double) -> Int? {
    guard n >= 0, p >= 0, p <= 1, q >= 0, q <= 1 else { return nil }
    if p == 0 || n == 0 { return 0 }
    if p == 1 { return n }
    // The mass in log space, stepped by the ratio P(k + 1)/P(k) = (n − k)/(k + 1) · p/(1 − p),
    // so large n neither overflows the binomial coefficient nor underflows (1 − p)ⁿ early.
    let logOdds = log(p) - log1p(-p)
    var logMass = Double(n) * log1p(-p)
    var cumulative = 0.0
    for k in 0...n {
      if k > 0 { logMass += log(Double(n - k + 1)) - log(Double(k)) + logOdds }
      cumulative += exp(logMass)
      // 1e-12 absorbs the rounding of the summed masses, so q = 1 ends at the last k with mass.
      if cumulative >= q - 1e-12 { return k }
    }
    return n
  }

  /// The central interval of the observed frequency k/n covering `level` (0.9: the 5 % and
  /// 95 % quantiles) for n reliable forecasts of probability p.
  public static func frequencyRange(level: Double, trials n: Int, probability p: Double)
    -> (lower: Double, upper: Double)?
  {
    guard n > 0, level > 0, level < 1,
      let low = quantile((1 - level) / 2, trials: n, probability: p),
      let high = quantile(1 - (1 - level) / 2, trials: n, probability: p)
    else { return nil }
    return (Double(low) / Double(n), Double(high) / Double(n))
  }
}
