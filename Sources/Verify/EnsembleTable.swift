import Export
import SkycastModel
import Store

/// Columns, cells and comments of `verify --ensemble` (scores, `--rank-histogram`, and the
/// member probabilities' Brier table with `--threshold`), shared by every format.
public enum EnsembleTable {
  /// Key columns, then `n members crps bias mae rmse spread spread_skill verif_spread
  /// verif_spreadskillratio` (and `crpss n_ref` with a reference): the last two are verif
  /// 1.4.0's `spread` and `spreadskillratio`, named so a hand-over maps one to one.
  public static func columns(_ request: EnsembleVerifyRequest) -> [Column] {
    var columns =
      VerifyTable.keyColumns(request.groupBy) + [
        Column("n", .integer), Column("members", .score),
      ]
    columns += [
      "crps", "bias", "mae", "rmse", "spread", "spread_skill", "verif_spread",
      "verif_spreadskillratio",
    ].map { Column($0, .score) }
    if request.reference != nil { columns += [Column("crpss", .score), Column("n_ref", .integer)] }
    return columns
  }

  public static func cells(_ row: EnsembleScoreRow, request: EnsembleVerifyRequest) -> [Cell] {
    var cells = row.keys.map(VerifyTable.cell) + [.integer(Int64(row.n)), .number(row.members)]
    cells += [
      row.crps, row.bias, row.mae, row.rmse, row.spread, row.spreadSkill, row.verifSpread,
      row.verifSpreadSkillRatio,
    ].map(VerifyTable.number)
    if request.reference != nil {
      cells += [VerifyTable.number(row.crpss), .integer(Int64(row.referenceCases))]
    }
    return cells
  }

  /// Key columns, then `members rank count frequency`, one row per rank.
  public static func histogramColumns(_ request: EnsembleVerifyRequest) -> [Column] {
    VerifyTable.keyColumns(request.groupBy) + [
      Column("members", .integer), Column("rank", .integer), Column("count", .integer),
      Column("frequency", .score),
    ]
  }

  public static func histogramCells(_ row: RankHistogramRow) -> [[Cell]] {
    let frequencies = row.frequencies
    return row.counts.indices.map { rank in
      row.keys.map(VerifyTable.cell) + [
        .integer(Int64(row.members)), .integer(Int64(rank)), .integer(Int64(row.counts[rank])),
        .number(frequencies[rank]),
      ]
    }
  }

  /// The comment: variable, observations, the CRPS kind, spread definition and reference.
  public static func comment(_ report: EnsembleReport) -> String {
    let request = report.request
    var parts = [
      "ensemble \(request.variable.column)\(VerifyTable.unitSuffix(request.variable)) vs \(request.observationSource) observations",
      request.period.map { "\($0.lowerBound) to \($0.upperBound)" } ?? "every stored valid time",
      request.includePast ? "past leads included" : "lead ≥ 0",
      "\(report.cases) case\(report.cases == 1 ? "" : "s")",
      request.fair
        ? "crps: fair ensemble CRPS (K = M(M − 1))"
        : "crps: ensemble CRPS of the empirical CDF (K = M²)",
      "bias/mae/rmse of the ensemble mean; spread = √(mean member variance, divisor M − 1); spread_skill = √((M + 1)/M) · spread/rmse (Fortin et al. 2014); verif_spread and verif_spreadskillratio: verif 1.4.0's spread (mean member standard deviation, divisor M) and spreadskillratio (verif_spread/rmse)",
      "null members left out",
    ]
    switch request.reference {
    case .climatology?:
      parts.append(
        "crpss = 1 − crps/crps_ref against a normal climatology (city × calendar month × local hour), over the n_ref cases with one"
      )
    case .deterministic(let model)?:
      parts.append(
        "crpss = 1 − crps/mae_ref against the deterministic \(model) forecast issued in the same hour, over the n_ref cases with one"
      )
    case nil: break
    }
    return parts.joined(separator: "; ")
  }

  /// The rank histogram's comment.
  public static func histogramComment(_ report: EnsembleReport) -> String {
    let skipped = report.histograms.reduce(0) { $0 + $1.skipped }
    return [
      "rank histogram of ensemble \(report.request.variable.column) vs \(report.request.observationSource) observations",
      "rank 0 = observation below every member, M = above every member (M + 1 bins)",
      "ties drawn at random (SplitMix64, seed \(report.request.seed))",
      "each group uses its most common member count"
        + (skipped > 0
          ? "; \(skipped) case\(skipped == 1 ? "" : "s") with another count left out" : ""),
    ].joined(separator: "; ")
  }

  /// The Brier table's comment with `--threshold`.
  public static func brierComment(_ report: EnsembleReport) -> String {
    let request = report.request
    let event = request.event ?? VerifyEvent(threshold: 0)
    return [
      "ensemble member probabilities P(\(request.variable.column) \(event.symbol) \(NumberText.shortest(event.threshold))) (op \(event.op.rawValue)) vs \(request.observationSource) observations",
      "p = fraction of present members with the event",
      "10 bins of width 10 %; rel − res + unc = bs_binned (Murphy 1973); bss = 1 − bs/unc; roc_area by Mann–Whitney",
    ].joined(separator: "; ")
  }
}
