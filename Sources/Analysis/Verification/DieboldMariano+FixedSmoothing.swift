import Foundation

extension DieboldMariano {
  /// The Diebold–Mariano test (1995, JBES 13:253) with the equal-weighted cosine (EWC) long-run
  /// variance and fixed-smoothing Student t reference of Lazarus, Lewis, Stock & Watson (2018,
  /// JBES 36:541–559), as Coroneo & Iacone (2020, J. Appl. Econometrics 35:391–409) apply it to
  /// forecast comparisons in small samples.
  ///
  /// Ω̂ = (1/ν) Σⱼ₌₁^ν Λ̂ⱼ², Λ̂ⱼ = √(2/n) Σₜ cos(πj(t − ½)/n)(dₜ − d̄); DM = √n d̄ / √Ω̂, referred to
  /// Student's t with ν degrees of freedom (ν from ``cosineDegreesOfFreedom(days:horizon:)``).
  /// Ω̂ is a mean of squares, so it is never negative, unlike the HLN variance of
  /// ``test(_:horizon:)`` (rectangular kernel over h − 1 lags), whose star the simulation in
  /// `skycast help verification` found 8–18 % of the time for equally good models at 3–6 days
  /// per h; Bartlett (Newey & West 1987) weights over h − 1 lags were as oversized.
  ///
  /// - Returns: nil when h < 1, n < 2, a difference is not finite, every difference is 0, or
  ///   Ω̂ is 0.
  public static func fixedSmoothingTest(_ differences: [Double], horizon h: Int) -> Result? {
    let n = differences.count
    guard h >= 1, n >= 2, differences.allSatisfy(\.isFinite),
      differences.contains(where: { $0 != 0 })
    else { return nil }
    let mean = differences.reduce(0, +) / Double(n)
    let nu = cosineDegreesOfFreedom(days: n, horizon: h)
    let variance = cosineLongRunVariance(differences, mean: mean, degreesOfFreedom: nu)
    guard variance > 0, variance.isFinite else { return nil }
    let statistic = Double(n).squareRoot() * mean / variance.squareRoot()
    guard statistic.isFinite,
      let below = StudentT.cdf(statistic, degreesOfFreedom: Double(nu)),
      let p = StudentT.twoSidedPValue(statistic, degreesOfFreedom: Double(nu))
    else { return nil }
    return Result(
      mean: mean, statistic: statistic, count: n, degreesOfFreedom: nu,
      confidenceGreaterThanZero: below, pValue: p)
  }

  /// ν = max(1, min(⌊0.4 n^{2/3}⌋, ⌊n / (2h)⌋)): Lazarus et al.'s (2018) recommended ν for
  /// 5 % tests, capped so that the highest cosine frequency πν/n stays at most π/(2h), a
  /// quarter of the first zero of an MA(h − 1) differential's spectrum (without the cap the
  /// simulation's size reached 10–17 % at h ≥ 10).
  public static func cosineDegreesOfFreedom(days n: Int, horizon h: Int) -> Int {
    let recommended = Int((0.4 * pow(Double(n), 2.0 / 3.0)).rounded(.down))
    return max(1, min(recommended, n / (2 * max(1, h))))
  }

  /// Ω̂ = (1/ν) Σⱼ₌₁^ν Λ̂ⱼ², Λ̂ⱼ = √(2/n) Σₜ₌₁ⁿ cos(πj(t − ½)/n)(dₜ − d̄) (Lazarus et al. 2018,
  /// eq. 7; Müller 2007).
  public static func cosineLongRunVariance(
    _ values: [Double], mean: Double, degreesOfFreedom nu: Int
  ) -> Double {
    let n = Double(values.count)
    guard nu >= 1, values.count >= 2 else { return 0 }
    var sum = 0.0
    for j in 1...nu {
      var projection = 0.0
      for (index, value) in values.enumerated() {
        projection += cos(Double.pi * Double(j) * (Double(index) + 0.5) / n) * (value - mean)
      }
      projection *= (2 / n).squareRoot()
      sum += projection * projection
    }
    return sum / Double(nu)
  }
}
