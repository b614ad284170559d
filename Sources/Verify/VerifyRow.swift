import Analysis
import Store

/// One group of `verify`: its key values and every score computed for it. A chart (a lead-time
/// curve) or any output format draws from these.
public struct VerifyRow: Sendable, Equatable {
  /// Key values in ``VerifyRequest/keys`` order.
  public var keys: [VerifyKeyValue]
  /// n, bias, MAE, RMSE, correlation — pooled over the group's pairs.
  public var scores: ContinuousScores
  /// Forecasts left out: no observation row stored for their valid time, or a NULL forecast or
  /// observation.
  public var dropped: Int
  /// The part of ``dropped`` with no observation row at all (hours the archive has not
  /// delivered yet, days outside an import).
  public var withoutObservation = 0
  /// Hits, false alarms, misses and correct negatives, with `--threshold`.
  public var contingency: ContingencyTable?
  /// The row's own event when `--threshold` lists several (nil: the request's event).
  public var event: VerifyEvent?
  /// The Brier score, for precipitation with a threshold; nil when no pair has a probability.
  public var brier: Double?
  /// Pairs the Brier score is over (pairs with a stored probability in 0–100 %).
  public var brierPairs: Int
  /// Probabilities outside 0–100 % that were not scored.
  public var brierRejected: Int
  /// MSE skill against the `--skill` reference, over the pairs that have a reference value.
  public var mseSkill: Double?
  /// Pairs that have a reference value (the skill's sample).
  public var skillPairs: Int
  /// First and last local valid date among the scored pairs (with `measuresPeriod`).
  public var firstDate: String?
  public var lastDate: String?
  /// Percentile intervals of the scores, with `--ci` (a score missing here has none).
  public var intervals: [VerifyScore: ScoreInterval] = [:]
  /// The group's bootstrap block length in valid days, with `--ci` (nil: no intervals).
  public var blockDays: Int?
  /// Why the group's intervals (or some of them) are missing, with `--ci`.
  public var intervalNote: String?
  /// MET's VL1L2 partial sums (means), for `wind_vector_10m`.
  public var vector: VectorMeans?
  /// `--within` shares, error percentiles, MAD and Spearman, when asked for.
  public var distribution: DistributionScores?

  public init(
    keys: [VerifyKeyValue], scores: ContinuousScores, dropped: Int = 0,
    contingency: ContingencyTable? = nil, brier: Double? = nil, brierPairs: Int = 0,
    brierRejected: Int = 0, mseSkill: Double? = nil, skillPairs: Int = 0,
    firstDate: String? = nil, lastDate: String? = nil
  ) {
    self.keys = keys
    self.scores = scores
    self.dropped = dropped
    self.contingency = contingency
    self.brier = brier
    self.brierPairs = brierPairs
    self.brierRejected = brierRejected
    self.mseSkill = mseSkill
    self.skillPairs = skillPairs
    self.firstDate = firstDate
    self.lastDate = lastDate
  }
}
