/// The registry of `verify`'s scores: each case is a column name, and ``definition`` is its one
/// entry (header words, figure words, unit, orientation, formula, interval). The tables, LaTeX
/// and Markdown headers, figures, `--score` and `--scores` choices and the help's score lists
/// are built from it, so adding a score touches its case, its entry and its test.
public enum VerifyScore: String, CaseIterable, Sendable {
  // The case order is the table's column order within each family and the order `--score`
  // lists the choices in.
  case bias, mae, rmse, corr
  case pod, far, pofd, csi, ets, fbias, hss, pc
  case kss
  case oddsRatio = "odds_ratio"
  case yulesQ = "yules_q"
  case edi, sedi
  case bs
  case mseSkill = "mse_skill"
  case p10, p25, p50, p75, p90, mad, spearman

  /// The score's registry entry.
  public var definition: ScoreDefinition {
    switch self {
    // MARK: Errors (every table)
    case .bias:
      ScoreDefinition(
        .errors, header: "Bias", words: "Bias (forecast − observed)", unit: .variable,
        orientation: .closestTo(0), formula: .errors { $0.bias })
    case .mae:
      ScoreDefinition(
        .errors, header: "MAE", words: "Mean absolute error", unit: .variable,
        axisFromZero: true, orientation: .lower, formula: .errors { $0.mae })
    case .rmse:
      ScoreDefinition(
        .errors, header: "RMSE", words: "Root-mean-square error", unit: .variable,
        axisFromZero: true, orientation: .lower, formula: .errors { $0.rmse })
    case .corr:
      ScoreDefinition(
        .errors, header: "Correlation", words: "Correlation", orientation: .higher,
        formula: .errors { $0.corr })

    // MARK: Contingency (with --threshold)
    case .pod:
      ScoreDefinition(
        .contingency, header: "POD", words: "Probability of detection", axisFromZero: true,
        orientation: .higher, formula: .contingency { $0.pod })
    case .far:
      ScoreDefinition(
        .contingency, header: "FAR", words: "False alarm ratio", axisFromZero: true,
        orientation: .lower, formula: .contingency { $0.far })
    case .pofd:
      ScoreDefinition(
        .contingency, header: "POFD", words: "Probability of false detection",
        axisFromZero: true, orientation: .lower, formula: .contingency { $0.pofd })
    case .csi:
      ScoreDefinition(
        .contingency, header: "CSI", words: "Critical success index", axisFromZero: true,
        orientation: .higher, formula: .contingency { $0.csi })
    case .ets:
      ScoreDefinition(
        .contingency, header: "ETS", words: "Equitable threat score", orientation: .higher,
        formula: .contingency { $0.ets })
    case .fbias:
      ScoreDefinition(
        .contingency, header: "Freq. bias", words: "Frequency bias", orientation: .closestTo(1),
        formula: .contingency { $0.fbias })
    case .hss:
      ScoreDefinition(
        .contingency, header: "HSS", words: "Heidke skill score", orientation: .higher,
        formula: .contingency { $0.hss })
    case .pc:
      ScoreDefinition(
        .contingency, header: "PC", words: "Proportion correct", axisFromZero: true,
        orientation: .higher, formula: .contingency { $0.pc })

    // MARK: Extremes (--scores extremes)
    case .kss:
      ScoreDefinition(
        .extremes, header: "KSS", words: "Peirce skill score", orientation: .higher,
        formula: .contingency { $0.kss }, otherNames: ["Peirce", "Hanssen–Kuipers"],
        formulaText: "pod − pofd")
    case .oddsRatio:
      ScoreDefinition(
        .extremes, header: "Odds ratio", words: "Odds ratio", axisFromZero: true,
        orientation: .higher, formula: .contingency { $0.oddsRatio }, formulaText: "ad/bc")
    case .yulesQ:
      ScoreDefinition(
        .extremes, header: "Yule's Q", words: "Yule's Q", orientation: .higher,
        formula: .contingency { $0.yulesQ }, formulaText: "(ad − bc)/(ad + bc)")
    case .edi:
      ScoreDefinition(
        .extremes, header: "EDI", words: "Extremal dependence index", orientation: .higher,
        formula: .contingency { $0.edi }, reference: .ferroStephenson2011)
    case .sedi:
      ScoreDefinition(
        .extremes, header: "SEDI", words: "Symmetric extremal dependence index",
        orientation: .higher, formula: .contingency { $0.sedi },
        reference: .ferroStephenson2011)

    // MARK: Probabilities and skill
    case .bs:
      ScoreDefinition(
        .brier, header: "BS", words: "Brier score", axisFromZero: true, orientation: .lower,
        formula: .brier)
    case .mseSkill:
      ScoreDefinition(
        .skill, header: "MSE skill", words: "Mean-square-error skill score",
        orientation: .higher, formula: .mseSkill)

    // MARK: Quantiles and rank correlation (--scores quantiles, spearman)
    case .p10, .p25, .p50, .p75, .p90:
      ScoreDefinition(
        .quantiles, header: nil, words: percentileWords, unit: .variable,
        orientation: self == .p50 ? .closestTo(0) : .neither,
        formula: .distribution { [level = percentileLevel] in $0.percentile(level) })
    case .mad:
      ScoreDefinition(
        .quantiles, header: nil, words: "Median absolute deviation of the error",
        unit: .variable, axisFromZero: true, orientation: .lower,
        formula: .distribution { $0.mad })
    case .spearman:
      ScoreDefinition(
        .spearman, header: "Spearman", words: "Spearman rank correlation", orientation: .higher,
        formula: .distribution { $0.spearman })
    }
  }

  /// The output column.
  public var column: String { rawValue }

  /// The scores of `family`, in column order.
  public static func family(_ family: ScoreDefinition.Family) -> [VerifyScore] {
    allCases.filter { $0.definition.family == family }
  }

  /// The contingency scores of every `--threshold` table, in column order.
  public static let contingency = family(.contingency)

  /// The contingency scores `--scores extremes` adds, in column order.
  public static let extremes = family(.extremes)

  /// The error percentiles and MAD of `--scores quantiles`, in column order.
  public static let quantiles = family(.quantiles)

  /// True for the scores finished from a group's individual pairs rather than its sums: the
  /// day-block bootstrap resamples sums, so these carry no interval.
  public var needsPairs: Bool { definition.needsPairs }

  /// The percentile a `pNN` column reports (10 for `p10`).
  private var percentileLevel: Double { Double(rawValue.dropFirst()) ?? 50 }

  /// `10th percentile of the error`; the 50th is the median.
  private var percentileWords: String {
    self == .p50 ? "Median error" : "\(rawValue.dropFirst())th percentile of the error"
  }
}

extension ScoreDefinition.Reference {
  /// Ferro and Stephenson (2011), "Extremal dependence indices", the source of EDI and SEDI.
  static let ferroStephenson2011 = Self(authors: ["Ferro", "Stephenson"], year: 2011)
}
