import Store

/// One group of `verify --lagged N`: the lagged ensemble's scores beside the latest single
/// forecast's, on the same cases.
public struct LaggedRow: Sendable, Equatable {
  /// Key values in ``VerifyRequest/keys`` order (lead keys: the newest member's lead).
  public var keys: [VerifyKeyValue]
  /// Cases: valid times with N issues and an observation.
  public var n: Int
  /// The lagged ensemble's CRPS (empirical CDF) and fair CRPS, bias/MAE/RMSE of its mean,
  /// spread and spread–skill ratio (as ``EnsembleScoreRow`` defines them).
  public var crps: Double?
  public var fairCRPS: Double?
  public var bias: Double?
  public var mae: Double?
  public var rmse: Double?
  public var spread: Double?
  public var spreadSkill: Double?
  /// The newest issue alone: its mean absolute error (also its CRPS), RMSE and bias.
  public var latestMAE: Double?
  public var latestRMSE: Double?
  public var latestBias: Double?
  /// 1 − crps / latest_mae: what the older issues add to the newest one.
  public var crpss: Double?
  /// With a stored ensemble (``LaggedReport/ensembleModel``), its scores on the same cases:
  /// mean members, CRPS, fair CRPS, spread, spread–skill ratio and MAE of its mean.
  public var ensemble: EnsembleSide?

  /// The stored ensemble's scores in a ``LaggedRow``.
  public struct EnsembleSide: Sendable, Equatable {
    /// Mean number of present members per case.
    public var members: Double
    public var crps: Double?
    public var fairCRPS: Double?
    public var spread: Double?
    public var spreadSkill: Double?
    public var mae: Double?
  }
}

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
