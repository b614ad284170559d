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
      + [ParquetOptions.partitionBy.spec],
    rules: rules, constantsInCaption: true,
    run: { try run($0) })

  /// The flags that make `verify` write something other than the score table.
  static let modeFlags = [Options.ensemble, Options.revisions, Options.pairs, Options.reliability]

  /// Parses the command line into one ``VerificationRequest``, builds the scoring request
  /// from it and the database, and runs its mode.
  static func run(_ invocation: Invocation) throws -> Int32 {
    let verification = try parse(invocation)
    switch verification.mode {
    case .lagged: return try runLagged(invocation, mode: "lagged")
    case .jumpiness: return try runLagged(invocation, mode: "jumpiness")
    case .ensemble: return try runEnsemble(invocation)
    default: break
    }
    let (format, figure) = (verification.format, verification.figure)
    let store = try invocation.openStore(access: .readOnly)
    let verifier = Verifier(store: store)
    var (request, comparison, mixedRuns) = try scoringRequest(
      verification, store: store, verifier: verifier, invocation: invocation)
    if verification.mode == .revisions {
      request = try request.validated(needsObservations: false)
      let report = try store.read { try verifier.revisions(request) }
      try writeRevisions(report, format: format, invocation: invocation)
      return ExitStatus.success
    }
    request = try request.validated()
    try chooseObservations(
      &request, variable: verification.variable, store: store, verifier: verifier,
      invocation: invocation)
    try applyLapseRate(&request, store: store, invocation: invocation)
    try applyFlags(&request, store: store, invocation: invocation)
    if let mixedRuns {
      try describeRunCoverageInPairs(&request, coverage: mixedRuns, store: store)
    }
    // A diagram draws no Brier score, so the warning about bs's event does not apply to it.
    if verification.diagram == nil || !request.brierEventDiffers {
      warnAboutMeaning(request, invocation: invocation)
    }
    switch verification.mode {
    case .diagram(let diagram):
      return try runDiagram(
        diagram, request: request, verifier: verifier, format: format, figure: figure,
        invocation: invocation)
    case .pairs(let pairs):
      return try runPairs(
        pairs, request: request, verifier: verifier, format: format, invocation: invocation)
    case .reliability:
      return try runReliability(
        request, verifier: verifier, format: format, figure: figure, invocation: invocation)
    case .scorecard:
      return try runScorecard(
        request, verifier: verifier, format: format, figure: figure, invocation: invocation)
    case .comparison:
      guard let comparison else { break }
      return try runComparison(
        comparison, base: request, verifier: verifier, format: format, figure: figure,
        invocation: invocation)
    default: break
    }
    return try runScores(request, verification, verifier: verifier, invocation: invocation)
  }

  /// `--pairs` in its format.
  static func runPairs(
    _ pairs: VerificationRequest.PairsFormat, request: VerifyRequest, verifier: Verifier,
    format: OutputFormat, invocation: Invocation
  ) throws -> Int32 {
    switch pairs {
    case .parquet: return try writePairsDataset(request, verifier: verifier, invocation: invocation)
    case .verif: return try writeVerifText(request, verifier: verifier, invocation: invocation)
    case .metMPR: return try writeMETPairs(request, verifier: verifier, invocation: invocation)
    case .rows:
      try writePairs(request, verifier: verifier, format: format, invocation: invocation)
      return ExitStatus.success
    }
  }

  /// The score table, or its figure: every line on the cases all systems share when the
  /// figure compares systems (each on its own, said in a note, when they share none).
  static func runScores(
    _ request: VerifyRequest, _ verification: VerificationRequest, verifier: Verifier,
    invocation: Invocation
  ) throws -> Int32 {
    var request = request
    let (format, figure, store) = (verification.format, verification.figure, verifier.store)
    let common = figure && Self.figureNeedsCommonCases(request)
    if common { request.sameCases = true }
    request.measuresPeriod = (format.showsComments || figure) && verification.period == nil
    var report = try store.read { try verifier.scores(request) }
    var figureNote: String?
    if common, report.sameCases?.cases.isEmpty == true {
      // Not one case all systems share: each line on its own cases, and the figure says so.
      request.sameCases = false
      report = try store.read { try verifier.scores(request) }
      figureNote = Self.noCommonCasesNote
    }
    guard figure else {
      try writeScores(report, format: format, invocation: invocation)
      if report.pairs == 0 { try noteCoverage(request, store: store, invocation: invocation) }
      return ExitStatus.success
    }
    let score = verification.score ?? .rmse
    guard VerifyScore.reported(by: request).contains(score.verifyScore) else {
      let available = VerifyScore.reported(by: request).map(\.optionName)
      throw invocation.usage(
        "--score \(score.rawValue) is not in this table (it has \(available.joined(separator: ", "))); contingency scores need --threshold, bs --var precipitation --threshold, mse-skill --skill"
      )
    }
    let leadDays = verification.leadDays
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
