import Store

/// A score of `verify` that can carry a confidence interval (`--ci`): its column name and how
/// to read it from a row.
public enum VerifyScore: String, CaseIterable, Sendable {
  case bias, mae, rmse, corr
  case pod, far, pofd, csi, ets, fbias, hss, pc
  case kss
  case oddsRatio = "odds_ratio"
  case yulesQ = "yules_q"
  case edi, sedi
  case bs
  case mseSkill = "mse_skill"
  case p10, p25, p50, p75, p90, mad, spearman

  /// The output column.
  public var column: String { rawValue }

  /// The contingency scores of every `--threshold` table, in column order.
  public static let contingency: [VerifyScore] = [.pod, .far, .pofd, .csi, .ets, .fbias, .hss, .pc]

  /// The contingency scores `--scores extremes` adds, in column order.
  public static let extremes: [VerifyScore] = [.kss, .oddsRatio, .yulesQ, .edi, .sedi]

  /// The error percentiles and MAD of `--scores quantiles`, in column order.
  public static let quantiles: [VerifyScore] = [.p10, .p25, .p50, .p75, .p90, .mad]

  /// True for the scores finished from a group's individual pairs rather than its sums: the
  /// day-block bootstrap resamples sums, so these carry no interval.
  public var needsPairs: Bool { Self.quantiles.contains(self) || self == .spearman }

  /// The score's value in `row`, nil when undefined.
  public func value(_ row: VerifyRow) -> Double? {
    let table = row.contingency
    let distribution = row.distribution
    switch self {
    case .bias: return row.scores.bias
    case .mae: return row.scores.mae
    case .rmse: return row.scores.rmse
    case .corr: return row.scores.corr
    case .pod: return table?.pod
    case .far: return table?.far
    case .pofd: return table?.pofd
    case .csi: return table?.csi
    case .ets: return table?.ets
    case .fbias: return table?.fbias
    case .hss: return table?.hss
    case .pc: return table?.pc
    case .kss: return table?.kss
    case .oddsRatio: return table?.oddsRatio
    case .yulesQ: return table?.yulesQ
    case .edi: return table?.edi
    case .sedi: return table?.sedi
    case .bs: return row.brier
    case .mseSkill: return row.mseSkill
    case .p10, .p25, .p50, .p75, .p90:
      let index = Self.quantiles.firstIndex(of: self) ?? 0
      return distribution?.percentiles[index]
    case .mad: return distribution?.mad
    case .spearman: return distribution?.spearman
    }
  }

  /// The scores a request reports, in column order (`within_X` shares are not among them: their
  /// columns depend on the bounds asked for).
  public static func reported(by request: VerifyRequest) -> [VerifyScore] {
    var scores: [VerifyScore] = [.bias, .mae, .rmse, .corr]
    if request.extraScores.contains(.quantiles) { scores += quantiles }
    if request.extraScores.contains(.spearman) { scores.append(.spearman) }
    if request.event != nil {
      scores += contingency
      if request.extraScores.contains(.extremes) { scores += extremes }
      if request.computesBrier { scores.append(.bs) }
    }
    if request.skill != nil { scores.append(.mseSkill) }
    return scores
  }
}
