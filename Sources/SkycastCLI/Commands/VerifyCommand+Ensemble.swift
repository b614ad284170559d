import Collect
import Export
import SkycastModel
import Store
import Verify

/// `skycast verify --ensemble`: scores of the stored ensemble members.
extension VerifyCommand {
  static let ensembleOptions: [OptionSpec] = [
    Options.ensemble.spec, Options.fair.spec, Options.rankHistogram.spec,
  ]

  static func runEnsemble(_ invocation: Invocation) throws -> Int32 {
    let name = invocation[Options.var] ?? "temperature_2m"
    guard
      let variable = EnsembleRequestOptions.allowedVariables.first(where: { $0.apiName == name })
    else {
      throw invocation.unknownVariable(
        name, in: EnsembleRequestOptions.allowedVariables, for: " for --ensemble")
    }
    // The declared rules (`ensembleValueRules`) leave the ensemble's groups, `--diagram pit`
    // alone, and the score options only with a figure.
    var groupBy = try invocation[Options.by]
    let pit = try invocation[Options.diagram] == .pit
    let leadDays = try invocation[Options.leadDays]
    let histogram = invocation[Options.rankHistogram] || pit
    let event = try self.event(invocation)
    if leadDays != nil, !groupBy.contains(where: { $0 == .lead || $0 == .leadDay }) {
      // The chosen lead days are kept apart: one histogram or line per lead day.
      groupBy.append(.leadDay)
    }
    let figure = invocation.formatChoice?.isFigure == true
    var figureScore = EnsembleFigure.Score.crps
    if figure {
      if let score = invocation[Options.score].flatMap(EnsembleFigure.Score.init) {
        figureScore = score
      }
      // Lines are drawn against lead (or lead day, added when no lead key is given); the
      // reliability diagram (with --threshold) draws one line per group instead.
      if !histogram, event == nil, EnsembleFigure.xKey(groupBy) == nil {
        groupBy.insert(.leadDay, at: 0)
      }
    } else {
      try invocation.rejectFigureOptions()
    }
    let pairs = invocation[Options.pairs]
    let format: OutputFormat = figure || pairs ? .csv : try invocation.outputFormat()
    let store = try invocation.openStore(access: .readOnly)
    let verifier = Verifier(store: store)
    let cities = invocation[SharedOptions.cities].isEmpty ? [] : try invocation.cities(in: store)
    var request = EnsembleVerifyRequest(
      variable: variable, observationSource: "", period: try invocation.dateRange(required: false),
      models: unique(invocation[Options.model]), cityIDs: cities.map(\.id), groupBy: groupBy)
    request.fair = invocation[Options.fair]
    request.event = event
    request.includePast = invocation[Options.includePast]
    request.reference = try ensembleReference(invocation)
    if let seed = try invocation[Options.seed] { request.seed = seed }
    // The deterministic rules for --obs station and flagged values, applied to a probe.
    var probe = request.asVerifyRequest
    if try useLinkedStations(&probe, store: store, invocation: invocation) {
      request.observationFromLinks = true
      request.observationSource = probe.observationSource
      if let note = probe.observationNote { invocation.info(note) }
    } else {
      let chosen = try store.read {
        try verifier.chooseObservationSourceWithReason(
          requested: invocation[Options.obs], variable: variable, cityIDs: request.cityIDs)
      }
      request.observationSource = chosen.source
      if let note = chosen.note { invocation.note(note) }
    }
    let stationNote = probe.observationNote
    try applyFlags(&probe, store: store, invocation: invocation)
    request.excludeFlagged = probe.excludeFlagged
    request.excludeTrace = probe.excludeTrace
    if let note = probe.observationNote, note != stationNote {
      invocation.info(String(note.dropFirst((stationNote.map { $0 + "; " } ?? "").count)))
    }
    if pairs {
      return try writeEnsembleVerifText(request, verifier: verifier, invocation: invocation)
    }
    var report = try store.read { try verifier.ensemble(request) }
    if let leadDays {
      report.rows = report.rows.filter { leadDays.keeps(keys: groupBy, values: $0.keys) }
      report.histograms = report.histograms.filter {
        leadDays.keeps(keys: groupBy, values: $0.keys)
      }
    }
    if figure, event != nil {
      var reliability = report.reliabilityReport
      if let leadDays {
        reliability.rows = reliability.rows.filter {
          leadDays.keeps(keys: groupBy, values: $0.keys)
        }
      }
      if reliability.rows.allSatisfy({ $0.bins.allSatisfy { $0.n == 0 } }) {
        throw invocation.emptyFigure("no ensemble values matched an observation")
      }
      let size = try invocation.figureSize(defaultWidth: 680, defaultHeight: 720)
      let output = try invocation.dataOutput()
      try invocation.writeFigure(
        ReliabilityFigure.drawing(
          reliability, width: size.width, height: size.height,
          title: try invocation.figureTitle(), leadDays: leadDays, ensemble: true), to: output)
      try output.flush()
      return ExitStatus.success
    }
    if figure {
      return try writeEnsembleFigure(
        report, histogram: histogram, pit: pit, score: figureScore, invocation: invocation)
    }
    let writer = invocation.rowWriter(format: format, output: try invocation.dataOutput())
    if pit {
      try writer.comment(EnsembleFigure.pitComment(report))
      try writer.begin(columns: EnsembleFigure.pitColumns(request))
      for row in report.histograms {
        for cells in EnsembleFigure.pitCells(row) { try writer.write(cells) }
      }
    } else if histogram {
      try writer.comment(EnsembleTable.histogramComment(report))
      try writer.begin(columns: EnsembleTable.histogramColumns(request))
      for row in report.histograms {
        for cells in EnsembleTable.histogramCells(row) { try writer.write(cells) }
      }
    } else if event != nil {
      let reliability = report.reliabilityReport
      try writer.comment(EnsembleTable.brierComment(report))
      if invocation[Options.bins] {
        try writer.begin(columns: ReliabilityTable.binColumns(reliability.request))
        for row in reliability.rows {
          for cells in ReliabilityTable.binCells(row) { try writer.write(cells) }
        }
      } else {
        try writer.begin(columns: ReliabilityTable.columns(reliability.request))
        for row in reliability.rows {
          try writer.write(ReliabilityTable.cells(row, request: reliability.request))
        }
      }
    } else {
      try writer.comment(EnsembleTable.comment(report))
      try writer.begin(columns: EnsembleTable.columns(request))
      for row in report.rows { try writer.write(EnsembleTable.cells(row, request: request)) }
    }
    try writer.finish()
    if report.cases == 0 {
      // The right diagnosis first: with no ensemble stored, the observations are not to blame.
      if try store.ensembleSeries().isEmpty {
        invocation.info(
          "no ensemble is stored: collect one with 'skycast collect --ensemble MODEL' (for example ecmwf_ifs025_ensemble; see 'skycast collect --help')"
        )
      } else {
        invocation.info(
          "no ensemble values matched an observation (check --model, --city, --from/--to and that '\(request.observationSource)' observations cover the valid times)"
        )
      }
    }
    return ExitStatus.success
  }

  /// `--skill climatology`, `--skill deterministic` (best_match) or `deterministic:MODEL`.
  static func ensembleReference(_ invocation: Invocation) throws -> EnsembleVerifyRequest.Reference?
  {
    guard let text = invocation[Options.skill] else { return nil }
    if text == "climatology" { return .climatology }
    if text == "deterministic" { return .deterministic(model: ModelName.bestMatch) }
    if text.hasPrefix("deterministic:"), text.count > "deterministic:".count {
      return .deterministic(model: String(text.dropFirst("deterministic:".count)))
    }
    throw invocation.usage(
      "The value '\(text)' is invalid for '--skill' with --ensemble: expected climatology, deterministic or deterministic:MODEL"
    )
  }

  static func writeEnsembleFigure(
    _ report: EnsembleReport, histogram: Bool, pit: Bool = false, score: EnsembleFigure.Score,
    invocation: Invocation
  ) throws -> Int32 {
    let (width, height) = try invocation.figureSize()
    let title = try invocation.figureTitle()
    let svg =
      pit
      ? EnsembleFigure.pitHistogram(report, width: width, height: height, title: title)
      : histogram
        ? EnsembleFigure.rankHistogram(report, width: width, height: height, title: title)
        : EnsembleFigure.lines(report, score: score, width: width, height: height, title: title)
    if report.cases == 0 {
      throw invocation.emptyFigure("no ensemble values matched an observation")
    }
    let output = try invocation.dataOutput()
    try invocation.writeFigure(svg, to: output)
    try output.flush()
    return ExitStatus.success
  }
}
