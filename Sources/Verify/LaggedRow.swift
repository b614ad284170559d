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
