import Export
import SkycastModel
import Store
import Verify

/// `verify`'s options read into a ``VerificationRequest``, with the checks that need values
/// (the variable, `--format svg`, `--diagram`); which options combine is declared in `rules`.
extension VerifyCommand {
  /// The command line as one value; the time-lagged modes and `--ensemble` read the rest of
  /// their options themselves.
  static func parse(_ invocation: Invocation) throws -> VerificationRequest {
    if let mode = laggedMode(invocation) {
      return VerificationRequest(mode: mode == "lagged" ? .lagged : .jumpiness)
    }
    try readAddedScores(invocation)
    if invocation[Options.ensemble] { return VerificationRequest(mode: .ensemble) }
    var parsed = VerificationRequest(mode: .scores)
    let reliability = invocation[Options.reliability]
    // A scorecard's first row variable stands for --var when --var is not given.
    parsed.variableName =
      invocation[Options.var] ?? invocation[Options.vars].first
      ?? (reliability ? "precipitation" : "temperature_2m")
    guard parsed.vectorWind || WeatherVariable.named(parsed.variableName) != nil else {
      throw invocation.unknownVariable(
        parsed.variableName, in: VerifyRequest.verifiableVariables)
    }
    parsed.variable =
      parsed.vectorWind ? .windSpeed10m : try VerifyRequest.variable(named: parsed.variableName)
    parsed.groupBy = try invocation[Options.by]
    parsed.figure = invocation.formatChoice?.isFigure == true
    parsed.score = try figureScore(invocation)
    let diagram = try invocation[Options.diagram]
    if let diagram {
      try prepareDiagram(
        diagram, groupBy: &parsed.groupBy, variableName: parsed.variableName,
        invocation: invocation)
    }
    try prepareScorecard(&parsed.groupBy, invocation: invocation)
    parsed.leadDays = try invocation[Options.leadDays]
    try checkFigure(&parsed, diagram: diagram, invocation: invocation)
    parsed.event = try event(invocation)
    parsed.skill = try skillReference(invocation)
    parsed.period = try invocation.dateRange(required: false)
    parsed.climatePeriod = try climatePeriod(invocation)
    parsed.mode = try mode(invocation, diagram: diagram)
    if case .pairs(let pairs) = parsed.mode, pairs != .rows {
      parsed.format = .csv
    } else {
      parsed.format = parsed.figure ? .csv : try invocation.outputFormat()
    }
    return parsed
  }

  /// What a figure (`--format svg`) draws and the options only a figure reads; adds the
  /// x-axis key a score figure is drawn against.
  private static func checkFigure(
    _ parsed: inout VerificationRequest, diagram: VerifyDiagram?, invocation: Invocation
  ) throws {
    // The declared rules (`figureRules`) leave --lead-days, --score and --compare only where
    // the figure reads them.
    if diagram != nil {
      if !parsed.figure { try invocation.rejectFigureOptions() }
    } else if parsed.figure {
      // Plotted against the first of lead, lead day, valid hour or month; lead day by default.
      if !invocation[Options.reliability], VerifyFigure.xKey(parsed.groupBy) == nil {
        parsed.groupBy.insert(.leadDay, at: 0)
      }
      // A reliability diagram gets a line per chosen lead day (a figure against valid hour
      // or month needs --by lead-day for one).
      if parsed.leadDays != nil,
        !parsed.groupBy.contains(where: { $0 == .lead || $0 == .leadDay })
      {
        parsed.groupBy.append(.leadDay)
      }
    } else if parsed.score == nil {
      try invocation.rejectFigureOptions()
    }
    parsed.compare = invocation[Options.compare]
  }

  /// The single-forecast mode, in the order the modes take precedence (the combinations
  /// `rules` refuses never reach here); the pair files need `--pairs`.
  private static func mode(_ invocation: Invocation, diagram: VerifyDiagram?) throws
    -> VerificationRequest.Mode
  {
    let pairs = invocation[Options.pairs]
    let pairsFormat: VerificationRequest.PairsFormat
    switch invocation.formatChoice {
    case .parquet? where pairs: pairsFormat = .parquet
    // The declared rules (`pairsRules`) leave these formats only with --pairs.
    case .verif?: pairsFormat = .verif
    case .metMPR?: pairsFormat = .metMPR
    default: pairsFormat = .rows
    }
    if invocation[Options.revisions] { return .revisions }
    if let diagram { return .diagram(diagram) }
    if pairs { return .pairs(pairsFormat) }
    if invocation[Options.reliability] { return .reliability }
    if invocation[Options.scorecard] { return .scorecard }
    return invocation[Options.compare].count == 2 ? .comparison : .scores
  }
}
