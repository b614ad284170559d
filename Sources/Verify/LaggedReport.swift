import Store

/// The result of `verify --lagged N`.
public struct LaggedReport: Sendable {
  /// The request as run; `--by lead-day` when none was given.
  public var request: VerifyRequest
  /// N, the members per case.
  public var members: Int
  public var rows: [LaggedRow]
  /// The lagged ensembles' rank histograms (N + 1 bins).
  public var histograms: [RankHistogramRow]
  /// Seed of the rank histogram's tie-break draws.
  public var seed: UInt64
  /// Cases scored over all groups.
  public var cases: Int
  /// Valid times left out because fewer than N issues forecast them.
  public var tooFewIssues: Int
  /// Valid times with N issues but no observation.
  public var unobserved: Int
  /// The stored ensemble model scored beside the lagged one, when asked for.
  public var ensembleModel: String?
  /// With ``ensembleModel``: cases left out because the stored ensemble has no value for them
  /// (no issue at the newest member's lead or longer).
  public var withoutEnsemble = 0
}
