import Foundation

/// Pearson's correlation of paired samples and its confidence interval.
public enum Correlation {
  /// Pearson's r = Σ(x − x̄)(y − ȳ) / √(Σ(x − x̄)² Σ(y − ȳ)²), from centred sums (two passes,
  /// so large means do not cost precision).
  ///
  /// - Returns: r clamped to [−1, 1]; nil for fewer than two pairs, unequal lengths, or a
  ///   series without variance.
  public static func pearson(_ x: [Double], _ y: [Double]) -> Double? {
    guard x.count == y.count, x.count >= 2 else { return nil }
    let n = Double(x.count)
    let meanX = x.reduce(0, +) / n
    let meanY = y.reduce(0, +) / n
    var sxy = 0.0
    var sxx = 0.0
    var syy = 0.0
    for (a, b) in zip(x, y) {
      sxy += (a - meanX) * (b - meanY)
      sxx += (a - meanX) * (a - meanX)
      syy += (b - meanY) * (b - meanY)
    }
    guard sxx > 0, syy > 0 else { return nil }
    return ContinuousScores.clampedCorrelation(sxy / (sxx * syy).squareRoot())
  }

  /// The two-sided 95 % interval of a Pearson correlation by Fisher's z transformation (Fisher
  /// 1921): z = atanh r, tanh(z ± 1.959964/√(n − 3)).
  ///
  /// - Returns: nil when n ≤ 3 or r is outside [−1, 1]; (r, r) when |r| = 1.
  public static func fisherInterval95(r: Double, n: Int) -> (lower: Double, upper: Double)? {
    guard n > 3, r >= -1, r <= 1 else { return nil }
    if abs(r) == 1 { return (r, r) }
    let z = atanh(r)
    let halfWidth = normalQuantile975 / Double(n - 3).squareRoot()
    return (tanh(z - halfWidth), tanh(z + halfWidth))
  }

  /// Φ⁻¹(0.975), the standard normal quantile of a two-sided 95 % interval.
  public static let normalQuantile975 = 1.959_963_984_540_054
}
