import Store

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
