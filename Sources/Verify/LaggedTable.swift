import Export
import SkycastModel
import Store

/// Columns, cells and comments of `verify --lagged N` (scores and `--rank-histogram`), shared by
/// every format.
public enum LaggedTable {
  /// Key columns, then `n members crps crps_fair bias mae rmse spread spread_skill latest_mae
  /// latest_rmse latest_bias crpss`; with a stored ensemble also `ens_members ens_crps
  /// ens_crps_fair ens_spread ens_spread_skill ens_mae`.
  public static func columns(_ report: LaggedReport) -> [Column] {
    var columns =
      VerifyTable.keyColumns(report.request.keys) + [
        Column("n", .integer), Column("members", .integer),
      ]
      + [
        "crps", "crps_fair", "bias", "mae", "rmse", "spread", "spread_skill", "latest_mae",
        "latest_rmse", "latest_bias", "crpss",
      ].map { Column($0, .score) }
    if report.ensembleModel != nil {
      columns += [
        "ens_members", "ens_crps", "ens_crps_fair", "ens_spread", "ens_spread_skill", "ens_mae",
      ].map { Column($0, .score) }
    }
    return columns
  }

  /// One row's cells, in ``columns(_:)`` order.
  public static func cells(_ row: LaggedRow, report: LaggedReport) -> [Cell] {
    var cells =
      row.keys.map(VerifyTable.cell) + [.integer(Int64(row.n)), .integer(Int64(report.members))]
      + [
        row.crps, row.fairCRPS, row.bias, row.mae, row.rmse, row.spread, row.spreadSkill,
        row.latestMAE, row.latestRMSE, row.latestBias, row.crpss,
      ].map(VerifyTable.number)
    if report.ensembleModel != nil {
      let side = row.ensemble
      cells += [
        side?.members, side?.crps, side?.fairCRPS, side?.spread, side?.spreadSkill, side?.mae,
      ].map { VerifyTable.number($0 ?? nil) }
    }
    return cells
  }

  /// The comment: what the members are, how cases were chosen, what was left out, the scores.
  public static func comment(_ report: LaggedReport) -> String {
    let request = report.request
    let n = report.members
    var parts = [
      "lagged ensemble of the newest \(n) issues of \(request.variableName)\(VerifyTable.unitSuffix(request.variable)) vs \(request.observationSource) observations",
      VerifyTable.periodText(request, paired: nil),
      "members: the last \(n) distinct issues (model runs where recorded) forecasting the valid time, lead ≥ 0; lead keys are the newest member's",
      "\(report.cases) case\(report.cases == 1 ? "" : "s")",
      "\(report.tooFewIssues) valid time\(report.tooFewIssues == 1 ? "" : "s") with fewer than \(n) issues skipped",
      "\(report.unobserved) without an observation",
      "crps: empirical-CDF CRPS (K = M²), crps_fair: fair CRPS (K = M(M − 1)); bias/mae/rmse of the member mean; spread = √(mean member variance, divisor M − 1); spread_skill = √((M + 1)/M) · spread/rmse (Fortin et al. 2014)",
      "latest_*: the newest issue alone on the same cases (its CRPS is its absolute error, so latest_mae is its CRPS); crpss = 1 − crps/latest_mae",
    ]
    if let model = report.ensembleModel {
      parts.append(
        "ens_*: the stored ensemble \(model) on the same cases, its value issued no later than the newest member (the shortest lead ≥ the newest member's); \(report.withoutEnsemble) case\(report.withoutEnsemble == 1 ? "" : "s") without one left out of every column"
      )
    }
    return parts.joined(separator: "; ")
  }

  /// Key columns, then `members rank count frequency`, one row per rank (as `--ensemble`).
  public static func histogramColumns(_ request: VerifyRequest) -> [Column] {
    VerifyTable.keyColumns(request.keys) + [
      Column("members", .integer), Column("rank", .integer), Column("count", .integer),
      Column("frequency", .score),
    ]
  }

  /// The rank histogram's comment.
  public static func histogramComment(_ report: LaggedReport) -> String {
    [
      "rank histogram of the lagged ensemble (newest \(report.members) issues) of \(report.request.variableName) vs \(report.request.observationSource) observations",
      "rank 0 = observation below every member, M = above every member (M + 1 bins)",
      "ties drawn at random (SplitMix64, seed \(report.seed))",
    ].joined(separator: "; ")
  }
}
