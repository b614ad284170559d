import SkycastKit

/// `skycast verify`: forecast-versus-observed scores by lead time, city, model and source;
/// run-to-run revisions; the matched pairs.
enum VerifyCommand {
  static let spec = CommandSpec(
    name: "verify",
    abstract: "Score stored forecasts against observations, by lead time, city, model or source.",
    discussion: """
      Pairs each forecast with the observation of the same city and valid time (daily variables \
      such as temperature_2m_max: the same local date) and reports per group n, bias (mean F−O), \
      mae, rmse and corr, pooled over the group's pairs. A pair with a NULL side is dropped. \
      Sources are kept apart: rows are grouped by source unless --source names exactly one. \
      Lead time means hours after retrieval for 'forecast' and imports, and hours after the \
      nominal model run (24·N) for 'previous-runs'. Forecasts of hours already past at issue \
      (lead < 0) are left out unless --include-past.

      With --threshold X: contingency counts a b c d (hits, false alarms, misses, correct \
      negatives) and pod, far, pofd, csi, ets, fbias, hss, pc for the event value ≥ X (--op ge) \
      or > X (--op gt); for precipitation also the Brier score bs of the stored \
      precipitation_probability (Open-Meteo's is P(> 0.1 mm in the hour)). --skill adds \
      mse_skill = 1 − MSE/MSE_ref against persistence (the observation at issue time) or \
      climatology (mean observation of the city, calendar month and hour over the period).

      --revisions reports, per lead day (or --by city, …), how much the forecast for one valid \
      time changes between successive issues (mean absolute revision) and the flip-flop index. \
      --pairs writes the matched pairs instead of scores. --format svg -o FILE.svg draws one \
      score (--score, default rmse) against lead time or lead day, one line per source, model or \
      city (the other --by keys), with each point's pair count.

      Examples:
        skycast verify --by lead-day
        skycast verify --var precipitation --threshold 1 --op ge --by lead-day,city
        skycast verify --var temperature_2m_max --by lead-day --skill persistence
        skycast verify --revisions --by lead-day
        skycast verify --pairs --city Berlin --from 2026-03-01 --to 2026-03-31 -o pairs.csv
        skycast verify --by lead-day --by model --format svg -o rmse.svg
      """,
    options: [
      OptionSpec(
        "var", value: "variable", help: "The variable to verify (see 'skycast vars').",
        default: "temperature_2m"),
      OptionSpec(
        "by", value: "key",
        help:
          "Group by lead, lead-day, city, model, source, month or valid-hour (repeat or comma-separate).",
        repeating: true),
      OptionSpec(
        "threshold", value: "x",
        help: "Event threshold for contingency scores, in the variable's unit."),
      OptionSpec(
        "op", value: "op", help: "Event operator: ge (value ≥ x) or gt (value > x).", default: "ge"),
      SharedOptions.from, SharedOptions.to,
      OptionSpec(
        "obs", value: "source", help: "Observation source to compare with.",
        default: "era5 if stored, else the only source"),
      OptionSpec(
        "source", value: "source",
        help: "Only forecasts from this source (forecast, previous-runs, an import name).",
        repeating: true),
      OptionSpec("model", value: "model", help: "Only forecasts of this model.", repeating: true),
      SharedOptions.cities,
      OptionSpec(
        "skill", value: "reference", help: "Add mse_skill against persistence or climatology."),
      .flag(
        "revisions", help: "Report run-to-run revisions and the flip-flop index instead of scores."),
      .flag("pairs", help: "Write the matched forecast–observation pairs instead of scores."),
      .flag("include-past", help: "Keep forecasts of hours already past at issue time (lead < 0)."),
      OptionSpec(
        "score", value: "score", help: "With --format svg: rmse, mae, bias, corr or mse-skill.",
        default: "rmse"),
      OptionSpec("width", value: "pixels", help: "Figure width with --format svg.", default: "800"),
      OptionSpec(
        "height", value: "pixels", help: "Figure height with --format svg.", default: "450"),
    ] + SharedOptions.output + [ExportCommand.parquetOptions[0]],
    run: { try run($0) })

  static func run(_ invocation: Invocation) throws -> Int32 {
    let variable = try VerifyRequest.variable(named: invocation.string("var") ?? "temperature_2m")
    var groupBy = try VerifyKey.parse(invocation.list("by"))
    let figure = invocation.string("format") == "svg"
    let score = try invocation.choice("score", as: VerifyFigure.Score.self)
    if figure {
      guard !invocation.flag("revisions"), !invocation.flag("pairs") else {
        throw invocation.usage("--format svg draws scores; leave out --revisions and --pairs")
      }
      if !groupBy.contains(.lead), !groupBy.contains(.leadDay) { groupBy.insert(.leadDay, at: 0) }
      if score == .mseSkill, invocation.string("skill") == nil {
        throw invocation.usage("--score mse-skill needs --skill persistence|climatology")
      }
    } else if score != nil {
      throw invocation.usage("--score chooses what --format svg draws")
    }
    let event = try self.event(invocation)
    let skill = try invocation.choice("skill", as: SkillReference.self)
    let revisions = invocation.flag("revisions")
    let pairs = invocation.flag("pairs")
    try checkCombinations(
      invocation, revisions: revisions, pairs: pairs, grouped: !groupBy.isEmpty, event: event,
      skill: skill)
    let period = try invocation.dateRange(required: false)
    let parquet = pairs && invocation.string("format") == "parquet"
    let format = figure || parquet ? .csv : try invocation.outputFormat()

    let store = try invocation.openStore(access: .readOnly)
    let verifier = Verifier(store: store)
    let cities = invocation.strings("city").isEmpty ? [] : try invocation.cities(in: store)
    var request = VerifyRequest(
      variable: variable, observationSource: "", period: period,
      sources: unique(invocation.list("source")), models: unique(invocation.list("model")),
      cityIDs: cities.map(\.id), groupBy: groupBy, event: event,
      includePast: invocation.flag("include-past"), skill: skill)

    if revisions {
      request = try request.validated(needsObservations: false)
      let report = try store.read { try verifier.revisions(request) }
      try writeRevisions(report, format: format, invocation: invocation)
      return ExitStatus.success
    }

    request = try request.validated()
    request.observationSource = try store.read {
      try verifier.chooseObservationSource(
        requested: invocation.string("obs"), variable: variable, cityIDs: request.cityIDs)
    }
    warnAboutMeaning(request, invocation: invocation)
    if pairs {
      if parquet {
        return try writePairsDataset(request, verifier: verifier, invocation: invocation)
      }
      try writePairs(request, verifier: verifier, format: format, invocation: invocation)
      return ExitStatus.success
    }
    request.measuresPeriod = format == .table && period == nil
    let report = try store.read { try verifier.scores(request) }
    if figure {
      let svg = VerifyFigure.svg(
        report, score: score ?? .rmse, width: try invocation.int("width", in: 320...10_000) ?? 800,
        height: try invocation.int("height", in: 200...10_000) ?? 450)
      let output = try invocation.dataOutput()
      try output.write(svg ?? "")
      try output.flush()
      return ExitStatus.success
    }
    try writeScores(report, format: format, invocation: invocation)
    return ExitStatus.success
  }

  // MARK: - Options

  /// The values in first-seen order without repeats (`--source a --source a` selects one).
  static func unique(_ values: [String]) -> [String] {
    var seen = Set<String>()
    return values.filter { seen.insert($0).inserted }
  }

  static func event(_ invocation: Invocation) throws -> VerifyEvent? {
    let op = try invocation.choice("op", as: EventOperator.self)
    guard let threshold = try invocation.double("threshold") else {
      if op != nil { throw invocation.usage("--op needs --threshold <x>") }
      return nil
    }
    return VerifyEvent(threshold: threshold, op: op ?? .ge)
  }

  static func checkCombinations(
    _ invocation: Invocation, revisions: Bool, pairs: Bool, grouped: Bool, event: VerifyEvent?,
    skill: SkillReference?
  ) throws {
    if revisions, pairs { throw invocation.usage("--revisions and --pairs cannot be combined") }
    let mode = revisions ? "--revisions" : pairs ? "--pairs" : nil
    guard let mode else { return }
    if event != nil { throw invocation.usage("--threshold cannot be combined with \(mode)") }
    if skill != nil { throw invocation.usage("--skill cannot be combined with \(mode)") }
    if pairs, grouped {
      throw invocation.usage("--by cannot be combined with --pairs (pairs are not grouped)")
    }
    if revisions, invocation.string("obs") != nil {
      throw invocation.usage(
        "--obs cannot be combined with --revisions (revisions compare forecasts with forecasts)")
    }
  }

  /// Warnings where a score means something other than it seems.
  static func warnAboutMeaning(_ request: VerifyRequest, invocation: Invocation) {
    if request.brierEventDiffers, let event = request.event {
      invocation.warn(
        "bs scores Open-Meteo's precipitation_probability, which is P(> 0.1 mm in the hour), against the event \(event.symbol) \(NumberText.shortest(event.threshold)) mm; use --threshold 0.1 --op gt for the event it forecasts"
      )
    }
    switch request.variable.quantity {
    case .direction:
      invocation.warn(
        "\(request.variable.column) errors are plain differences, not angles (359° against 1° counts as 358°)"
      )
    case .weatherCode:
      invocation.warn(
        "\(request.variable.column) is a category code; differences of codes have no physical meaning"
      )
    default: break
    }
  }

  // MARK: - Output

  static func writeScores(_ report: VerifyReport, format: OutputFormat, invocation: Invocation)
    throws
  {
    let request = report.request
    let writer = RowWriters.make(format: format, output: try invocation.dataOutput(), excel: false)
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
    let writer = RowWriters.make(format: format, output: try invocation.dataOutput(), excel: false)
    try writer.comment(VerifyTable.revisionComment(report))
    try writer.begin(columns: VerifyTable.revisionColumns(report.request))
    for row in report.rows { try writer.write(VerifyTable.revisionCells(row)) }
    try writer.finish()
    if report.rows.isEmpty { invocation.info("no stored forecasts match") }
  }

  static func writePairs(
    _ request: VerifyRequest, verifier: Verifier, format: OutputFormat, invocation: Invocation
  ) throws {
    let cities = Dictionary(uniqueKeysWithValues: try verifier.store.cities().map { ($0.id, $0) })
    let labels = try verifier.cityLabels()
    let writer = RowWriters.make(format: format, output: try invocation.dataOutput(), excel: false)
    try writer.begin(columns: VerifyTable.pairColumns(request))
    var zones: [Int64: CityTimeZone] = [:]
    let count = try verifier.store.read {
      try verifier.pairs(request) { pair in
        let zone = zones[pair.cityID] ?? cities[pair.cityID]?.zone ?? .utc
        zones[pair.cityID] = zone
        try writer.write(
          VerifyTable.pairCells(pair, city: labels[pair.cityID] ?? String(pair.cityID), zone: zone))
      }
    }
    try writer.finish()
    if count == 0 { invocation.info("no forecast–observation pairs matched") }
  }
}
