/// Which of `verify`'s options combine: its modes and the options each mode refuses or needs,
/// declared once and checked by the framework before `run` (first broken rule wins).
///
/// Declared option rules rather than subcommands: `verify --ensemble`, `--lagged 4`,
/// `--pairs` … are flags in every script, README line and thesis appendix that uses them, and
/// most modes share thirty selection and output options, which subcommands would repeat.
/// The order follows `run`'s dispatch: the time-lagged modes, the columns added to the score
/// table, the ensemble, then the single-forecast modes; the rules on values (the variable,
/// `--diagram pit`, `--format svg`, several thresholds) follow them, in `VerifyCommand+ValueRules`
/// and `VerifyCommand+FigureRules`. Only what needs the database (the stored models and
/// sources) is checked in `run`.
extension VerifyCommand {
  static let rules: [OptionRule] =
    laggedRules + scoreTableRules + ensembleRules + diagramRules + scorecardRules
    + singleForecastRules + bootstrapRules + laggedValueRules + addedScoreRules
    + ensembleValueRules + diagramValueRules + figureRules + climateRules + pairsRules

  /// The modes that write something other than the score table, as `--scores`, `--within` and
  /// `--same-cases` name them.
  private static let tableModes: [any OptionKey] = [
    Options.ensemble, Options.revisions, Options.pairs, Options.reliability, Options.compare,
  ]

  /// `--lagged N` and `--jumpiness` read issue sequences and score them alone.
  private static let laggedRules: [OptionRule] = {
    let refused: [any OptionKey] = [
      Options.ensemble, Options.revisions, Options.pairs, Options.reliability, Options.compare,
      Options.scorecard, Options.vars, Options.diagram, Options.threshold, Options.skill,
      Options.ci, Options.loss, Options.scores, Options.within, Options.sameCases,
      Options.obsBins, Options.includePast, Options.fair, Options.bins, Options.bootstrap,
      Options.blockDays,
    ]
    var rules = [
      OptionRule.conflict(
        Options.lagged, Options.jumpiness, "--lagged and --jumpiness cannot be combined")
    ]
    for mode in [Options.lagged, Options.jumpiness] as [any OptionKey] {
      for option in refused {
        // Members are issued before the valid time, so a negative lead has no member.
        let reason =
          option.spec.name == Options.includePast.spec.name
          ? " (members are issued before the valid time, lead ≥ 0)" : ""
        rules.append(
          .conflict(
            mode, option,
            "--\(mode.spec.name) cannot be combined with --\(option.spec.name)\(reason)"))
      }
    }
    return rules + [
      // Only --lagged's rank histogram breaks ties at random.
      .conflict(Options.jumpiness, Options.seed),
      .requires(
        Options.rankHistogram, oneOf: [Options.ensemble, Options.lagged],
        "--rank-histogram needs --ensemble or --lagged"),
      .requires(
        Options.ensembleModel, oneOf: [Options.lagged], "--ensemble-model needs --lagged N"),
      .requires(
        Options.revisionBins, oneOf: [Options.jumpiness],
        "--revision-bins sets the bins of --jumpiness"),
    ]
  }()

  /// `--scores`, `--within` and `--same-cases` add to the score table, not to the other modes;
  /// a reference period belongs to a threshold.
  private static let scoreTableRules: [OptionRule] = {
    var rules: [OptionRule] = []
    for mode in tableModes {
      for option in [Options.scores, Options.within] as [any OptionKey] {
        rules.append(
          .conflict(
            option, mode,
            "--\(option.spec.name) adds columns to the score table; leave out --\(mode.spec.name)"
          ))
      }
    }
    for mode in tableModes {
      rules.append(
        .conflict(
          Options.sameCases, mode,
          "--same-cases applies to the score table; leave out --\(mode.spec.name)"))
    }
    for option in [Options.climateFrom, Options.climateTo] as [any OptionKey] {
      rules.append(
        .requires(
          option, oneOf: [Options.threshold],
          "--\(option.spec.name) sets the reference period of --threshold pNN (such as p90)"))
    }
    rules.append(
      .conflict(
        Options.sameCases, Options.skill,
        "--same-cases scores the matched pairs, which carry no --skill reference; leave out --skill"
      ))
    return rules
  }()

  /// `--ensemble` scores the stored members: no single-forecast mode, no bootstrap, no other
  /// source.
  private static let ensembleRules: [OptionRule] =
    ([
      Options.revisions, Options.reliability, Options.compare, Options.ci, Options.loss,
      Options.source, Options.lapseRate, Options.scorecard, Options.vars, Options.bootstrap,
      Options.blockDays,
    ] as [any OptionKey]).map { .conflict(Options.ensemble, $0) }
    // `--ensemble --pairs` writes the members as verif's text input: a file, not scores.
    + ([
      Options.by, Options.threshold, Options.op, Options.fair, Options.rankHistogram,
      Options.diagram, Options.skill, Options.seed, Options.bins, Options.score, Options.leadDays,
    ] as [any OptionKey]).map {
      OptionRule(
        when: [Options.ensemble, Options.pairs, $0],
        "--ensemble --pairs writes the members, not scores; leave out --\($0.spec.name)")
    } + [
      OptionRule(
        when: [Options.ensemble, Options.rankHistogram, Options.threshold],
        "--rank-histogram and --threshold cannot be combined"),
      OptionRule(
        when: [Options.ensemble, Options.bins], unless: [Options.threshold],
        "--bins with --ensemble shows the reliability table of --threshold"),
      .requires(
        Options.fair, oneOf: [Options.ensemble],
        "--fair scores the members of --ensemble; add --ensemble"),
    ]

  /// A diagram of single forecasts draws its own points (`--diagram pit` is the ensemble's).
  private static let diagramRules: [OptionRule] =
    ([
      Options.compare, Options.reliability, Options.revisions, Options.pairs, Options.ci,
      Options.score, Options.skill,
    ] as [any OptionKey]).map {
      OptionRule(
        when: [$0, Options.diagram], unless: [Options.ensemble],
        "--\($0.spec.name) cannot be combined with --diagram")
    }

  /// A scorecard is `--compare A B` over `--vars` × lead days.
  private static let scorecardRules: [OptionRule] =
    ([
      Options.diagram, Options.reliability, Options.revisions, Options.pairs, Options.score,
      Options.leadDays,
    ] as [any OptionKey]).map {
      .conflict($0, Options.scorecard, "--\($0.spec.name) cannot be combined with --scorecard")
    } + [
      .requires(Options.vars, oneOf: [Options.scorecard], "--vars lists the rows of --scorecard"),
      .requires(
        Options.scorecard, oneOf: [Options.compare],
        "--scorecard compares two models or sources: add --compare A B"),
    ]

  /// `--compare`, `--reliability`, `--revisions` and `--pairs`, and what each leaves out.
  private static let singleForecastRules: [OptionRule] =
    [
      .requires(Options.loss, oneOf: [Options.compare], "--loss needs --compare A B"),
      .conflict(
        Options.compare, Options.revisions,
        "--compare cannot be combined with --revisions or --pairs"),
      .conflict(
        Options.compare, Options.pairs, "--compare cannot be combined with --revisions or --pairs"),
    ]
    + ([Options.revisions, Options.pairs, Options.compare, Options.skill] as [any OptionKey]).map {
      .conflict($0, Options.reliability)
    }
    + [
      .requires(
        Options.bins, oneOf: [Options.reliability, Options.ensemble],
        "--bins shows the reliability table of --reliability"),
      .requires(Options.op, oneOf: [Options.threshold], "--op needs --threshold <x>"),
      .conflict(Options.revisions, Options.pairs, "--revisions and --pairs cannot be combined"),
    ]
    + ([Options.revisions, Options.pairs] as [any OptionKey]).flatMap { mode in
      ([Options.threshold, Options.skill] as [any OptionKey]).map { .conflict($0, mode) }
    }
    + [
      .conflict(
        Options.by, Options.pairs, "--by cannot be combined with --pairs (pairs are not grouped)"),
      .conflict(
        Options.lapseRate, Options.revisions,
        "--lapse-rate applies to observations; --revisions compares forecasts with forecasts"),
      .conflict(
        Options.includeSuspect, Options.revisions,
        "--include-suspect applies to observations; --revisions compares forecasts with forecasts"
      ),
      .conflict(
        Options.excludeTrace, Options.revisions,
        "--exclude-trace applies to observations; --revisions compares forecasts with forecasts"),
      .conflict(
        Options.obs, Options.revisions,
        "--obs cannot be combined with --revisions (revisions compare forecasts with forecasts)"),
      .conflict(Options.ci, Options.revisions),
      .conflict(Options.ci, Options.pairs),
    ]

  /// The bootstrap's settings need a bootstrap (`--ci`, or `--compare`, which always resamples);
  /// `--seed` also seeds the rank histograms of `--ensemble` and `--lagged`.
  private static let bootstrapRules: [OptionRule] =
    ([Options.bootstrap, Options.blockDays] as [any OptionKey]).map {
      .requires(
        $0, oneOf: [Options.ci, Options.compare],
        "--\($0.spec.name) sets up the bootstrap of --ci (or --compare); add --ci")
    } + [
      .requires(
        Options.seed, oneOf: [Options.ci, Options.compare, Options.ensemble, Options.lagged],
        "--seed sets up the bootstrap of --ci (or --compare); add --ci")
    ]
}
