/// One group of `verify`: its key values and every score computed for it. A chart (a lead-time
/// curve) or any output format draws from these.
public struct VerifyRow: Sendable, Equatable {
  /// Key values in ``VerifyRequest/keys`` order.
  public var keys: [VerifyKeyValue]
  /// n, bias, MAE, RMSE, correlation — pooled over the group's pairs.
  public var scores: ContinuousScores
  /// Matched pairs left out because the forecast or the observation is NULL.
  public var dropped: Int
  /// Hits, false alarms, misses and correct negatives, with `--threshold`.
  public var contingency: ContingencyTable?
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

/// The sums one row of ``VerifySQL/scores(_:)`` returns, read by column name.
struct VerifySums {
  var matched = 0
  var n = 0
  var sumError = 0.0
  var sumAbsError = 0.0
  var sumSquaredError = 0.0
  var sumF = 0.0
  var sumO = 0.0
  var sumFF = 0.0
  var sumOO = 0.0
  var sumFO = 0.0
  var table: ContingencyTable?
  var brierPairs = 0
  var brierSum = 0.0
  var brierRejected = 0
  var referencePairs = 0
  var referenceSumError2 = 0.0
  var referenceSumReference2 = 0.0
  var firstDate: String?
  var lastDate: String?

  /// Finishes the scores: continuous ones from the sums (`ContinuousScores.scores(fromSums:)`),
  /// contingency scores from the table, BS = Σ(p − o)² / n (Brier 1950), and
  /// MSE skill = 1 − Σ(F − O)² / Σ(R − O)² over the pairs with a reference R (Murphy 1988).
  func row(keys: [VerifyKeyValue]) -> VerifyRow {
    let scores = ContinuousScores.scores(
      fromSums: n, sumF: sumF, sumO: sumO, sumFF: sumFF, sumOO: sumOO, sumFO: sumFO,
      sumError: sumError, sumAbsError: sumAbsError, sumSquaredError: sumSquaredError)
    let brier: Double? = brierPairs > 0 ? brierSum / Double(brierPairs) : nil
    var skill: Double?
    if referencePairs > 0 {
      let count = Double(referencePairs)
      skill = Skill.mseSkill(
        mse: referenceSumError2 / count, referenceMSE: referenceSumReference2 / count)
    }
    return VerifyRow(
      keys: keys, scores: scores, dropped: matched - n, contingency: table, brier: brier,
      brierPairs: brierPairs, brierRejected: brierRejected, mseSkill: skill,
      skillPairs: referencePairs, firstDate: firstDate, lastDate: lastDate)
  }
}
