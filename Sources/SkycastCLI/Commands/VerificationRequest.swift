import Export
import SkycastModel
import Store
import Verify

/// `verify`'s command line as one value: the mode it runs and, for the modes that score
/// single forecasts, the variable, grouping, event, periods and output they read, parsed and
/// checked before the database opens (`VerifyCommand.parse`).
struct VerificationRequest {
  /// What `verify` writes, one case per mode of its help.
  enum Mode: Equatable {
    /// `--lagged N`: the newest N issues of each valid time as an ensemble.
    case lagged
    /// `--jumpiness`: errors by the size of the last revision.
    case jumpiness
    /// `--ensemble`: the stored ensemble members.
    case ensemble
    /// `--revisions`: run-to-run revisions instead of scores.
    case revisions
    /// `--diagram KIND`: a diagram's points, or its figure.
    case diagram(VerifyDiagram)
    /// `--pairs`: the matched pairs, in one of their formats.
    case pairs(PairsFormat)
    /// `--reliability`: the Brier score's decomposition of the stored probabilities.
    case reliability
    /// `--scorecard --compare A B`: variables × lead days.
    case scorecard
    /// `--compare A B`: two systems on the same cases.
    case comparison
    /// The score table, or its figure with `--format svg`.
    case scores

    /// True for the modes with parsers of their own (`runLagged`, `runEnsemble`).
    var readsIssueSequencesOrMembers: Bool {
      self == .lagged || self == .jumpiness || self == .ensemble
    }
  }

  /// How `--pairs` writes the pairs.
  enum PairsFormat: Equatable {
    /// Rows in the table formats.
    case rows
    /// A Parquet dataset (`--format parquet`).
    case parquet
    /// verif's text input (`--format verif`).
    case verif
    /// MET's matched-pair lines (`--format met-mpr`).
    case metMPR
  }

  var mode: Mode
  /// `--var` as given (a scorecard's first `--vars` row stands for it when not given).
  var variableName = "temperature_2m"
  /// The variable scored (the wind speed for the wind vector).
  var variable = WeatherVariable.temperature2m
  /// `--by`, with the keys the mode adds (lead day for figures, diagrams and scorecards).
  var groupBy: [VerifyKey] = []
  /// True for `--format svg` or `tikz`.
  var figure = false
  /// `--score`: what a score figure draws; nil for rmse.
  var score: VerifyFigure.Score?
  /// `--lead-days`: which lead days a figure or diagram draws.
  var leadDays: LeadDaySelection?
  /// `--compare A B`: the two words, empty when not given.
  var compare: [String] = []
  /// `--threshold` (its lowest value) and `--op`.
  var event: VerifyEvent?
  /// `--skill`: the score table's reference.
  var skill: SkillReference?
  /// `--from`/`--to`.
  var period: ClosedRange<LocalDate>?
  /// `--climate-from`/`--climate-to`.
  var climatePeriod: ClosedRange<LocalDate>?
  /// The table format (csv for figures and pair files, which write their own).
  var format = OutputFormat.csv

  /// True for the wind vector, scored from sums of both winds.
  var vectorWind: Bool { variableName == VerifyRequest.windVectorName }

  /// The diagram of `--diagram`, nil in the other modes.
  var diagram: VerifyDiagram? {
    if case .diagram(let diagram) = mode { diagram } else { nil }
  }
}
