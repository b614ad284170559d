import Export
import SkycastModel
import Store

/// Columns and cells of `verify --reliability` (the Brier decomposition per group) and
/// `--reliability --bins` (the reliability table), shared by every format.
public enum ReliabilityTable {
  /// Key columns, then `n_bs base_rate bs rel res unc bs_binned bss roc_area`; with `--ci`,
  /// `bs rel res unc bss roc_area` are each followed by `<score>_lo` and `<score>_hi`.
  public static func columns(_ request: VerifyRequest) -> [Column] {
    let ci = request.bootstrap != nil
    return VerifyTable.keyColumns(request.keys) + [Column("n_bs", .integer)]
      + ["base_rate", "bs", "rel", "res", "unc", "bs_binned", "bss", "roc_area"].flatMap {
        name -> [Column] in
        guard ci, ReliabilityScore(rawValue: name) != nil else { return [Column(name, .score)] }
        return [Column(name, .score), Column(name + "_lo", .score), Column(name + "_hi", .score)]
      }
  }

  public static func cells(_ row: ReliabilityRow, request: VerifyRequest) -> [Cell] {
    let result = row.decomposition
    let ci = request.bootstrap != nil
    func score(_ value: Double?, _ score: ReliabilityScore?) -> [Cell] {
      guard ci, let score else { return [VerifyTable.number(value)] }
      let interval = row.intervals[score]
      return [value, interval?.lo, interval?.hi].map(VerifyTable.number)
    }
    return row.keys.map(VerifyTable.cell) + [.integer(Int64(result?.n ?? 0))]
      + score(result?.baseRate, nil) + score(result?.bs, .bs) + score(result?.reliability, .rel)
      + score(result?.resolution, .res) + score(result?.uncertainty, .unc)
      + score(result?.binnedBS, nil) + score(result?.skill, .bss)
      + score(row.rocArea, .rocArea)
  }

  /// Key columns, then `p_lo p_hi n events p_mean obs_freq`, one row per bin.
  public static func binColumns(_ request: VerifyRequest) -> [Column] {
    VerifyTable.keyColumns(request.keys) + [
      Column("p_lo", .score), Column("p_hi", .score), Column("n", .integer),
      Column("events", .integer), Column("p_mean", .score), Column("obs_freq", .score),
    ]
  }

  /// The rows of one group's bins.
  public static func binCells(_ row: ReliabilityRow) -> [[Cell]] {
    row.bins.map { bin in
      row.keys.map(VerifyTable.cell) + [
        .number(bin.lower), .number(bin.upper), .integer(Int64(bin.n)),
        .integer(Int64(bin.events)), VerifyTable.number(bin.meanProbability),
        VerifyTable.number(bin.observedFrequency),
      ]
    }
  }

  /// The comment: variable, event, observations, period, the binning and the identity.
  public static func comment(_ report: ReliabilityReport) -> String {
    let request = report.request
    let event = report.event
    return [
      "precipitation_probability vs the event precipitation \(event.symbol) \(NumberText.shortest(event.threshold)) mm (op \(event.op.rawValue)) in \(request.observationSource) observations",
      VerifyTable.periodText(request, paired: nil),
      request.includePast ? "past leads included" : "lead ≥ 0",
      "every forecast with a probability and an observation",
      "10 bins of width 10 % ([0, 10 %) … [90 %, 100 %]) by the stored percentage; rel and res use each bin's mean probability, so rel − res + unc = bs_binned, the Brier score of the bin means (Murphy 1973); bss = 1 − bs/unc against the sample climatology; roc_area by Mann–Whitney over every stored probability",
    ]
    .joined(separator: "; ") + bootstrapText(report)
  }

  /// `; 95 % percentile intervals: …` with `--ci`, else empty.
  package static func bootstrapText(_ report: ReliabilityReport) -> String {
    guard let bootstrap = report.request.bootstrap, let block = report.blockDays else { return "" }
    return "; " + VerifyTable.bootstrapText(bootstrap, blockDays: block)
  }
}
