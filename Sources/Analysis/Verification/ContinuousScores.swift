import Foundation

/// Pooled scores of forecasts against observations (Wilks 2011, "Statistical Methods in the
/// Atmospheric Sciences", §8.3).
///
/// Every score is nil when it is undefined, never NaN: all of them when `n` is 0, and `corr` also
/// when `n` < 2 or either series has zero variance.
public struct ContinuousScores: Sendable, Equatable {
  /// Number of forecast–observation pairs.
  public var n: Int
  /// Mean error, mean(F − O).
  public var bias: Double?
  /// Mean absolute error, mean|F − O|.
  public var mae: Double?
  /// Root-mean-square error, √mean((F − O)²).
  public var rmse: Double?
  /// Pearson correlation of F and O.
  public var corr: Double?

  public init(n: Int, bias: Double?, mae: Double?, rmse: Double?, corr: Double?) {
    self.n = n
    self.bias = bias
    self.mae = mae
    self.rmse = rmse
    self.corr = corr
  }

  /// Scores from sums SQLite computed (`count(*)`, `sum(f)`, `sum(o)`, `sum(f*f)`, `sum(o*o)`,
  /// `sum(f*o)`, `sum(f-o)`, `sum(abs(f-o))`, `sum((f-o)*(f-o))`) (Wilks 2011 §8.3).
  ///
  /// Raw sums lose precision when the mean is large against the spread, so a variance within
  /// 10⁻¹² of its sum of squares is taken as zero (`corr` nil) rather than as noise, and `corr`
  /// is clamped to [−1, 1]. Prefer ``ContinuousAccumulator`` when the values pass through Swift.
  ///
  /// - Returns: the scores; all nil when `n` ≤ 0.
  public static func scores(
    fromSums n: Int, sumF: Double, sumO: Double, sumFF: Double, sumOO: Double, sumFO: Double,
    sumError: Double, sumAbsError: Double, sumSquaredError: Double
  ) -> ContinuousScores {
    guard n > 0 else {
      return ContinuousScores(n: max(n, 0), bias: nil, mae: nil, rmse: nil, corr: nil)
    }
    let count = Double(n)
    let varianceF = sumFF - sumF * sumF / count
    let varianceO = sumOO - sumO * sumO / count
    let covariance = sumFO - sumF * sumO / count
    let tolerance = 1e-12
    var corr: Double?
    if n >= 2, varianceF > tolerance * sumFF, varianceO > tolerance * sumOO {
      corr = clampedCorrelation(covariance / (varianceF * varianceO).squareRoot())
    }
    return ContinuousScores(
      n: n, bias: finite(sumError / count), mae: finite(sumAbsError / count),
      rmse: finite(max(0, sumSquaredError / count).squareRoot()), corr: corr)
  }

  /// A correlation clamped to [−1, 1], or nil when not finite.
  package static func clampedCorrelation(_ value: Double) -> Double? {
    value.isFinite ? min(1, max(-1, value)) : nil
  }

  package static func finite(_ value: Double) -> Double? { value.isFinite ? value : nil }
}
