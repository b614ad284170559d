import Analysis
import Foundation
import SkycastModel
import Store

/// One group of `verify --compare`.
public struct ComparisonRow: Sendable, Equatable {
  /// Key values in ``ComparisonRequest/keys`` order.
  public var keys: [VerifyKeyValue]
  /// Cases both sides forecast.
  public var n: Int
  /// Valid days with at least one such case: the length of the daily series.
  public var days: Int
  /// The forecast horizon of the daily series, 1 + the group's largest lead day.
  public var horizon: Int
  /// A's and B's score (RMSE or MAE) on the common cases.
  public var scoreA: Double?
  public var scoreB: Double?
  /// Studentized interval of A − B from the day-block bootstrap, nil when the group is too
  /// short for one (see `note`).
  public var interval: ScoreInterval?
  /// The block length of the group's bootstrap, in valid days; nil without an interval.
  public var blockDays: Int?
  /// The Diebold–Mariano test of the daily mean loss differential, nil when undefined or the
  /// group is too short for it (see `note`).
  public var test: DieboldMariano.Result?
  /// Why the interval or the test is missing, in words; nil when both are there.
  public var note: String?

  /// A − B.
  public var difference: Double? {
    guard let scoreA, let scoreB else { return nil }
    return scoreA - scoreB
  }

  /// Whether the row gets a verdict and its star at `level`: the DM test rejects (p < 1 − level)
  /// and the interval, where the row has one, excludes 0 on the side the test points to. The
  /// star never contradicts the row's own interval.
  public func isSignificant(level: Double) -> Bool {
    guard let test, test.pValue < 1 - level else { return false }
    guard let interval else { return true }
    return test.mean < 0 ? interval.hi < 0 : interval.lo > 0
  }

  /// `A better`, `B better`, `no significant difference`, or `inconclusive` where the test and
  /// the interval disagree (``disagreement(level:)``); nil without a test.
  public func verdict(level: Double) -> String? {
    guard let test else { return nil }
    if isSignificant(level: level) { return test.mean < 0 ? "A better" : "B better" }
    return disagreement(level: level) == nil ? "no significant difference" : "inconclusive"
  }

  /// Why the row has no star although one of its two inferences finds a difference: the test
  /// rejects and the interval covers 0 or lies on the other side, or the interval excludes 0
  /// and the test does not reject; nil when they agree or one is missing.
  public func disagreement(level: Double) -> String? {
    guard let test, let interval else { return nil }
    let alpha = NumberText.shortest(((1 - level) * 1e9).rounded() / 1e9)
    let p = NumberText.shortest(Double(String(format: "%.2g", test.pValue)) ?? test.pValue)
    let excludes = interval.hi < 0 || interval.lo > 0
    if test.pValue < 1 - level {
      if isSignificant(level: level) { return nil }
      return excludes
        ? "no star: DM p = \(p) < \(alpha) points the other way from the interval"
        : "no star: DM p = \(p) < \(alpha) but the interval covers 0"
    }
    return excludes ? "no star: the interval excludes 0 but DM p = \(p) ≥ \(alpha)" : nil
  }
}
