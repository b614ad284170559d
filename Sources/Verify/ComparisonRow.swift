import Analysis
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

  /// `A better`, `B better` or `no significant difference` at `level`; nil without a test.
  public func verdict(level: Double) -> String? {
    guard let test else { return nil }
    guard test.pValue < 1 - level else { return "no significant difference" }
    return test.mean < 0 ? "A better" : "B better"
  }
}
