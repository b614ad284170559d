import SkycastModel
import Store
import Verify

/// The store's request a ``VerificationRequest`` scores, read with the database: the cities,
/// the stored series, the thresholds and added scores, the bootstrap and the lead origin.
extension VerifyCommand {
  /// The store's request for `verification`: the selection, thresholds and added scores,
  /// bootstrap and lead origin; the comparison of `--compare A B`; and the run coverage to
  /// describe in pairs once the observations are chosen (see `chooseLeadOrigin`).
  static func scoringRequest(
    _ verification: VerificationRequest, store: Store, verifier: Verifier,
    invocation: Invocation
  ) throws -> (
    VerifyRequest, ComparisonRequest?, (hours: Int, withRun: Int, meanAge: Double?)?
  ) {
    let vectorWind = verification.vectorWind
    let cities = invocation[SharedOptions.cities].isEmpty ? [] : try invocation.cities(in: store)
    var request = VerifyRequest(
      variable: verification.variable, observationSource: "", period: verification.period,
      sources: unique(invocation[Options.source]), models: unique(invocation[Options.model]),
      cityIDs: cities.map(\.id), groupBy: verification.groupBy, event: verification.event,
      includePast: invocation[Options.includePast], skill: verification.skill)
    request.vectorWind = vectorWind
    request.selectedModelsBySource = try Self.modelsBySource(request, store: store)
    if verification.mode == .pairs(.verif) { try checkOneSystem(request, invocation: invocation) }
    let thresholds = try invocation[Options.threshold]
    request.thresholds = thresholds.values
    request.extraScores = try invocation[Options.scores]
    request.withinBounds = try invocation[Options.within]
    request.sameCases = invocation[Options.sameCases]
    request.climatePercentile = thresholds.percentile
    request.climatePeriod = verification.climatePeriod
    if verification.groupBy.contains(.obsRange) {
      request.observationBins = try observationBins(invocation, variable: verification.variable)
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
    request.bootstrap = try bootstrap(invocation, always: !verification.compare.isEmpty)
    let mixedRuns = try chooseLeadOrigin(&request, invocation: invocation, store: store)
    var comparison: ComparisonRequest?
    if verification.compare.count == 2 {
      let (words, daily) = (verification.compare, verification.variable.frequency == .daily)
      let sides = try store.read {
        (
          try verifier.comparisonSide(words[0], daily: daily, models: request.models),
          try verifier.comparisonSide(words[1], daily: daily, models: request.models)
        )
      }
      comparison = try ComparisonRequest(
        base: request, a: sides.0, b: sides.1, loss: try invocation[Options.loss]
      )
      .validated()
    }
    if vectorWind,
      verification.event != nil || verification.skill != nil
        || invocation[Options.revisions] || invocation[Options.pairs]
    {
      throw invocation.usage(
        "\(VerifyRequest.windVectorName) has scores only: leave out --threshold, --skill, --revisions and --pairs"
      )
    }
    return (request, comparison, mixedRuns)
  }

  /// `--pairs --format verif` writes one forecast system per file: `--source` and `--model`
  /// only where the selection holds more than one.
  static func checkOneSystem(_ request: VerifyRequest, invocation: Invocation) throws {
    let series = request.selectedModelsBySource.sorted { $0.key < $1.key }.flatMap { entry in
      Set(entry.value).sorted().map { "\(entry.key)/\($0)" }
    }
    if series.count != 1 {
      throw invocation.usage(
        "--format verif writes one forecast system per file (verif compares files), and the selection holds \(series.isEmpty ? "none" : series.joined(separator: ", ")): give one --source and one --model"
      )
    }
  }
}
