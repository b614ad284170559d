import Analysis
import Export
import SkycastModel
import Store
import Verify

/// `skycast verify`: forecast-versus-observed scores by lead time, city, model and source;
/// run-to-run revisions; the matched pairs.
enum VerifyCommand {
  static let spec = CommandSpec(
    name: "verify",
    abstract: "Score stored forecasts against observations, by lead time, city, model or source.",
    discussion: """
      Pairs each forecast with the observation of the same city and valid time (daily variables \
      such as temperature_2m_max: the same local date) and reports per group n, bias (mean F−O), \
      mae, rmse and corr, pooled over the group's pairs. A forecast with no observation row for \
      its valid time (an hour the archive has not delivered yet), or with a NULL side, is \
      dropped; the table comment counts both kinds. Sources are kept apart: rows are grouped by \
      source unless --source names exactly one. Lead time means hours after retrieval for \
      'forecast' and imports, and hours after the nominal model run (24·N) for 'previous-runs'. \
      Forecasts of hours already past at issue (lead < 0) are left out unless --include-past. \
      Wind directions (wind_direction_10m, wind_direction_10m_dominant) are differenced on the \
      circle, ((f − o + 540) mod 360) − 180, so 359° against 1° is a 2° error; their corr is \
      empty. --var wind_vector_10m scores the wind vector from speed and direction: bias = mean \
      speed error, mae = mean vector error |Vf − Vo|, rmse = RMSVE, and MET's VL1L2 means.

      With --threshold X: contingency counts a b c d (hits, false alarms, misses, correct \
      negatives) and pod, far, pofd, csi, ets, fbias, hss, pc for the event value ≥ X (--op ge) \
      or > X (--op gt); for precipitation also n_bs and the Brier score bs of the stored \
      precipitation_probability over every pair with a probability and an observation \
      (Open-Meteo's probability is P(> 0.1 mm in the hour)). --skill adds mse_skill = 1 − \
      MSE/MSE_ref against persistence (the observation at issue time) or climatology (mean \
      observation of the city, calendar month and hour over the period). Several thresholds \
      (--threshold 0.1,1,5) give one row per group and threshold, each equal to its single run.

      --scores adds columns to the table (the default table is unchanged): extremes (with \
      --threshold) kss = pod − pofd (Peirce, Hanssen–Kuipers), odds_ratio = ad/bc, yules_q = \
      (ad − bc)/(ad + bc), edi and sedi (Ferro and Stephenson 2011), as verif defines them; \
      quantiles p10, p25, p50, p75, p90 of the errors F − O (numpy's linear percentile) and mad = \
      median |e − median e| (unscaled); spearman, the rank correlation. --within X adds \
      within_X, the share of pairs with |F − O| ≤ X. Quantiles, spearman and within are read \
      from a second pass over the pairs and have no --ci interval.

      --threshold p90 tests each pair against its city's 90th percentile of the --obs \
      observations in the pair's local calendar month over the period (all stored without \
      --from/--to; numpy's linear percentile); the comment lists the values. --by season groups \
      by DJF, MAM, JJA, SON of the local date, shifted by six months for cities south of the \
      equator (JJA is summer on both hemispheres); --by hour-of-day is the local valid hour; \
      --by obs-range bins the observed value (--obs-bins edges, or defaults per variable). \
      --same-cases scores every source, model and lead group only on the cases (city, valid \
      time) all groups have; the comment counts the cases dropped. These and --by obs-range \
      sum the matched pairs, so forecasts without an observation are not counted.

      --ci [LEVEL] adds <score>_lo and <score>_hi (percentile intervals, default 95 %) from a \
      circular block bootstrap that resamples whole valid local days (all pairs of a day, \
      across the group's cities and leads, move together) of per-day sums, so its cost does not \
      grow with the number of pairs. --block-days sets the block length (default: Wilks's 1997 \
      rule from the lag-1 autocorrelation of the daily errors, at least the cube root of the \
      number of days), --bootstrap the resamples, --seed the generator; the comment line \
      states all four.

      --compare A B scores two models (or two sources: forecast and an import) on exactly the \
      cases both forecast (same city, valid time and lead day; lead hour with --by lead): n, \
      days, h, both scores (rmse with --loss se, mae with --loss ae), A − B with its bootstrap \
      interval, and the Diebold–Mariano test of the daily mean loss differential by valid local \
      date with the Harvey–Leybourne–Newbold correction and a Student t reference (h = 1 + the \
      group's largest lead day): dm, the two-sided p_value, and verdict (A better, B better or \
      no significant difference at the --ci level, 95 % by default; sig marks it with *). With \
      --var wind_vector_10m the loss is the squared (or plain) length of the vector error, so \
      the scores are vector RMSE (or the mean vector error).

      --reliability scores precipitation_probability against the event > 0.1 mm (or \
      --threshold/--op): n_bs, base_rate, bs, its decomposition rel, res, unc over ten 10 % \
      bins (rel − res + unc = bs_binned, the Brier score of the bin-mean probabilities), bss \
      against the sample climatology and roc_area; --bins prints the reliability table and \
      --format svg the reliability diagram. With --ci, bs, rel, res, unc, bss and roc_area get \
      percentile intervals from the same day-block bootstrap.

      --revisions reports, per lead day (or --by city, …), how much the forecast for one valid \
      time changes between successive issues (mean absolute revision) and the flip-flop index. \
      A NULL forecast is left out of its valid time's series: the revision then runs from the \
      forecast issued before it to the one issued after. --pairs writes the matched pairs \
      instead of scores; with --format verif, verif's text input (date hour leadtime location \
      lat lon altitude obs fcst; one --source and --model per file), with --format met-mpr \
      MET's matched-pair (MPR) lines. --format svg -o FILE.svg draws one score (--score, \
      default rmse) \
      against lead time or lead day (or, grouped by valid-hour or month without a lead key, \
      against those), one line per source, model or city (the other --by keys), with each \
      point's pair count; with --compare, the difference with its band.

      Figures: --score takes any score the table has (ets or bs with --threshold, mse-skill \
      with --skill); --lead-days 1-5 or 1,3,5 keeps those lead days in a figure or diagram; \
      titles, axes and legends are in words, and the subtitle names only the cities that \
      contributed pairs.

      --lagged N scores a time-lagged ensemble: for each valid time the newest N distinct \
      issues (model runs where recorded, each issued before the valid time, lead ≥ 0) are the \
      members, scored as --ensemble scores stored members (crps, crps_fair, spread, \
      spread_skill; --rank-histogram) beside the newest issue alone on the same cases \
      (latest_mae, which is its CRPS, latest_rmse; crpss = 1 − crps/latest_mae). Grouped by \
      the newest member's lead day unless --by; valid times with fewer than N issues are \
      skipped and counted in the comment. --ensemble-model MODEL adds a stored ensemble's \
      scores (ens_crps, ens_crps_fair, ens_spread, …) on the same cases: its value issued no \
      later than the newest member; cases it lacks are left out and counted. --format svg \
      draws the three CRPS (the newest issue's is its MAE) against lead. --jumpiness scores the newest issue's error by the \
      size of its last revision |x_N − x_(N−1)|: n, mean_revision, bias, mae and rmse per \
      revision bin (--revision-bins edges in the variable's unit, or the 20/40/60/80 % \
      quantiles of the revisions), and the comment gives Pearson's r of |revision| and \
      |error| with its 95 % Fisher z interval; --format svg draws mae and rmse by bin. Both \
      take hourly variables.

      --diagram KIND draws a verification diagram with --format svg, or prints its points in \
      any table format: performance (success ratio 1 − FAR against POD with frequency-bias and \
      CSI isolines, one point per lead day; needs --threshold), taylor (standard deviation \
      ratio and correlation with centred RMS difference arcs, one point per lead day), \
      discrimination (the forecast's distribution when the event was and was not observed; \
      --threshold), value (Richardson's relative economic value over cost/loss ratios \
      0.01–0.99; --threshold), qq (forecast against observed percentiles 1–99) and \
      conditional (mean observation in bins of the forecast and the reverse). --by model, \
      city or source adds lines. The reliability diagram (--reliability --format svg) is square, \
      with a log-scale sharpness inset and 90 % consistency bars: the binomial range of the \
      observed frequency a reliable forecast of the bin's mean probability gives. \
      --scorecard --compare A B --vars v1,v2 scores each variable as --compare does and draws \
      variables × lead days coloured by (A − B)/B, marked where the Diebold–Mariano test is \
      significant (--format svg, a shaded --format latex table, or the cells as rows). With \
      --ensemble, --diagram pit draws the PIT histogram (ten bins, from the ranks) and --score \
      takes crps, crpss, bias, mae, rmse, spread or spread-skill; with --threshold, --format \
      svg draws the ensemble's reliability diagram (probability = share of the members).

      Examples:
        skycast verify --by lead-day
        skycast verify --by lead-day --ci --format latex -o rmse-table.tex
        skycast verify --var temperature_2m_max --compare ecmwf_ifs025 icon_seamless --by lead-day
        skycast verify --reliability --by lead-day --format svg -o reliability.svg
        skycast verify --var precipitation --threshold 1 --op ge --by lead-day,city
        skycast verify --var precipitation --threshold 0.1,1,5 --scores extremes --by lead-day
        skycast verify --by lead-day --within 1,2 --scores quantiles,spearman
        skycast verify --var temperature_2m_max --by lead-day --skill persistence
        skycast verify --revisions --by lead-day
        skycast verify --lagged 4 --model best_match --by lead-day
        skycast verify --jumpiness --revision-bins 0.5,1,2 --by lead-day --format svg -o jumps.svg
        skycast verify --pairs --city Berlin --from 2026-03-01 --to 2026-03-31 -o pairs.csv
        skycast verify --by lead-day --by model --format svg -o rmse.svg
        skycast verify --var precipitation --threshold 1 --diagram performance --format svg -o perf.svg
        skycast verify --diagram taylor --by model --lead-days 1-5 --format csv
        skycast verify --scorecard --compare ecmwf_ifs025 icon_seamless --vars temperature_2m,wind_speed_10m --format svg -o card.svg
      """,
    options: [
      OptionSpec(
        "var", value: "variable", help: "The variable to verify (see 'skycast vars').",
        default: "temperature_2m"),
      OptionSpec(
        "by", value: "key",
        help:
          "Group by lead, lead-day, city, model, source, month, valid-hour (or hour-of-day), season or obs-range (repeat or comma-separate).",
        repeating: true),
      OptionSpec(
        "threshold", value: "x",
        help:
          "Event threshold for contingency scores, in the variable's unit; several (0.1,1,5) give one row per threshold; p90: each city's 90th percentile of the observations per calendar month.",
        repeating: true),
      OptionSpec(
        "scores", value: "set",
        help:
          "Add scores: extremes (kss, odds_ratio, yules_q, edi, sedi; with --threshold), quantiles (p10…p90 and mad of F−O), spearman.",
        repeating: true),
      .flag(
        "same-cases",
        help:
          "Score every source, model and lead group only on the cases (city, valid time) all groups have."
      ),
      OptionSpec(
        "obs-bins", value: "edges",
        help: "Bin edges of --by obs-range, ascending (default per variable, e.g. 5 °C steps).",
        repeating: true),
      OptionSpec(
        "within", value: "x",
        help: "Add within_X, the share of pairs with |F − O| ≤ X (repeat or comma-separate).",
        repeating: true),
      .choice(
        "op", value: "op", help: "Event operator: ge (value ≥ x) or gt (value > x).",
        of: EventOperator.self, default: .ge),
      SharedOptions.from, SharedOptions.to,
      OptionSpec(
        "obs", value: "source", help: "Observation source to compare with.",
        default: "the one overlapping the forecasts most"),
      OptionSpec(
        "source", value: "source",
        help: "Only forecasts from this source (forecast, previous-runs, an import name).",
        repeating: true),
      OptionSpec("model", value: "model", help: "Only forecasts of this model.", repeating: true),
      SharedOptions.cities,
      // Not a choice option: `--ensemble` also takes `deterministic[:MODEL]`.
      OptionSpec(
        "skill", value: "reference", help: "Add mse_skill against persistence or climatology."),
      .flag(
        "revisions", help: "Report run-to-run revisions and the flip-flop index instead of scores."),
      .flag("pairs", help: "Write the matched forecast–observation pairs instead of scores."),
      .words(
        "compare", ["a", "b"],
        help:
          "Compare two models or two sources (model:NAME, source:NAME) on the same cases: scores, difference with its interval, Diebold–Mariano test, verdict."
      ),
      .flag(
        "reliability",
        help:
          "Probability forecasts (precipitation_probability): Brier score with its reliability, resolution and uncertainty, skill and ROC area."
      ),
      .flag("bins", help: "With --reliability: the reliability table, one row per 10 % bin."),
      .choice(
        "loss", value: "loss",
        help: "With --compare: se (squared error, rmse) or ae (absolute error, mae).",
        of: ComparisonRequest.Loss.self, default: .se),
      .flag("include-past", help: "Keep forecasts of hours already past at issue time (lead < 0)."),
      .flag(
        "include-suspect",
        help: "Keep observation values their provider flagged (stored with --keep-suspect)."),
      .flag(
        "lapse-rate",
        help:
          "Bring station temperatures to the city's elevation: + 0.65 K per 100 m the station is above it."
      ),
      .choice(
        "lead-from", value: "origin",
        help: "Count hourly leads from the model run (where the fetch recorded it) or the fetch.",
        of: LeadOrigin.self, shown: "run where known"),
      .optionalNumber(
        "ci", value: "level",
        help:
          "Add <score>_lo and <score>_hi: percentile intervals from a circular block bootstrap of whole valid days.",
        default: "95 when given bare"),
      .typed(
        "bootstrap", value: "n", help: "Bootstrap resamples for --ci and --compare.",
        type: .integer(100...100_000), default: String(BootstrapSettings.defaultResamples)),
      .typed(
        "block-days", value: "days", help: "Bootstrap block length in valid days.",
        type: .integer(1...100_000),
        shown:
          "Wilks (1997) rule from the lag-1 autocorrelation of the daily errors, at least the cube root of the days (--compare: and at least h)"
      ),
      OptionSpec(
        "seed", value: "n", help: "Seed of the bootstrap's generator (echoed in the comment).",
        default: String(BootstrapSettings.defaultSeed)),
      OptionSpec(
        "score", value: "score",
        help:
          "With --format svg: the score to draw, any the table has ("
          + VerifyScore.allCases.map(\.optionName).joined(separator: ", ") + ").",
        default: "rmse"),
    ] + diagramOptions + scorecardOptions + ensembleOptions + laggedOptions + SharedOptions.figure
      + SharedOptions.output(formats: FormatChoice.tables + [.svg, .parquet, .verif, .metMPR])
      + [ExportCommand.parquetOptions[0]],
    run: { try run($0) })

  /// The flags that make `verify` write something other than the score table.
  static let modeFlags = ["ensemble", "revisions", "pairs", "reliability"]

  static func run(_ invocation: Invocation) throws -> Int32 {
    if let mode = laggedMode(invocation) { return try runLagged(invocation, mode: mode) }
    try checkAddedScores(invocation)
    if invocation.flag("ensemble") { return try runEnsemble(invocation) }
    let reliability = invocation.flag("reliability")
    // A scorecard's first row variable stands for --var when --var is not given.
    let variableName =
      invocation.string("var") ?? invocation.list("vars").first
      ?? (reliability ? "precipitation" : "temperature_2m")
    let vectorWind = variableName == VerifyRequest.windVectorName
    guard vectorWind || WeatherVariable.named(variableName) != nil else {
      throw invocation.unknownVariable(variableName, in: VerifyRequest.verifiableVariables)
    }
    let variable =
      vectorWind ? .windSpeed10m : try VerifyRequest.variable(named: variableName)
    var groupBy = try VerifyKey.parse(invocation.list("by"))
    let figure = invocation.formatChoice == .svg
    let score = try invocation.choice("score", as: VerifyFigure.Score.self)
    let diagram = try invocation.choice("diagram", as: VerifyDiagram.self)
    if let diagram {
      try prepareDiagram(
        diagram, groupBy: &groupBy, variableName: variableName, invocation: invocation)
    }
    try prepareScorecard(&groupBy, invocation: invocation)
    let leadDays = try leadDays(invocation)
    if leadDays != nil, !figure, diagram == nil {
      throw invocation.usage("--lead-days chooses what --format svg or --diagram draws")
    }
    if diagram != nil {
      if !figure { try invocation.rejectFigureOptions() }
    } else if figure {
      guard !invocation.flag("revisions"), !invocation.flag("pairs") else {
        throw invocation.usage("--format svg draws scores; leave out --revisions and --pairs")
      }
      // Plotted against the first of lead, lead day, valid hour or month; lead day by default.
      if !invocation.flag("reliability"), VerifyFigure.xKey(groupBy) == nil {
        groupBy.insert(.leadDay, at: 0)
      }
      if leadDays != nil, !groupBy.contains(where: { $0 == .lead || $0 == .leadDay }) {
        // A reliability diagram gets a line per chosen lead day; a figure against valid hour
        // or month has no lead to choose by unless --by asks for one.
        guard invocation.flag("reliability") else {
          throw invocation.usage(
            "--lead-days with a figure by valid hour or month needs --by lead-day (one line per lead day)"
          )
        }
        groupBy.append(.leadDay)
      }
      if score == .mseSkill, invocation.string("skill") == nil {
        throw invocation.usage("--score mse-skill needs --skill persistence|climatology")
      }
    } else if score != nil {
      throw invocation.usage("--score chooses what --format svg draws")
    } else {
      try invocation.rejectFigureOptions()
    }
    let compareWords = invocation.strings("compare")
    if invocation.string("loss") != nil, compareWords.isEmpty {
      throw invocation.usage("--loss needs --compare A B")
    }
    if !compareWords.isEmpty {
      if invocation.flag("revisions") || invocation.flag("pairs") {
        throw invocation.usage("--compare cannot be combined with --revisions or --pairs")
      }
      if figure, score != nil {
        throw invocation.usage(
          "--compare draws the difference of --loss's score; leave out --score")
      }
    }
    if reliability {
      try checkReliability(invocation, variableName: variableName, compare: !compareWords.isEmpty)
    } else if invocation.flag("bins") {
      throw invocation.usage("--bins shows the reliability table of --reliability")
    }
    let event = try self.event(invocation)
    let skill = try invocation.choice("skill", as: SkillReference.self)
    let revisions = invocation.flag("revisions")
    let pairs = invocation.flag("pairs")
    try checkCombinations(
      invocation, revisions: revisions, pairs: pairs, grouped: !groupBy.isEmpty, event: event,
      skill: skill)
    let period = try invocation.dateRange(required: false)
    let parquet = pairs && invocation.formatChoice == .parquet
    let verifText = invocation.formatChoice == .verif
    if verifText, !pairs { throw invocation.usage("--format verif writes pairs; add --pairs") }
    if verifText,
      unique(invocation.list("source")).count != 1
        || unique(invocation.list("model")).count != 1
    {
      throw invocation.usage(
        "--format verif writes one forecast system per file (verif compares files): give one --source and one --model"
      )
    }
    let metPairs = invocation.formatChoice == .metMPR
    if metPairs, !pairs { throw invocation.usage("--format met-mpr writes pairs; add --pairs") }
    let format =
      figure || parquet || verifText || metPairs ? .csv : try invocation.outputFormat()

    let store = try invocation.openStore(access: .readOnly)
    let verifier = Verifier(store: store)
    let cities = invocation.strings("city").isEmpty ? [] : try invocation.cities(in: store)
    var request = VerifyRequest(
      variable: variable, observationSource: "", period: period,
      sources: unique(invocation.list("source")), models: unique(invocation.list("model")),
      cityIDs: cities.map(\.id), groupBy: groupBy, event: event,
      includePast: invocation.flag("include-past"), skill: skill)
    request.vectorWind = vectorWind
    request.thresholds = try thresholds(invocation)
    request.extraScores = try extraScores(invocation)
    request.withinBounds = try withinBounds(invocation)
    request.sameCases = invocation.flag("same-cases")
    request.climatePercentile = try climatePercentile(invocation)
    if groupBy.contains(.obsRange) {
      request.observationBins = try observationBins(invocation, variable: variable)
    }
    if vectorWind, request.scoresFromPairs {
      throw invocation.usage(
        "\(VerifyRequest.windVectorName) is scored from sums of both winds: leave out --same-cases and --by obs-range"
      )
    }
    if vectorWind, request.needsPairs {
      throw invocation.usage(
        "\(VerifyRequest.windVectorName) has no error distribution: leave out --within and --scores quantiles,spearman"
      )
    }
    request.bootstrap = try bootstrap(invocation, always: !compareWords.isEmpty)
    try chooseLeadOrigin(&request, invocation: invocation, store: store)
    var comparison: ComparisonRequest?
    if compareWords.count == 2 {
      let daily = variable.frequency == .daily
      let sides = try store.read {
        (
          try verifier.comparisonSide(compareWords[0], daily: daily),
          try verifier.comparisonSide(compareWords[1], daily: daily)
        )
      }
      comparison = try ComparisonRequest(
        base: request, a: sides.0, b: sides.1,
        loss: try invocation.choiceValue("loss", as: ComparisonRequest.Loss.self)
      )
      .validated()
    }
    if vectorWind {
      if event != nil || skill != nil || revisions || pairs {
        throw invocation.usage(
          "\(VerifyRequest.windVectorName) has scores only: leave out --threshold, --skill, --revisions and --pairs"
        )
      }
    }
    if request.bootstrap != nil, revisions || pairs {
      throw invocation.usage(
        "--ci cannot be combined with \(revisions ? "--revisions" : "--pairs")")
    }

    if revisions {
      request = try request.validated(needsObservations: false)
      let report = try store.read { try verifier.revisions(request) }
      try writeRevisions(report, format: format, invocation: invocation)
      return ExitStatus.success
    }

    request = try request.validated()
    if try !useLinkedStations(&request, store: store, invocation: invocation) {
      let chosen = try store.read {
        try verifier.chooseObservationSourceWithReason(
          requested: invocation.string("obs"), variable: variable, cityIDs: request.cityIDs)
      }
      request.observationSource = chosen.source
      if let note = chosen.note { invocation.info("note: " + note) }
    }
    try applyLapseRate(&request, invocation: invocation)
    try applyFlags(&request, store: store, invocation: invocation)
    // A diagram draws no Brier score, so the warning about bs's event does not apply to it.
    if diagram == nil || !request.brierEventDiffers {
      warnAboutMeaning(request, invocation: invocation)
    }
    if let diagram {
      return try runDiagram(
        diagram, request: request, verifier: verifier, format: format, figure: figure,
        invocation: invocation)
    }
    if pairs {
      if parquet {
        return try writePairsDataset(request, verifier: verifier, invocation: invocation)
      }
      if verifText {
        return try writeVerifText(request, verifier: verifier, invocation: invocation)
      }
      if metPairs { return try writeMETPairs(request, verifier: verifier, invocation: invocation) }
      try writePairs(request, verifier: verifier, format: format, invocation: invocation)
      return ExitStatus.success
    }
    if reliability {
      return try runReliability(
        request, verifier: verifier, format: format, figure: figure, invocation: invocation)
    }
    if invocation.flag("scorecard") {
      return try runScorecard(
        request, verifier: verifier, format: format, figure: figure, invocation: invocation)
    }
    if let compare = comparison {
      return try runComparison(
        compare, base: request, verifier: verifier, format: format, figure: figure,
        invocation: invocation)
    }
    request.measuresPeriod = (format.showsComments || figure) && period == nil
    var report = try store.read { try verifier.scores(request) }
    if figure {
      let score = score ?? .rmse
      guard VerifyScore.reported(by: request).contains(score.verifyScore) else {
        let available = VerifyScore.reported(by: request).map(\.optionName)
        throw invocation.usage(
          "--score \(score.rawValue) is not in this table (it has \(available.joined(separator: ", "))); contingency scores need --threshold, bs --var precipitation --threshold, mse-skill --skill"
        )
      }
      if let leadDays {
        report.rows = report.rows.filter { leadDays.keeps(keys: request.keys, values: $0.keys) }
      }
      let (width, height) = try invocation.figureSize()
      let svg = VerifyFigure.svg(
        report, score: score, width: width, height: height,
        cities: try contributingCities(request, verifier: verifier, leadDays: leadDays),
        title: try invocation.figureTitle(), leadDays: leadDays)
      if report.pairs == 0 {
        invocation.warnEmptyFigure(
          "no forecast–observation pairs matched (check --source, --model, --city and --from/--to)")
      }
      let output = try invocation.dataOutput()
      try output.write(svg ?? "")
      try output.flush()
      return ExitStatus.success
    }
    try writeScores(report, format: format, invocation: invocation)
    if report.pairs == 0 { try noteCoverage(request, store: store, invocation: invocation) }
    return ExitStatus.success
  }

  /// After "no pairs matched": the observation sources stored for the cities with the dates
  /// they cover, and the `--obs` that holds the most, so the way to real numbers is one
  /// command away.
  static func noteCoverage(_ request: VerifyRequest, store: Store, invocation: Invocation) throws {
    let daily = request.variable.frequency == .daily
    let coverage = try store.read {
      try store.observationCoverage(daily: daily, cityIDs: request.cityIDs)
    }
    let others = coverage.filter { $0.source != request.observationSource }
    guard let best = others.max(by: { $0.rows < $1.rows }) else { return }
    invocation.info("observations stored for these cities:")
    for (source, first, last, rows) in coverage {
      invocation.info(
        "  \(source): \(first)…\(last), \(rows) \(daily ? "day" : "hour")\(rows == 1 ? "" : "s")")
    }
    invocation.info("try --obs \(best.source)")
  }

  // MARK: - Output

  static func writeScores(_ report: VerifyReport, format: OutputFormat, invocation: Invocation)
    throws
  {
    let request = report.request
    let writer = invocation.rowWriter(
      format: format, output: try invocation.dataOutput(), excel: false)
    try writer.comment(VerifyTable.comment(report))
    try writer.begin(columns: VerifyTable.columns(request))
    for row in report.rows { try writer.write(VerifyTable.cells(row, request: request)) }
    try writer.finish()
    if report.brierRejected > 0 {
      invocation.warn(
        "\(report.brierRejected) precipitation probabilities outside 0–100 % were not scored in bs")
    }
    if let skill = request.skill, report.pairsWithoutReference > 0 {
      let count = report.pairsWithoutReference
      invocation.info(
        "mse_skill: \(count) pair\(count == 1 ? " has" : "s have") no \(skill.rawValue) reference and \(count == 1 ? "is" : "are") left out of it"
      )
    }
    if report.pairs == 0 {
      invocation.info(
        "no forecast–observation pairs matched (check --source, --model, --city, --from/--to and that '\(request.observationSource)' observations cover the forecasts' valid times)"
      )
    }
  }

  static func writeRevisions(_ report: RevisionReport, format: OutputFormat, invocation: Invocation)
    throws
  {
    let writer = invocation.rowWriter(
      format: format, output: try invocation.dataOutput(), excel: false)
    try writer.comment(VerifyTable.revisionComment(report))
    try writer.begin(columns: VerifyTable.revisionColumns(report.request))
    for row in report.rows { try writer.write(VerifyTable.revisionCells(row)) }
    try writer.finish()
    if report.rows.isEmpty { invocation.info("no stored forecasts match") }
  }

  /// `--pairs --format verif`: verif's text input (``VerifText``), for one source and model.
  static func writeVerifText(_ request: VerifyRequest, verifier: Verifier, invocation: Invocation)
    throws -> Int32
  {
    let cities = Dictionary(uniqueKeysWithValues: try verifier.store.cities().map { ($0.id, $0) })
    let output = try invocation.dataOutput()
    try output.write(VerifText.header(request))
    let count = try verifier.store.read {
      try verifier.pairs(request) { pair in
        guard let city = cities[pair.cityID] else { return }
        try output.write(VerifText.line(pair, city: city))
      }
    }
    try output.flush()
    if count == 0 { invocation.info("no forecast–observation pairs matched") }
    return ExitStatus.success
  }

  /// `--pairs --format met-mpr`: MET's MPR lines (``METMatchedPairs``); the pairs are counted
  /// first, as every line carries the total.
  static func writeMETPairs(_ request: VerifyRequest, verifier: Verifier, invocation: Invocation)
    throws -> Int32
  {
    let cities = Dictionary(uniqueKeysWithValues: try verifier.store.cities().map { ($0.id, $0) })
    let labels = try verifier.cityLabels()
    let output = try invocation.dataOutput()
    try output.write(METMatchedPairs.header)
    let total = try verifier.store.read {
      try verifier.pairs(request) { _ in }
    }
    var index = 0
    try verifier.store.read {
      try verifier.pairs(request) { pair in
        guard let city = cities[pair.cityID] else { return }
        index += 1
        try output.write(
          METMatchedPairs.line(
            pair, city: city, label: labels[pair.cityID] ?? city.name, request: request,
            index: index, total: total))
      }
    }
    try output.flush()
    if total == 0 { invocation.info("no forecast–observation pairs matched") }
    return ExitStatus.success
  }

  static func writePairs(
    _ request: VerifyRequest, verifier: Verifier, format: OutputFormat, invocation: Invocation
  ) throws {
    let cities = Dictionary(uniqueKeysWithValues: try verifier.store.cities().map { ($0.id, $0) })
    let labels = try verifier.cityLabels()
    let writer = invocation.rowWriter(
      format: format, output: try invocation.dataOutput(), excel: false)
    try writer.begin(columns: VerifyTable.pairColumns(request))
    var zones: [Int64: CityTimeZone] = [:]
    let count = try verifier.store.read {
      try verifier.pairs(request) { pair in
        let zone = zones[pair.cityID] ?? cities[pair.cityID]?.zone ?? .utc
        zones[pair.cityID] = zone
        try writer.write(
          VerifyTable.pairCells(
            pair, city: labels[pair.cityID] ?? String(pair.cityID), zone: zone, request: request))
      }
    }
    try writer.finish()
    if count == 0 { invocation.info("no forecast–observation pairs matched") }
  }
}
