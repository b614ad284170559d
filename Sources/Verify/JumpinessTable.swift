import Export
import SkycastModel
import Store

/// Columns, cells and comment of `verify --jumpiness`, shared by every format.
public enum JumpinessTable {
  /// Key columns, then `revision_bin revision_lo revision_hi n mean_revision bias mae rmse`.
  public static func columns(_ request: VerifyRequest) -> [Column] {
    VerifyTable.keyColumns(request.keys) + [
      Column("revision_bin", .text), Column("revision_lo", .score),
      Column("revision_hi", .score), Column("n", .integer),
    ] + ["mean_revision", "bias", "mae", "rmse"].map { Column($0, .score) }
  }

  /// One row's cells, in ``columns(_:)`` order.
  public static func cells(_ row: JumpinessRow) -> [Cell] {
    row.keys.map(VerifyTable.cell) + [
      .text(label(row)), VerifyTable.number(row.lower), VerifyTable.number(row.upper),
      .integer(Int64(row.n)),
    ] + [row.meanRevision, row.bias, row.mae, row.rmse].map(VerifyTable.number)
  }

  /// `< b`, `a–b` (a ≤ |revision| < b) or `≥ a`, as `obs_range` names its bins.
  public static func label(_ row: JumpinessRow) -> String {
    switch (row.lower, row.upper) {
    case (nil, let upper?): "< " + VerifyRequest.edgeText(upper)
    case (let lower?, let upper?):
      VerifyRequest.edgeText(lower) + "–" + VerifyRequest.edgeText(upper)
    case (let lower?, nil): "≥ " + VerifyRequest.edgeText(lower)
    case (nil, nil): "all"
    }
  }

  /// The comment: the method, the bin edges, what was left out, and the correlation.
  public static func comment(_ report: JumpinessReport) -> String {
    let request = report.request
    let unit = VerifyTable.unitSuffix(request.variable, bare: true)
    let edges = report.edges.map(VerifyRequest.edgeText).joined(separator: ", ")
    let correlation: String
    if let r = report.correlation {
      let interval = report.interval.map {
        ", 95 % interval \(NumberText.fixed($0.lower, decimals: 3)) to \(NumberText.fixed($0.upper, decimals: 3)) (Fisher z: tanh(atanh r ± 1.96/√(n − 3)), Fisher 1921)"
      }
      correlation =
        "Pearson r(|revision|, |error|) = \(NumberText.fixed(r, decimals: 3)) over \(report.cases) cases\(interval ?? "")"
    } else {
      correlation = "Pearson r(|revision|, |error|) undefined (fewer than two cases or no variance)"
    }
    var parts = [
      "jumpiness of \(request.variableName)\(VerifyTable.unitSuffix(request.variable)) vs \(request.observationSource) observations",
      VerifyTable.periodText(request, paired: nil),
      "per valid time: the newest issue's error (F − O) by its last revision |x_N − x_(N−1)| (distinct issues, lead ≥ 0; lead keys are the newest issue's)",
      "revision bins \(report.edgesFromQuantiles ? "at the 20/40/60/80 % quantiles of the revisions (3 significant digits)" : "from --revision-bins"): edges \(edges.isEmpty ? "none" : edges)\(unit); a–b is a ≤ |revision| < b; empty bins left out",
      "\(report.singleIssue) valid time\(report.singleIssue == 1 ? "" : "s") with a single issue and \(report.unobserved) without an observation skipped",
      correlation,
    ]
    if !report.groupCorrelations.isEmpty {
      let shown = report.groupCorrelations.prefix(maxGroupsInComment).map { group in
        let name = group.keys.map(\.description).joined(separator: " · ")
        guard let r = group.r else { return "\(name): undefined (n = \(group.n))" }
        let interval =
          group.lower.flatMap { lower in
            group.upper.map {
              " [\(NumberText.fixed(lower, decimals: 3)), \(NumberText.fixed($0, decimals: 3))]"
            }
          } ?? ""
        return "\(name): \(NumberText.fixed(r, decimals: 3))\(interval) (n = \(group.n))"
      }
      let more = report.groupCorrelations.count - shown.count
      parts.append(
        "r within each group, 95 % Fisher z interval: " + shown.joined(separator: ", ")
          + (more > 0 ? " and \(more) more group\(more == 1 ? "" : "s")" : ""))
    }
    return parts.joined(separator: "; ")
  }

  /// Groups whose correlation the comment lists (a comment is one line; more groups than this
  /// belong in separate runs with fewer `--by` keys).
  public static let maxGroupsInComment = 24
}
