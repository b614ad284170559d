import Analysis
import SkycastModel
import Store

extension Verifier {
  /// Time-lagged ensembles (`verify --lagged N`): for every valid time, the newest N issues
  /// (distinct issues, lead ≥ 0) are the members of an ensemble, scored by the `--ensemble`
  /// machinery (``EnsembleCase``, ``EnsembleSums``) against the observation; the newest issue
  /// alone is scored beside it on the same cases. Valid times with fewer than N issues are left
  /// out and counted. Groups by lead day (of the newest member) when the request has no `--by`.
  ///
  /// With `ensembleModel`, that stored ensemble is scored on the same cases
  /// (``StoredEnsembleCases``: its value issued no later than the newest member), and cases it
  /// has no value for are left out of every column and counted.
  ///
  /// - Parameters:
  ///   - members: N ≥ 2.
  ///   - seed: the rank histogram's tie-break generator seed.
  ///   - ensembleModel: a model of `ensemble_forecasts` to score beside the lagged ensemble.
  public func lagged(
    _ request: VerifyRequest, members: Int, seed: UInt64 = BootstrapSettings.defaultSeed,
    ensembleModel: String? = nil
  ) throws -> LaggedReport {
    var request = request
    if request.groupBy.isEmpty { request.groupBy = [.leadDay] }
    let keys = request.keys
    let labels = try cityLabels()
    let latitudes = Dictionary(
      uniqueKeysWithValues: try store.cities().map { ($0.id, $0.latitude) })
    let observations = try observationSeries(request).cities
    let stored = try ensembleModel.map {
      try StoredEnsembleCases.read(
        model: $0, variable: request.variable, observations: observations, store: store)
    }
    var withoutEnsemble = 0

    var groups: [[VerifyKeyValue]: LaggedSums] = [:]
    var generator = SplitMix64(seed: seed)
    var sorted = [Double](repeating: 0, count: members)
    var cases = 0
    var tooFew = 0
    var unobserved = 0
    var cursor = 0
    var cursorCity: Int64?
    try forEachIssueSequence(request) { sequence in
      let issues = sequence.forecasts.count
      guard issues >= members else {
        tooFew += 1
        return
      }
      if sequence.cityID != cursorCity {
        cursor = 0
        cursorCity = sequence.cityID
      }
      guard let series = observations[sequence.cityID],
        let row = series.position(of: sequence.validAt, cursor: &cursor),
        series.value[row].isFinite
      else {
        unobserved += 1
        return
      }
      let observation = series.value[row]
      let newest = sequence.forecasts[issues - 1]
      var real: StoredEnsembleCases.Value?
      if let stored {
        real = stored.value(
          city: sequence.cityID, validAt: sequence.validAt, notShorterThan: newest.lead)
        guard real != nil else {
          withoutEnsemble += 1
          return
        }
      }
      for index in 0..<members {
        sorted[index] = sequence.forecasts[issues - members + index].value
      }
      sorted.sort()
      let key = IssueSequence.keyValues(
        keys, validKeys: sequence.validKeys(keys, labels: labels, latitudes: latitudes),
        lead: newest.lead, isDaily: false)
      let (scored, fair) = sorted.withUnsafeBufferPointer {
        (
          EnsembleCase(sorted: $0, observation: observation, fair: false),
          EnsembleCase(sorted: $0, observation: observation, fair: true)
        )
      }
      // One tie-break draw per case, as `--ensemble` draws them.
      let draw = generator.nextUniform()
      cases += 1
      groups[key, default: LaggedSums()].add(
        scored, fair: fair, latest: newest.value, observation: observation,
        rank: scored.rank(uniform: draw), real: real)
    }
    var report = Self.laggedReport(
      request, members: members, seed: seed, groups: groups, cases: cases, tooFewIssues: tooFew,
      unobserved: unobserved)
    report.ensembleModel = ensembleModel
    report.withoutEnsemble = withoutEnsemble
    return report
  }

  private static func laggedReport(
    _ request: VerifyRequest, members: Int, seed: UInt64, groups: [[VerifyKeyValue]: LaggedSums],
    cases: Int, tooFewIssues: Int, unobserved: Int
  ) -> LaggedReport {
    var ensembleRequest = EnsembleVerifyRequest(
      variable: request.variable, observationSource: request.observationSource,
      groupBy: request.keys)
    ensembleRequest.seed = seed
    let ensemble = report(
      ensembleRequest, groups: groups.mapValues(\.ensemble), cases: cases)
    let real =
      groups.contains { $0.value.real.n > 0 }
      ? report(ensembleRequest, groups: groups.mapValues(\.real), cases: cases).rows : []
    let realRows = Dictionary(uniqueKeysWithValues: real.map { ($0.keys, $0) })
    let rows = ensemble.rows.map { row -> LaggedRow in
      let sums = groups[row.keys] ?? LaggedSums()
      let n = Double(sums.ensemble.n)
      let latestMAE = sums.latestAbsolute / n
      return LaggedRow(
        keys: row.keys, n: row.n, crps: row.crps, fairCRPS: sums.fairCRPS / n, bias: row.bias,
        mae: row.mae, rmse: row.rmse, spread: row.spread, spreadSkill: row.spreadSkill,
        latestMAE: latestMAE, latestRMSE: (sums.latestSquared / n).squareRoot(),
        latestBias: sums.latestError / n,
        crpss: row.crps.flatMap { EnsembleScores.skill($0, reference: latestMAE) },
        ensemble: realRows[row.keys].map {
          LaggedRow.EnsembleSide(
            members: $0.members, crps: $0.crps, fairCRPS: sums.realFairCRPS / n,
            spread: $0.spread, spreadSkill: $0.spreadSkill, mae: $0.mae)
        })
    }
    return LaggedReport(
      request: request, members: members, rows: rows, histograms: ensemble.histograms,
      seed: seed, cases: cases, tooFewIssues: tooFewIssues, unobserved: unobserved)
  }
}
