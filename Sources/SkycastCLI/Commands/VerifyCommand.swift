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
      mae, rmse and corr, pooled over the group's pairs; forecasts without an observation are \
      dropped and counted in the table's comment. Sources are kept apart (grouped by source \
      unless --source names one), because lead time means hours after retrieval for 'forecast' \
      and imports and the nominal 24·N h for 'previous-runs'. Lead < 0 is left out unless \
      --include-past.

      Modes: --threshold (contingency scores, Brier score), --skill, --scores, --within, --ci \
      (day-block bootstrap intervals), --compare A B (same cases, Diebold–Mariano test), \
      --reliability, --revisions (a NULL forecast is left out of its valid time's series), \
      --pairs, --ensemble, --lagged N (the last N issues as an ensemble), --jumpiness (errors by \
      the size of the last revision), --format svg figures, --diagram and --scorecard (options \
      below; their formulas and references in the topics named after the examples).

      Examples:
        skycast verify --by lead-day
        skycast verify --by lead-day --ci --format latex -o rmse-table.tex
        skycast verify --var temperature_2m_max --compare ecmwf_ifs025 icon_seamless --by lead-day
        skycast verify --reliability --by lead-day --format svg -o reliability.svg
        skycast verify --revisions --by lead-day
        skycast verify --lagged 4 --model best_match --by lead-day
        skycast verify --by lead-day --by model --format svg -o rmse.svg
      """,
    options: [
      Options.var.spec, Options.by.spec, Options.threshold.spec, Options.scores.spec,
      Options.sameCases.spec, Options.climateFrom.spec, Options.climateTo.spec,
      Options.obsBins.spec, Options.within.spec, Options.op.spec,
      SharedOptions.from.spec, SharedOptions.to.spec, Options.obs.spec, Options.source.spec,
      Options.model.spec, SharedOptions.cities.spec, Options.skill.spec, Options.revisions.spec,
      Options.pairs.spec, Options.compare.spec, Options.reliability.spec, Options.bins.spec,
      Options.loss.spec, Options.includePast.spec, Options.includeSuspect.spec,
      Options.excludeTrace.spec,
      Options.lapseRate.spec, Options.leadFrom.spec, Options.ci.spec, Options.bootstrap.spec,
      Options.blockDays.spec, Options.seed.spec, Options.score.spec,
    ] + diagramOptions + scorecardOptions + ensembleOptions + laggedOptions + SharedOptions.figure
      + SharedOptions.output(
        formats: FormatChoice.tables + [.svg, .tikz, .parquet, .verif, .metMPR])
      + [ExportCommand.Options.partitionBy.spec],
    rules: rules,
    run: { try run($0) })

  /// The flags that make `verify` write something other than the score table.
  static let modeFlags = [Options.ensemble, Options.revisions, Options.pairs, Options.reliability]

  static func run(_ invocation: Invocation) throws -> Int32 {
    if let mode = laggedMode(invocation) { return try runLagged(invocation, mode: mode) }
    try checkAddedScores(invocation)
    if invocation[Options.ensemble] { return try runEnsemble(invocation) }
    let reliability = invocation[Options.reliability]
    // A scorecard's first row variable stands for --var when --var is not given.
    let variableName =
      invocation[Options.var] ?? invocation[Options.vars].first
      ?? (reliability ? "precipitation" : "temperature_2m")
    let vectorWind = variableName == VerifyRequest.windVectorName
    guard vectorWind || WeatherVariable.named(variableName) != nil else {
      throw invocation.unknownVariable(variableName, in: VerifyRequest.verifiableVariables)
    }
    let variable =
      vectorWind ? .windSpeed10m : try VerifyRequest.variable(named: variableName)
    var groupBy = try VerifyKey.parse(invocation[Options.by])
    let figure = invocation.formatChoice?.isFigure == true
    let score = try figureScore(invocation)
    let diagram = try invocation[Options.diagram]
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
      guard !invocation[Options.revisions], !invocation[Options.pairs] else {
        throw invocation.usage("--format svg draws scores; leave out --revisions and --pairs")
      }
      // Plotted against the first of lead, lead day, valid hour or month; lead day by default.
      if !invocation[Options.reliability], VerifyFigure.xKey(groupBy) == nil {
        groupBy.insert(.leadDay, at: 0)
      }
      if leadDays != nil, !groupBy.contains(where: { $0 == .lead || $0 == .leadDay }) {
        // A reliability diagram gets a line per chosen lead day; a figure against valid hour
        // or month has no lead to choose by unless --by asks for one.
        guard invocation[Options.reliability] else {
          throw invocation.usage(
            "--lead-days with a figure by valid hour or month needs --by lead-day (one line per lead day)"
          )
        }
        groupBy.append(.leadDay)
      }
      if score == .mseSkill, !invocation.isGiven(Options.skill) {
        throw invocation.usage("--score mse-skill needs --skill persistence|climatology")
      }
    } else if score != nil {
      throw invocation.usage("--score chooses what --format svg draws")
    } else {
      try invocation.rejectFigureOptions()
    }
    let compareWords = invocation[Options.compare]
    if !compareWords.isEmpty, figure, score != nil {
      throw invocation.usage("--compare draws the difference of --loss's score; leave out --score")
    }
    if reliability { try checkReliability(invocation, variableName: variableName) }
    let event = try self.event(invocation)
    let skill = try skillReference(invocation)
    let revisions = invocation[Options.revisions]
    let pairs = invocation[Options.pairs]
    let period = try invocation.dateRange(required: false)
    let climatePeriod = try self.climatePeriod(invocation)
    let parquet = pairs && invocation.formatChoice == .parquet
    let verifText = invocation.formatChoice == .verif
    if verifText, !pairs { throw invocation.usage("--format verif writes pairs; add --pairs") }
    let metPairs = invocation.formatChoice == .metMPR
    if metPairs, !pairs { throw invocation.usage("--format met-mpr writes pairs; add --pairs") }
    let format =
      figure || parquet || verifText || metPairs ? .csv : try invocation.outputFormat()

    let store = try invocation.openStore(access: .readOnly)
    let verifier = Verifier(store: store)
    let cities = invocation[SharedOptions.cities].isEmpty ? [] : try invocation.cities(in: store)
    var request = VerifyRequest(
      variable: variable, observationSource: "", period: period,
      sources: unique(invocation[Options.source]), models: unique(invocation[Options.model]),
      cityIDs: cities.map(\.id), groupBy: groupBy, event: event,
      includePast: invocation[Options.includePast], skill: skill)
    request.vectorWind = vectorWind
    request.selectedModelsBySource = try Self.modelsBySource(request, store: store)
    if verifText {
      // One forecast system per file: --source and --model only where the selection holds
      // more than one.
      let series = request.selectedModelsBySource.sorted { $0.key < $1.key }.flatMap { entry in
        Set(entry.value).sorted().map { "\(entry.key)/\($0)" }
      }
      if series.count != 1 {
        throw invocation.usage(
          "--format verif writes one forecast system per file (verif compares files), and the selection holds \(series.isEmpty ? "none" : series.joined(separator: ", ")): give one --source and one --model"
        )
      }
    }
    request.thresholds = try thresholds(invocation)
    request.extraScores = try extraScores(invocation)
    request.withinBounds = try withinBounds(invocation)
    request.sameCases = invocation[Options.sameCases]
    request.climatePercentile = try climatePercentile(invocation)
    request.climatePeriod = climatePeriod
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
    let mixedRuns = try chooseLeadOrigin(&request, invocation: invocation, store: store)
    var comparison: ComparisonRequest?
    if compareWords.count == 2 {
      let daily = variable.frequency == .daily
      let sides = try store.read {
        (
          try verifier.comparisonSide(compareWords[0], daily: daily, models: request.models),
          try verifier.comparisonSide(compareWords[1], daily: daily, models: request.models)
        )
      }
      comparison = try ComparisonRequest(
        base: request, a: sides.0, b: sides.1,
        loss: try invocation[Options.loss]
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

    if revisions {
      request = try request.validated(needsObservations: false)
      let report = try store.read { try verifier.revisions(request) }
      try writeRevisions(report, format: format, invocation: invocation)
      return ExitStatus.success
    }

    request = try request.validated()
    try chooseObservations(
      &request, variable: variable, store: store, verifier: verifier, invocation: invocation)
    try applyLapseRate(&request, store: store, invocation: invocation)
    try applyFlags(&request, store: store, invocation: invocation)
    if let mixedRuns {
      try describeRunCoverageInPairs(&request, coverage: mixedRuns, store: store)
    }
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
    if invocation[Options.scorecard] {
      return try runScorecard(
        request, verifier: verifier, format: format, figure: figure, invocation: invocation)
    }
    if let compare = comparison {
      return try runComparison(
        compare, base: request, verifier: verifier, format: format, figure: figure,
        invocation: invocation)
    }
    let common = figure && Self.figureNeedsCommonCases(request)
    if common { request.sameCases = true }
    request.measuresPeriod = (format.showsComments || figure) && period == nil
    var report = try store.read { try verifier.scores(request) }
    var figureNote: String?
    if common, report.sameCases?.cases.isEmpty == true {
      // Not one case all systems share: each line on its own cases, and the figure says so.
      request.sameCases = false
      report = try store.read { try verifier.scores(request) }
      figureNote = Self.noCommonCasesNote
    }
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
      let svg = VerifyFigure.drawing(
        report, score: score, width: width, height: height,
        cities: try contributingCities(request, verifier: verifier, leadDays: leadDays),
        title: try invocation.figureTitle(), leadDays: leadDays, note: figureNote)
      if report.pairs == 0 {
        throw invocation.emptyFigure(
          "no forecast–observation pairs matched (check --source, --model, --city and --from/--to)")
      }
      if report.rows.isEmpty, let leadDays {
        throw invocation.emptyFigure("no pairs at \(leadDays.text)")
      }
      let output = try invocation.dataOutput()
      try invocation.writeFigure(svg, to: output)
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
    let others = coverage.filter { $0.source.rawValue != request.observationSource }
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

  /// `--pairs --format verif`: verif's text input (``VerifText``), for one source and model;
  /// hourly `precipitation` with its `p0.1` column.
  static func writeVerifText(_ request: VerifyRequest, verifier: Verifier, invocation: Invocation)
    throws -> Int32
  {
    var request = request
    request.pairsWithProbability = VerifText.hasProbabilityColumn(request)
    let cities = Dictionary(uniqueKeysWithValues: try verifier.store.cities().map { ($0.id, $0) })
    let output = try invocation.dataOutput()
    try output.write(VerifText.header(request))
    let count = try verifier.store.read {
      try verifier.pairs(request) { pair in
        guard let city = cities[pair.cityID] else { return }
        try output.write(
          VerifText.line(pair, city: city, probabilityColumn: request.pairsWithProbability))
      }
    }
    try output.flush()
    if count == 0 { invocation.info("no forecast–observation pairs matched") }
    return ExitStatus.success
  }

  /// `--pairs --format met-mpr`: MET's MPR lines (``METMatchedPairs``); the pairs are read
  /// first, as point_stat writes them in header groups, each line carrying its group's total.
  static func writeMETPairs(_ request: VerifyRequest, verifier: Verifier, invocation: Invocation)
    throws -> Int32
  {
    let cities = Dictionary(uniqueKeysWithValues: try verifier.store.cities().map { ($0.id, $0) })
    let labels = try verifier.cityLabels()
    let output = try invocation.dataOutput()
    try output.write(METMatchedPairs.header)
    var pairs: [VerifyPair] = []
    let total = try verifier.store.read {
      try verifier.pairs(request) { pairs.append($0) }
    }
    for line in METMatchedPairs.lines(pairs, cities: cities, labels: labels, request: request) {
      try output.write(line)
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
