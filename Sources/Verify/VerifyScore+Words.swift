import SkycastModel

/// How a score is named for a reader: in a figure's title, axis and legend, words instead of
/// the column name (`Root-mean-square error (°C)`, not `rmse`).
extension VerifyScore {
  /// Words for each score. A dictionary rather than a `switch`, so a score added to the enum
  /// without words here still compiles and falls back to its upper-cased column name.
  private static let words: [VerifyScore: String] = [
    .bias: "Bias (forecast − observed)",
    .mae: "Mean absolute error",
    .rmse: "Root-mean-square error",
    .corr: "Correlation",
    .pod: "Probability of detection",
    .far: "False alarm ratio",
    .pofd: "Probability of false detection",
    .csi: "Critical success index",
    .ets: "Equitable threat score",
    .fbias: "Frequency bias",
    .hss: "Heidke skill score",
    .pc: "Proportion correct",
    .bs: "Brier score",
    .mseSkill: "Mean-square-error skill score",
    .kss: "Peirce skill score",
    .oddsRatio: "Odds ratio",
    .yulesQ: "Yule's Q",
    .edi: "Extremal dependence index",
    .sedi: "Symmetric extremal dependence index",
    .p10: "10th percentile of the error",
    .p25: "25th percentile of the error",
    .p50: "Median error",
    .p75: "75th percentile of the error",
    .p90: "90th percentile of the error",
    .mad: "Median absolute deviation of the error",
    .spearman: "Spearman rank correlation",
  ]

  /// Scores in the variable's unit; every other score is a ratio, probability or index.
  private static let inVariableUnit: Set<VerifyScore> = [
    .bias, .mae, .rmse, .p10, .p25, .p50, .p75, .p90, .mad,
  ]

  /// Scores that cannot be negative and mean "no error" at zero, so their axis starts at 0.
  private static let fromZero: Set<VerifyScore> = [
    .mae, .rmse, .pod, .far, .pofd, .csi, .pc, .bs, .mad, .oddsRatio,
  ]

  /// The score in words, sentence case (`Root-mean-square error`).
  public var words: String { Self.words[self] ?? column.uppercased() }

  /// The score as a word inside a sentence: lower case except abbreviations
  /// (`root-mean-square error`, `MSE skill`).
  public var wordsInSentence: String {
    let text = words
    guard let first = text.first, text.dropFirst().first?.isLowercase ?? false else {
      return text
    }
    return first.lowercased() + text.dropFirst()
  }

  /// The unit of the score for `variable`: the variable's for errors, none for the others.
  public func unit(_ variable: WeatherVariable) -> String {
    Self.inVariableUnit.contains(self) ? variable.unit : ""
  }

  /// Whether the score's axis reaches zero.
  public var axisIncludesZero: Bool { Self.fromZero.contains(self) }

  /// The name `--score` takes: the column with hyphens (`mse-skill`).
  public var optionName: String { String(column.map { $0 == "_" ? "-" : $0 }) }

  /// The score `--score NAME` means (hyphens or underscores, any case); nil for none.
  public static func named(_ name: String) -> VerifyScore? {
    let wanted = String(name.lowercased().map { $0 == "_" ? "-" : $0 })
    return allCases.first { $0.optionName == wanted }
  }
}
