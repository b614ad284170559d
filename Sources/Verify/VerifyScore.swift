import Store

/// A score of `verify` that can carry a confidence interval (`--ci`): its column name and how
/// to read it from a row.
public enum VerifyScore: String, CaseIterable, Sendable {
  case bias, mae, rmse, corr
  case pod, far, pofd, csi, ets, fbias, hss, pc
  case bs
  case mseSkill = "mse_skill"

  /// The output column.
  public var column: String { rawValue }

  /// The contingency scores, in column order.
  public static let contingency: [VerifyScore] = [.pod, .far, .pofd, .csi, .ets, .fbias, .hss, .pc]

  /// The score's value in `row`, nil when undefined.
  public func value(_ row: VerifyRow) -> Double? {
    let table = row.contingency
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
    case .bs: return row.brier
    case .mseSkill: return row.mseSkill
    }
  }

  /// The scores a request reports, in column order.
  public static func reported(by request: VerifyRequest) -> [VerifyScore] {
    var scores: [VerifyScore] = [.bias, .mae, .rmse, .corr]
    if request.event != nil {
      scores += contingency
      if request.computesBrier { scores.append(.bs) }
    }
    if request.skill != nil { scores.append(.mseSkill) }
    return scores
  }
}
