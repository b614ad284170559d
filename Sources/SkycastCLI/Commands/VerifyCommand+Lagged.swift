import Export
import SkycastModel
import Store
import Verify

/// `skycast verify --lagged N` (time-lagged ensembles) and `verify --jumpiness` (errors by the
/// size of the last revision): both read each valid time's issue sequence, as `--revisions`
/// does, and score it against the observation.
extension VerifyCommand {
  static let laggedOptions: [OptionSpec] = [
    Options.lagged.spec, Options.jumpiness.spec, Options.ensembleModel.spec,
    Options.revisionBins.spec,
  ]

  /// The keys `--lagged` and `--jumpiness` group by: every key known per valid time or issue
  /// (obs-range needs the observed value of a pair).
  static let laggedKeys: [VerifyKey] = [
    .lead, .leadDay, .city, .model, .source, .month, .validHour, .season,
  ]

  /// `--lagged`, `--jumpiness`, or nil when neither is given.
  static func laggedMode(_ invocation: Invocation) -> String? {
    invocation.isGiven(Options.lagged)
      ? "lagged" : invocation[Options.jumpiness] ? "jumpiness" : nil
  }

  static func runLagged(_ invocation: Invocation, mode: String) throws -> Int32 {
    let lagged = mode == "lagged"
    let members = try lagged ? (invocation[Options.lagged] ?? 0) : 0
    let edges = lagged ? nil : try invocation[Options.revisionBins]
    let variableName = invocation[Options.var] ?? "temperature_2m"
    guard WeatherVariable.named(variableName) != nil else {
      throw invocation.unknownVariable(variableName, in: VerifyRequest.verifiableVariables)
    }
    // The declared rules (`laggedValueRules`) leave an hourly variable on a line, the keys
    // of `laggedKeys`, and no option the fixed lines do not read.
    let variable = try VerifyRequest.variable(named: variableName)
    var groupBy = try invocation[Options.by]
    let figure = invocation.formatChoice?.isFigure == true
    if figure, lagged {
      // Lines are drawn against the newest member's lead: lead day unless --by lead.
      if !groupBy.contains(where: { $0 == .lead || $0 == .leadDay }) {
        groupBy.insert(.leadDay, at: 0)
      }
    }
    if !figure { try invocation.rejectFigureOptions() }
    let format: OutputFormat = figure ? .csv : try invocation.outputFormat()
    let seed = try laggedSeed(invocation)

    let store = try invocation.openStore(access: .readOnly)
    let verifier = Verifier(store: store)
    let cities = invocation[SharedOptions.cities].isEmpty ? [] : try invocation.cities(in: store)
    var request = VerifyRequest(
      variable: variable, observationSource: "", period: try invocation.dateRange(required: false),
      sources: unique(invocation[Options.source]), models: unique(invocation[Options.model]),
      cityIDs: cities.map(\.id), groupBy: groupBy)
    let mixedRuns = try chooseLeadOrigin(&request, invocation: invocation, store: store)
    request = try request.validated()
    try chooseObservations(
      &request, variable: variable, store: store, verifier: verifier, invocation: invocation)
    try applyLapseRate(&request, store: store, invocation: invocation)
    try applyFlags(&request, store: store, invocation: invocation)
    if let mixedRuns {
      try describeRunCoverageInPairs(&request, coverage: mixedRuns, store: store)
    }
    warnAboutMeaning(request, invocation: invocation)

    if lagged {
      let ensembleModel = invocation[Options.ensembleModel]
      if let ensembleModel {
        let models = Set(try store.read { try store.ensembleSeries() }.map(\.model))
        guard models.contains(ensembleModel) else {
          let stored =
            models.isEmpty ? "none is stored" : "stored: " + models.sorted().joined(separator: ", ")
          throw invocation.usage(
            "--ensemble-model \(ensembleModel) has no stored ensemble (\(stored))")
        }
      }
      let report = try store.read {
        try invocation.showingProgress("verify --lagged", store: store) {
          try verifier.lagged(request, members: members, seed: seed, ensembleModel: ensembleModel)
        }
      }
      if figure {
        let (width, height) = try invocation.figureSize()
        let svg = LaggedFigure.drawing(
          report, width: width, height: height, title: try invocation.figureTitle())
        if report.cases == 0 {
          throw invocation.emptyFigure(
            "no valid time had \(members) issues and an observation (\(report.tooFewIssues) had fewer issues)"
          )
        }
        let output = try invocation.dataOutput()
        try invocation.writeFigure(svg, to: output)
        try output.flush()
        return ExitStatus.success
      }
      try writeLagged(report, format: format, invocation: invocation)
      return ExitStatus.success
    }
    let report = try store.read {
      try invocation.showingProgress("verify --jumpiness", store: store) {
        try verifier.jumpiness(request, edges: edges)
      }
    }
    if figure {
      let (width, height) = try invocation.figureSize()
      let svg = JumpinessFigure.drawing(
        report, width: width, height: height, title: try invocation.figureTitle())
      if report.cases == 0 {
        throw invocation.emptyFigure(
          "no valid time with two issues had an observation (check --source, --model, --city and --from/--to)"
        )
      }
      let output = try invocation.dataOutput()
      try invocation.writeFigure(svg, to: output)
      try output.flush()
      return ExitStatus.success
    }
    let writer = invocation.rowWriter(
      format: format, output: try invocation.dataOutput(), excel: false)
    try writer.comment(JumpinessTable.comment(report))
    try writer.begin(columns: JumpinessTable.columns(report.request))
    for row in report.rows { try writer.write(JumpinessTable.cells(row)) }
    try writer.finish()
    if report.cases == 0 {
      invocation.info("no valid time with two issues had an observation")
    }
    return ExitStatus.success
  }

  static func writeLagged(_ report: LaggedReport, format: OutputFormat, invocation: Invocation)
    throws
  {
    let writer = invocation.rowWriter(
      format: format, output: try invocation.dataOutput(), excel: false)
    if invocation[Options.rankHistogram] {
      try writer.comment(LaggedTable.histogramComment(report))
      try writer.begin(columns: LaggedTable.histogramColumns(report.request))
      for row in report.histograms {
        for cells in EnsembleTable.histogramCells(row) { try writer.write(cells) }
      }
    } else {
      try writer.comment(LaggedTable.comment(report))
      try writer.begin(columns: LaggedTable.columns(report))
      for row in report.rows { try writer.write(LaggedTable.cells(row, report: report)) }
    }
    try writer.finish()
    if report.cases == 0 {
      invocation.info(
        "no valid time had \(report.members) issues and an observation (\(report.tooFewIssues) had fewer issues)"
      )
    }
  }

  /// `--seed`: the rank histogram's tie-break seed (the bootstrap's default, 20260301, unless
  /// given: one default seed everywhere).
  static func laggedSeed(_ invocation: Invocation) throws -> UInt64 {
    try invocation[Options.seed] ?? BootstrapSettings.defaultSeed
  }
}
