/// Scores `verify --scores` adds to the table (the default table stays as it was).
public enum VerifyScoreSet: String, CaseIterable, Sendable {
  /// The discrimination and rare-event scores of the contingency table (`VerifyScore.extremes`;
  /// needs `--threshold`).
  case extremes
  /// p10, p25, p50, p75, p90 and mad of the errors.
  case quantiles
  /// Spearman's rank correlation of forecasts and observations.
  case spearman

  /// True when the set needs every pair of a group, not sums.
  public var needsPairs: Bool { self != .extremes }
}
