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

/// Pearson's r of |revision| and |error| within one group of `verify --jumpiness`.
public struct GroupCorrelation: Sendable, Equatable {
  public var keys: [VerifyKeyValue]
  public var n: Int
  public var r: Double?
  public var lower: Double?
  public var upper: Double?
}

/// The result of `verify --jumpiness`.
public struct JumpinessReport: Sendable {
  /// The request as run.
  public var request: VerifyRequest
  /// The inner bin edges, ascending: bin 0 is |revision| < edges[0], bin i is
  /// edges[i − 1] ≤ |revision| < edges[i], the last |revision| ≥ the last edge.
  public var edges: [Double]
  /// True when the edges are the quintiles of the revisions (no `--revision-bins`).
  public var edgesFromQuantiles: Bool
  /// Rows by key values, then bin; bins without cases are left out.
  public var rows: [JumpinessRow]
  /// Cases over all groups.
  public var cases: Int
  /// Pearson's r of |last revision| and |error| over every case, and its 95 % interval.
  public var correlation: Double?
  public var interval: (lower: Double, upper: Double)?
  /// With `--by` keys: r and its interval within each group (in key order), since pooling lead
  /// days mixes short leads (small revisions, small errors) with long ones.
  public var groupCorrelations: [GroupCorrelation] = []
  /// Valid times with one issue (no revision), and with two or more but no observation.
  public var singleIssue: Int
  public var unobserved: Int
}
