/// The Diebold–Mariano test of equal forecast accuracy with the small-sample correction of
/// Harvey, Leybourne & Newbold (1997, Int. J. Forecasting 13:281–291), as the `scores` package's
/// `diebold_mariano(method="HLN", statistic_distribution="t")` computes it.
///
/// For a loss differential series d₁…dₙ of h-step-ahead forecasts (d = loss A − loss B):
/// V̂ = [γ̂₀ + 2 Σₖ₌₁^{h−1} γ̂ₖ] / n², γ̂ₖ = Σₜ (dₜ₊ₖ − d̄)(dₜ − d̄) (HLN eq. 5);
/// DM = d̄ / √V̂ (eq. 3), multiplied by √[(n + 1 − 2h + h(h − 1)/n) / n] (eq. 9), referred to
/// Student's t with n − 1 degrees of freedom.
public enum DieboldMariano {
  /// The test's outcome.
  public struct Result: Sendable, Equatable {
    /// The mean loss differential d̄.
    public var mean: Double
    /// The HLN-corrected statistic.
    public var statistic: Double
    /// The series length n.
    public var count: Int
    /// The Student t degrees of freedom the statistic is referred to: n − 1 for ``test(_:horizon:)``,
    /// ν for ``fixedSmoothingTest(_:horizon:)``.
    public var degreesOfFreedom: Int
    /// P(T ≤ DM) with n − 1 degrees of freedom (`scores`' `confidence_gt_0`).
    public var confidenceGreaterThanZero: Double
    /// The two-sided p-value 2 P(T ≥ |DM|).
    public var pValue: Double
  }

  /// Runs the test on `differences` (in time order, no gaps) for h-step-ahead forecasts.
  ///
  /// - Returns: nil when h < 1, n ≤ h, every difference is 0, or V̂ ≤ 0 (the HLN variance
  ///   estimate can be negative; `scores` returns NaN then).
  public static func test(_ differences: [Double], horizon h: Int) -> Result? {
    let n = differences.count
    guard h >= 1, n > h, differences.allSatisfy(\.isFinite),
      differences.contains(where: { $0 != 0 })
    else { return nil }
    let count = Double(n)
    let mean = differences.reduce(0, +) / count
    var variance = autocovarianceSum(differences, mean: mean, lag: 0)
    for lag in stride(from: 1, to: h, by: 1) {
      variance += 2 * autocovarianceSum(differences, mean: mean, lag: lag)
    }
    variance /= count * count
    guard variance > 0 else { return nil }
    let hh = Double(h)
    let correction = (count + 1 - 2 * hh + hh * (hh - 1) / count) / count
    guard correction > 0 else { return nil }
    let statistic = correction.squareRoot() * mean / variance.squareRoot()
    guard let below = StudentT.cdf(statistic, degreesOfFreedom: count - 1),
      let p = StudentT.twoSidedPValue(statistic, degreesOfFreedom: count - 1)
    else { return nil }
    return Result(
      mean: mean, statistic: statistic, count: n, degreesOfFreedom: n - 1,
      confidenceGreaterThanZero: below, pValue: p)
  }

  /// Σₜ (dₜ₊ₖ − d̄)(dₜ − d̄) over t = 1…n − k.
  package static func autocovarianceSum(_ values: [Double], mean: Double, lag: Int) -> Double {
    var sum = 0.0
    for index in 0..<(values.count - lag) {
      sum += (values[index + lag] - mean) * (values[index] - mean)
    }
    return sum
  }
}
