import Analysis
import Foundation
import SkycastModel
import Store

/// One group of `verify --ensemble`.
public struct EnsembleScoreRow: Sendable, Equatable {
  public var keys: [VerifyKeyValue]
  /// Forecast–observation cases.
  public var n: Int
  /// Mean number of present members per case.
  public var members: Double
  /// Mean ensemble CRPS (fair when asked).
  public var crps: Double?
  /// Ensemble-mean bias, MAE and RMSE.
  public var bias: Double?
  public var mae: Double?
  public var rmse: Double?
  /// √(mean ensemble variance).
  public var spread: Double?
  /// √((m+1)/m) · spread / rmse.
  public var spreadSkill: Double?
  /// 1 − CRPS / CRPS_ref over the cases with a reference.
  public var crpss: Double?
  /// Cases with a reference value.
  public var referenceCases: Int
  /// verif 1.4.0's `spread`: the mean over cases of the members' standard deviation with
  /// divisor M (numpy's `nanvar`), over the cases with two or more members.
  public var verifSpread: Double? = nil
  /// verif 1.4.0's `spreadskillratio`: ``verifSpread`` / rmse, without Fortin's factor.
  public var verifSpreadSkillRatio: Double? = nil
}
