import Analysis
import Store

/// Reading a score from a `verify` row, and which scores a request reports: both follow the
/// score's registry entry (``VerifyScore/definition``), never its name.
extension VerifyScore {
  /// The score's value in `row`, nil when undefined.
  public func value(_ row: VerifyRow) -> Double? {
    switch definition.formula {
    case .errors(let score): score(row.scores)
    case .contingency(let score): row.contingency.flatMap(score)
    case .distribution(let score): row.distribution.flatMap(score)
    case .brier: row.brier
    case .mseSkill: row.mseSkill
    }
  }

  /// The scores a request reports, in column order (`within_X` shares are not among them: their
  /// columns depend on the bounds asked for).
  public static func reported(by request: VerifyRequest) -> [VerifyScore] {
    var scores = family(.errors)
    if request.extraScores.contains(.quantiles) { scores += quantiles }
    if request.extraScores.contains(.spearman) { scores += family(.spearman) }
    if request.event != nil {
      scores += contingency
      if request.extraScores.contains(.extremes) { scores += extremes }
      if request.computesBrier { scores += family(.brier) }
    }
    if request.skill != nil { scores += family(.skill) }
    return scores
  }
}
