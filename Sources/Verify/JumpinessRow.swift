import Store

/// One group and revision bin of `verify --jumpiness`: the errors of the newest issue of the
/// valid times whose last revision fell in the bin.
public struct JumpinessRow: Sendable, Equatable {
  /// Key values in ``VerifyRequest/keys`` order (lead keys: the newest issue's lead).
  public var keys: [VerifyKeyValue]
  /// The bin: index into the report's bins, its lower edge (inclusive; nil for the first bin)
  /// and upper edge (exclusive; nil for the last).
  public var bin: Int
  public var lower: Double?
  public var upper: Double?
  /// Cases: valid times with at least two issues and an observation.
  public var n: Int
  /// Mean |last revision| of the cases.
  public var meanRevision: Double
  /// Bias, MAE and RMSE of the newest issue.
  public var bias: Double
  public var mae: Double
  public var rmse: Double
}
