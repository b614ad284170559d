import Analysis
import Foundation
import SkycastModel
import Store

extension Verifier {
  /// Scores every stored ensemble value that has an observation, in one pass over
  /// `ensemble_forecasts` in primary-key order, walking each city's observations beside it.
  public func ensemble(_ request: EnsembleVerifyRequest) throws -> EnsembleReport {
    let keys = request.groupBy
    let wants = Set(keys)
    let (byLead, byLeadDay, byCity) =
      (wants.contains(.lead), wants.contains(.leadDay), wants.contains(.city))
    let (byModel, byMonth, byHour) =
      (wants.contains(.model), wants.contains(.month), wants.contains(.validHour))
    let referenceModel: String?
    if case .deterministic(let model)? = request.reference {
      referenceModel = model
    } else {
      referenceModel = nil
    }
    let climatological = request.reference == .climatology
    let observations = try ensembleObservations(request)
    let rows = try store.ensembleValueRows(
      variable: request.variable, includePast: request.includePast,
      referenceModel: referenceModel)
    let labels = try cityLabels()
    let wantedModels = Set(request.models)
    let wantedCities = Set(request.cityIDs)
    let series = try store.ensembleSeries().filter {
      (wantedCities.isEmpty || wantedCities.contains($0.cityID))
        && (wantedModels.isEmpty || wantedModels.contains($0.model))
    }

    // Groups are found as in the deterministic merge join: the keys other than the lead
    // ("segment", which changes rarely in table order) by a dictionary, then the lead through the
    // segment's slots. Cities are keyed by their label, so two cities of one label share a group
    // as they share an output row.
    var labelIDs: [String: Int64] = [:]
    var labelNames: [String] = []
    var models: [String] = []
    var segmentOf: [MergeGroupKey: Int] = [:]
    var segments: [GroupSlots] = []
    var lastSegmentKey: MergeGroupKey?
    var segment = 0
    var groupKeys: [MergeGroupKey] = []
    var sums: [EnsembleSums] = []
    var generator = SplitMix64(seed: request.seed)
    var members = EnsembleMembers()
    // The members of the case waiting in `pending` for a second one to be scored with.
    var held = EnsembleMembers()
    var pending: PendingCase?
    var cases = 0
    func add(_ waiting: PendingCase, _ scored: EnsembleCase) {
      sums[waiting.group].add(
        scored, observation: waiting.observation, referenceCRPS: waiting.referenceCRPS,
        rank: waiting.observation.isFinite ? scored.rank(uniform: waiting.draw) : nil)
      if let event = request.event {
        sums[waiting.group].add(
          hits: waiting.hits, members: scored.members,
          observed: event.op.test(waiting.observation, threshold: event.threshold))
      }
    }
    // The cases come in the order of the former single statement (city, model, valid time,
    // issue, fetch), so the seeded tie-break draws fall on the same cases.
    for (city, model) in series.map({ ($0.cityID, $0.model) }) {
      let cityObservations = observations.cities[city] ?? EnsembleObservations.Series()
      var cursor = 0
      let label = labels[city] ?? String(city)
      let cityLabel: Int64
      if let known = labelIDs[label] {
        cityLabel = known
      } else {
        cityLabel = Int64(labelNames.count)
        labelIDs[label] = cityLabel
        labelNames.append(label)
      }
      let modelID: Int32
      if let known = models.firstIndex(of: model) {
        modelID = Int32(known)
      } else {
        modelID = Int32(models.count)
        models.append(model)
      }
      try rows.select(cityID: city, model: model)
      while try rows.next() {
        guard
          let row = cityObservations.times.position(of: rows.validAt, cursor: &cursor),
          rows.withMembers({ members.load($0) }) != nil, members.count > 0
        else { continue }
        let lead = rows.leadHours
        var key = MergeGroupKey()
        if byCity { key.city = cityLabel }
        if byModel { key.model = modelID }
        if byMonth { key.month = cityObservations.month[row] }
        if byHour { key.hour = cityObservations.hour[row] }
        if key != lastSegmentKey {
          if let known = segmentOf[key] {
            segment = known
          } else {
            segment = segments.count
            segmentOf[key] = segment
            segments.append(GroupSlots())
          }
          lastSegmentKey = key
        }
        let leadDay = LeadTime.day(hours: lead)
        let slot = byLead ? lead : byLeadDay ? leadDay : 0
        var group = segments[segment].group(slot)
        if group < 0 {
          group = groupKeys.count
          segments[segment].set(slot, group: group)
          if byLead { key.lead = lead }
          if byLeadDay { key.leadDay = leadDay }
          groupKeys.append(key)
          sums.append(EnsembleSums())
        }

        let observation = cityObservations.times.value[row]
        var referenceCRPS: Double?
        if referenceModel != nil {
          referenceCRPS = rows.reference.map { abs($0 - observation) }
        } else if climatological, !cityObservations.climatologyCRPS[row].isNaN {
          referenceCRPS = cityObservations.climatologyCRPS[row]
        }
        // One tie-break draw per case, so the sequence does not depend on where ties occur.
        let draw = generator.nextUniform()
        cases += 1
        var hits = 0
        if let event = request.event {
          hits = members.withSorted { sorted in
            sorted.reduce(0) { $0 + (event.op.test($1, threshold: event.threshold) ? 1 : 0) }
          }
        }
        let current = PendingCase(
          group: group, observation: observation, referenceCRPS: referenceCRPS, draw: draw,
          hits: hits)
        // Cases are scored two at a time (``EnsembleCase/pair``), and added in their order.
        if let earlier = pending {
          let scored = held.withSorted { first in
            members.withSorted { second in
              EnsembleCase.pair(
                first, observation: earlier.observation, second, observation: observation,
                fair: request.fair)
            }
          }
          add(earlier, scored.0)
          add(current, scored.1)
          pending = nil
        } else {
          pending = current
          swap(&members, &held)
        }
      }
    }
    if let earlier = pending {
      add(
        earlier,
        held.withSorted {
          EnsembleCase(sorted: $0, observation: earlier.observation, fair: request.fair)
        })
    }
    var groups: [[VerifyKeyValue]: EnsembleSums] = [:]
    for (index, key) in groupKeys.enumerated() {
      let values = keys.map { name -> VerifyKeyValue in
        switch name {
        case .lead: .integer(key.lead)
        case .leadDay: .integer(key.leadDay)
        case .city: .text(labelNames[Int(key.city)])
        case .model: .text(models[Int(key.model)])
        case .month: .text(observations.months.name(key.month))
        case .validHour: .integer(key.hour)
        case .source: .text(FetchSource.ensemble.rawValue)
        // Not among ``EnsembleVerifyRequest/allowedKeys``: the command refuses it.
        case .season, .obsRange: .text("")
        }
      }
      groups[values] = sums[index]
    }
    return Self.report(request, groups: groups, cases: cases)
  }

  package static func report(
    _ request: EnsembleVerifyRequest, groups: [[VerifyKeyValue]: EnsembleSums], cases: Int
  ) -> EnsembleReport {
    var rows: [EnsembleScoreRow] = []
    var histograms: [RankHistogramRow] = []
    var reliability: [ReliabilityRow] = []
    for keys in groups.keys.sorted(by: { $0.lexicographicallyPrecedes($1) }) {
      guard let sums = groups[keys], sums.n > 0 else { continue }
      let n = Double(sums.n)
      let members = Double(sums.members) / n
      let rmse = (sums.squared / n).squareRoot()
      let spread =
        sums.varianceCases > 0 ? (sums.variance / Double(sums.varianceCases)).squareRoot() : nil
      // verif 1.4.0 (metric.py Spread, SpreadSkillRatio): the mean of each case's
      // √(nanvar(members)), and that over the RMSE of the ensemble mean (nan when ≈ 0).
      let verifSpread =
        sums.varianceCases > 0 ? sums.populationDeviation / Double(sums.varianceCases) : nil
      rows.append(
        EnsembleScoreRow(
          keys: keys, n: sums.n, members: members, crps: sums.crps / n, bias: sums.error / n,
          mae: sums.absolute / n, rmse: rmse, spread: spread,
          spreadSkill: spread.flatMap {
            EnsembleScores.spreadSkill(
              meanVariance: $0 * $0, meanSquaredError: sums.squared / n, members: members)
          },
          crpss: sums.referenceCases > 0
            ? EnsembleScores.skill(sums.crpsWithReference, reference: sums.reference) : nil,
          referenceCases: sums.referenceCases, verifSpread: verifSpread,
          verifSpreadSkillRatio: verifSpread.flatMap { rmse > 1e-7 ? $0 / rmse : nil }))
      // The histogram uses the most common member count (ties: the larger).
      let ranks = sums.ranks.byMembers
      if let (count, bins) = ranks.max(by: {
        let left = $0.value.reduce(0, +)
        let right = $1.value.reduce(0, +)
        return left == right ? $0.key < $1.key : left < right
      }) {
        let total = ranks.values.reduce(0) { $0 + $1.reduce(0, +) }
        histograms.append(
          RankHistogramRow(
            keys: keys, members: count, counts: bins,
            pitWeights: sums.ranks.weightsByMembers[count], skipped: total - bins.reduce(0, +)))
      }
      if request.event != nil {
        let counts = sums.roc.sorted { $0.key < $1.key }.map {
          ROCArea.Count(probability: $0.key, events: $0.value.events, nonEvents: $0.value.nonEvents)
        }
        reliability.append(
          ReliabilityRow(
            keys: keys, bins: sums.bins,
            decomposition: BrierDecomposition.decompose(sums.bins, brierSum: sums.brierSum),
            rocArea: ROCArea.area(counts), rejected: 0))
      }
    }
    return EnsembleReport(
      request: request, rows: rows, histograms: histograms, reliability: reliability,
      cases: cases)
  }

  /// `EnsembleScores.crps` on members already sorted, by the verification hot path's formula.
  package static func sortedCRPS(_ sorted: [Double], observation: Double, fair: Bool) -> Double? {
    sorted.withUnsafeBufferPointer {
      EnsembleCase(sorted: $0, observation: observation, fair: fair).crps
    }
  }

  /// CRPS of a normal distribution N(μ, σ²) (Gneiting et al. 2005, doi:10.1175/MWR2904.1):
  /// σ [z (2Φ(z) − 1) + 2φ(z) − 1/√π], z = (y − μ)/σ; |y − μ| when σ = 0.
  public static func gaussianCRPS(mean: Double, deviation: Double, observation: Double) -> Double {
    guard deviation > 0 else { return abs(observation - mean) }
    let z = (observation - mean) / deviation
    let cdf = 0.5 * (1 + erf(z / 2.0.squareRoot()))
    let pdf = exp(-z * z / 2) / (2 * Double.pi).squareRoot()
    return deviation * (z * (2 * cdf - 1) + 2 * pdf - 1 / Double.pi.squareRoot())
  }

  package struct ClimatologyKey: Hashable {
    package var cityID: Int64
    package var month: String
    package var hour: Int64
  }

  /// Mean and (population) standard deviation of the observations per city, calendar month and
  /// local hour, over the period (every stored observation without one).
  package func climatology(_ request: EnsembleVerifyRequest) throws -> [ClimatologyKey: (
    mean: Double, deviation: Double
  )] {
    var result: [ClimatologyKey: (mean: Double, deviation: Double)] = [:]
    for row in try store.observationNormals(
      variable: request.variable, source: request.boundObservationSource,
      period: request.period, filter: request.observationFilter)
    {
      let key = ClimatologyKey(cityID: row.cityID, month: row.month, hour: row.hour)
      result[key] = (row.mean, max(0, row.meanSquare - row.mean * row.mean).squareRoot())
    }
    return result
  }
}
