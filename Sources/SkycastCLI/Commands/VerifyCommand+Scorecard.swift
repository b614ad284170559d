import Export
import SkycastModel
import Store
import Verify

/// `verify --scorecard --compare A B --vars v1,v2`: variables × lead days, coloured by the
/// relative difference of A's and B's score and marked where the Diebold–Mariano test of
/// `--compare` is significant; SVG with `--format svg`, a shaded table with `--format latex`,
/// the cells as rows in the other formats.
extension VerifyCommand {
  static let scorecardOptions: [OptionSpec] = [Options.scorecard.spec, Options.vars.spec]

  /// Checks `--scorecard` and `--vars` and groups by lead day.
  static func prepareScorecard(_ groupBy: inout [VerifyKey], invocation: Invocation) throws {
    guard invocation[Options.scorecard] else { return }
    // The declared rules leave --by lead-day alone, if anything.
    groupBy = [.leadDay]
  }

  /// Runs one comparison per variable and writes the scorecard.
  static func runScorecard(
    _ base: VerifyRequest, verifier: Verifier, format: OutputFormat, figure: Bool,
    invocation: Invocation
  ) throws -> Int32 {
    let store = verifier.store
    let words = invocation[Options.compare]
    var names = unique(invocation[Options.vars])
    if names.isEmpty { names = [base.variableName] }
    var reports: [ComparisonReport] = []
    var sources: [String] = []
    for name in names {
      guard name != VerifyRequest.windVectorName, WeatherVariable.named(name) != nil else {
        throw invocation.unknownVariable(name, in: VerifyRequest.verifiableVariables)
      }
      var request = base
      request.variable = try VerifyRequest.variable(named: name)
      request.vectorWind = false
      request.observationNote = nil
      request.observationFromLinks = false
      request.excludeFlagged = false
      request.lapseRate = false
      try chooseLeadOrigin(&request, invocation: invocation, store: store)
      request = try request.validated()
      if try !useLinkedStations(&request, store: store, invocation: invocation) {
        // The rule verify's note states (most values inside the forecasts' span), not era5 by
        // name: the demo's scorecard noted 'synthetic', then compared against era5's two days
        // and drew an empty figure (issue 42).
        request.observationSource = try store.read {
          try verifier.chooseObservationSourceWithReason(
            requested: invocation[Options.obs], variable: request.variable,
            cityIDs: request.cityIDs
          ).source
        }
      }
      try applyLapseRate(&request, store: store, invocation: invocation)
      try applyFlags(&request, store: store, invocation: invocation)
      let daily = request.variable.frequency == .daily
      let sides = try store.read {
        (
          try verifier.comparisonSide(words[0], daily: daily, models: request.models),
          try verifier.comparisonSide(words[1], daily: daily, models: request.models)
        )
      }
      let comparison = try ComparisonRequest(
        base: request, a: sides.0, b: sides.1,
        loss: try invocation[Options.loss]
      ).validated()
      reports.append(try store.read { try verifier.compare(comparison) })
      if !sources.contains(request.observationSource) { sources.append(request.observationSource) }
    }
    let scorecard = Scorecard.build(reports)
    if scorecard.entries.isEmpty, figure {
      throw invocation.emptyFigure(
        "no cases both \(words[0]) and \(words[1]) forecast matched an observation (check --obs, --vars and --from/--to)"
      )
    }
    if scorecard.entries.isEmpty {
      invocation.info("no cases both \(words[0]) and \(words[1]) forecast matched an observation")
    }
    let observations = sources.joined(separator: ", ")
    let output = try invocation.dataOutput()
    if figure || format == .latex {
      var subtitle = "A = \(scorecard.a), B = \(scorecard.b) · against \(observations) observations"
      if let period = base.period {
        subtitle += " · valid \(period.lowerBound) to \(period.upperBound)"
      }
      subtitle += " · common cases per variable and lead day"
      let size = try invocation.figureSize()
      let chart = scorecard.chart(
        subtitle: subtitle, width: size.width,
        height: invocation.isGiven(SharedOptions.figureHeight) ? size.height : nil,
        title: figure ? try invocation.figureTitle() : .automatic)
      if figure {
        try invocation.writeFigure(chart.drawing(), to: output)
      } else {
        try output.write(
          chart.latex(
            caption:
              "\(chart.title). Cells: (A − B)/B in per cent, blue where A is better; * \(chart.markMeaning).",
            label: "tab:skycast-verify-scorecard"))
      }
      try output.flush()
      return ExitStatus.success
    }
    let writer = invocation.rowWriter(format: format, output: output)
    try writer.comment(scorecard.comment(observations: observations))
    try writer.begin(columns: Scorecard.columns(score: scorecard.score))
    for entry in scorecard.entries { try writer.write(scorecard.cells(entry)) }
    try writer.finish()
    return ExitStatus.success
  }
}
