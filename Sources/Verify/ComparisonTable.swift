import Analysis
import Export
import SkycastModel
import Store

/// Columns and cells of `verify --compare`, shared by every format.
public enum ComparisonTable {
  /// Key columns, then `n days h block <score>_a <score>_b <score>_diff <score>_diff_lo
  /// <score>_diff_hi dm p_value verdict sig note`.
  public static func columns(_ request: ComparisonRequest) -> [Column] {
    let unit = request.base.variable.unit
    let score = request.loss.score
    return VerifyTable.keyColumns(request.keys) + [
      Column("n", .integer), Column("days", .integer), Column("h", .integer),
      Column("block", .integer),
      Column("\(score)_a", .score, unit: unit), Column("\(score)_b", .score, unit: unit),
      Column("\(score)_diff", .score, unit: unit), Column("\(score)_diff_lo", .score, unit: unit),
      Column("\(score)_diff_hi", .score, unit: unit), Column("dm", .score),
      Column("p_value", .score), Column("verdict", .text), Column("sig", .text),
      Column("note", .text),
    ]
  }

  /// One row's cells, matching ``columns(_:)``.
  public static func cells(_ row: ComparisonRow, request: ComparisonRequest) -> [Cell] {
    let level = request.base.bootstrap?.level ?? 0.95
    let verdict = row.verdict(level: level)
    return row.keys.map(VerifyTable.cell) + [
      .integer(Int64(row.n)), .integer(Int64(row.days)), .integer(Int64(row.horizon)),
      row.blockDays.map { .integer(Int64($0)) } ?? .null,
      VerifyTable.number(row.scoreA), VerifyTable.number(row.scoreB),
      VerifyTable.number(row.difference), VerifyTable.number(row.interval?.lo),
      VerifyTable.number(row.interval?.hi), VerifyTable.number(row.test?.statistic),
      VerifyTable.number(row.test?.pValue), verdict.map(Cell.text) ?? .null,
      .text(row.isSignificant(level: level) ? "*" : ""),
      row.note.map(Cell.text) ?? .null,
    ]
  }

  /// The comment line: what A and B are, the variable, observations, period, loss, the test and
  /// the bootstrap.
  public static func comment(_ report: ComparisonReport) -> String {
    let request = report.request
    let base = request.base
    let settings = base.bootstrap ?? BootstrapSettings()
    let alpha = NumberText.shortest(((1 - settings.level) * 1e9).rounded() / 1e9)
    return
      ([
        "A = \(request.a), B = \(request.b): \(base.variableName)\(VerifyTable.unitSuffix(base.variable)) vs \(base.observationSource) observations on the cases both forecast (same city, valid time and lead \(request.bucketsByHour ? "hour" : "day"))"
      ] + (base.observationNote.map { [$0] } ?? []) + [
        VerifyTable.periodText(base, paired: nil),
        base.includePast ? "past leads included" : "lead ≥ 0",
        "loss \(lossText(request))",
        "dm: Diebold–Mariano test of the daily mean loss differential A − B by valid local date, equal-weighted cosine long-run variance with ν = min(0.4·days^(2/3), days/(2h)) cosines (Lazarus, Lewis, Stock & Watson 2018), h = 1 + largest lead day, Student t with ν degrees of freedom; p_value two-sided; verdict and sig (*) where p < \(alpha) and the interval excludes 0 on the same side, verdict inconclusive and a note where they disagree",
        "n: the cases both A and B forecast, with an observation (plain verify counts each side's own cases, so its n is larger); days: valid local dates with such a case",
        studentizedText(settings),
        "a group too short for an interval (\(SeriesSufficiency.minimumDays) days and \(SeriesSufficiency.minimumBlocks) blocks) or for the test (\(SeriesSufficiency.minimumBlocks)·h days) gets none, and note says why",
      ]).joined(separator: "; ")
  }

  /// `95 % studentized intervals of the difference: circular block bootstrap of whole valid
  /// days, blocks per group (column block: …), 1000 resamples, seed 20260301`.
  package static func studentizedText(_ settings: BootstrapSettings) -> String {
    let how =
      settings.blockDays == nil
      ? "twice the larger of h and the automatic length (Wilks 1997, at least the cube root of the days), at most a third of the days"
      : "--block-days"
    return
      "\(settings.levelText) studentized (bootstrap-t) intervals of the difference: circular block bootstrap of whole valid days, blocks per group (column block: \(how)), \(settings.resamples) resamples, seed \(settings.seed)"
  }

  /// `squared error (scores: rmse)`, on the circle for angles, of the vector for the wind
  /// vector.
  package static func lossText(_ request: ComparisonRequest) -> String {
    let base = request.base
    if base.vectorWind {
      return request.loss == .se
        ? "squared length of the vector error |V_f − V_o|² (scores: vector rmse)"
        : "length of the vector error |V_f − V_o| (scores: mean vector error, as mae)"
    }
    return (request.loss == .se ? "squared error (scores: rmse)" : "absolute error (scores: mae)")
      + (base.isCircular ? " on the circle" : "")
  }
}
