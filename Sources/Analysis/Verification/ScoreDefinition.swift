/// What the verification tables, figures and help know about one score: its registry entry
/// (``VerifyScore/definition``). Everything that names a score reads it from here, so a score
/// is added by one entry (and its formula, when it is a new one).
public struct ScoreDefinition: Sendable {
  /// The column group a score belongs to, which decides when the table has it.
  public enum Family: Sendable, Equatable {
    /// n, bias, mae, rmse, corr: every table.
    case errors
    /// The scores of every `--threshold` table.
    case contingency
    /// The discrimination and rare-event scores of `--scores extremes` (with `--threshold`).
    case extremes
    /// The error percentiles and MAD of `--scores quantiles`.
    case quantiles
    /// Spearman's rank correlation of `--scores spearman`.
    case spearman
    /// The Brier score of the stored probabilities (precipitation with `--threshold`).
    case brier
    /// The MSE skill of `--skill`.
    case skill
  }

  /// How a score is finished from a group's sums or pairs.
  public enum Formula: Sendable {
    /// From the pooled error sums (``ContinuousScores``).
    case errors(@Sendable (ContinuousScores) -> Double?)
    /// From the group's 2×2 table.
    case contingency(@Sendable (ContingencyTable) -> Double?)
    /// From the group's individual pairs (``DistributionScores``).
    case distribution(@Sendable (DistributionScores) -> Double?)
    /// The Brier score of the stored probability sums.
    case brier
    /// 1 − MSE/MSE_ref of the reference sums.
    case mseSkill
  }

  /// Which way a score is better.
  public enum Orientation: Sendable, Equatable {
    /// Larger is better (correlations, skill scores, POD).
    case higher
    /// Smaller is better (errors, FAR, the Brier score).
    case lower
    /// Best at this value (bias at 0, frequency bias at 1).
    case closestTo(Double)
    /// No better side (the spread of the errors: p10, p90).
    case neither
  }

  /// The unit a score is in.
  public enum Unit: Sendable, Equatable {
    /// The verified variable's (errors, error percentiles).
    case variable
    /// None: a ratio, probability or index.
    case none
  }

  /// A score's published source, as the help cites it.
  public struct Reference: Sendable, Equatable {
    /// The authors' surnames.
    public var authors: [String]
    /// The year of publication.
    public var year: Int

    /// The citation with the authors joined by `joiner`: `Ferro & Stephenson 2011`.
    public func text(joiner: String) -> String {
      authors.joined(separator: joiner) + " \(year)"
    }
  }

  /// The column group.
  public var family: Family
  /// The words over the column in LaTeX and Markdown tables (`RMSE`, `Freq. bias`); nil: the
  /// column name as it is (`p10`).
  public var header: String?
  /// The score in words for a figure's title, axis and legend (`Root-mean-square error`).
  public var words: String
  /// The unit of its values.
  public var unit: Unit
  /// True when it cannot be negative and means "no error" at zero, so a figure's axis starts
  /// at 0.
  public var axisFromZero: Bool
  /// Which way it is better.
  public var orientation: Orientation
  /// How it is computed.
  public var formula: Formula
  /// Other names the score goes by, for the help (`Peirce`, `Hanssen–Kuipers`).
  public var otherNames: [String]
  /// The formula in the help's plain notation (`ad/bc`); nil where the help states none.
  public var formulaText: String?
  /// Its source in the help; nil where the help cites none.
  public var reference: Reference?

  /// An entry; the help's names, formula and source are optional.
  public init(
    _ family: Family, header: String?, words: String, unit: Unit = .none,
    axisFromZero: Bool = false, orientation: Orientation, formula: Formula,
    otherNames: [String] = [], formulaText: String? = nil, reference: Reference? = nil
  ) {
    self.family = family
    self.header = header
    self.words = words
    self.unit = unit
    self.axisFromZero = axisFromZero
    self.orientation = orientation
    self.formula = formula
    self.otherNames = otherNames
    self.formulaText = formulaText
    self.reference = reference
  }

  /// True for scores finished from a group's individual pairs rather than its sums: the
  /// day-block bootstrap resamples sums, so these carry no `--ci` interval.
  public var needsPairs: Bool {
    if case .distribution = formula { return true }
    return false
  }

  /// True when `--ci` gives the score an interval.
  public var takesInterval: Bool { !needsPairs }
}
