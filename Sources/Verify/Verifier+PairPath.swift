import Analysis
import SkycastModel
import Store

extension Verifier {
  /// Scores summed in Swift from the matched pairs (``pairs(_:_:)``: the pairs `--pairs`
  /// writes, with the same filters, leads and NULL rule as the other paths), for what needs a
  /// pair in hand: `--same-cases`, `--by obs-range`, and the pair-based scores
  /// (``VerifyRequest/needsPairs``).
  ///
  /// Local month, hour and season come from the city's zone at the valid time, as they were
  /// stored. Forecasts without an observation are not seen here, so the rows' dropped counts
  /// stay 0 and the comment says what the pair path left out instead.
  package func pairPass(_ request: VerifyRequest, sums wantsSums: Bool) throws -> PairPassResult {
    let cities = Dictionary(uniqueKeysWithValues: try store.cities().map { ($0.id, $0) })
    let labels = try cityLabels()
    let keys = request.keys
    let isDaily = request.variable.frequency == .daily
    let fields = VerifySums.fields(request)
    let scorer = PairScorer(request: request)
    let ranks = request.extraScores.contains(.spearman) && request.hasCorrelation
    let wantsSamples = request.needsPairs

    func keyValues(_ pair: VerifyPair) -> [VerifyKeyValue] {
      let zone = cities[pair.cityID]?.zone ?? .utc
      let local = pair.validAt.map { zone.local($0) }
      let month = local?.date.month ?? Int((pair.date ?? "").dropFirst(5).prefix(2)) ?? 0
      return keys.map { key -> VerifyKeyValue in
        switch key {
        case .lead: .integer(pair.lead)
        case .leadDay: .integer(isDaily ? pair.lead : LeadTime.day(hours: pair.lead))
        case .city: .text(labels[pair.cityID] ?? String(pair.cityID))
        case .source: .text(pair.source)
        case .model: .text(pair.model)
        case .month: .text(local.map { $0.date.monthText } ?? String((pair.date ?? "").prefix(7)))
        case .validHour: .integer(Int64(local?.hour ?? 0))
        case .season:
          .text(VerifyKey.season(month: month, latitude: cities[pair.cityID]?.latitude ?? 0))
        case .obsRange: .integer(Int64(request.observationBin(pair.observed)))
        }
      }
    }
    func localDate(_ pair: VerifyPair) -> String {
      if let validAt = pair.validAt {
        return (cities[pair.cityID]?.zone ?? .utc).localDate(validAt).description
      }
      return pair.date ?? ""
    }

    let kept = request.sameCases ? try sameCases(request) : nil
    let climate = try request.climatePercentile.map {
      try climateThresholds(request, percentile: $0)
    }
    var order: [[VerifyKeyValue]] = []
    var totals: [[VerifyKeyValue]: VerifySums] = [:]
    var days: [[VerifyKeyValue]: [String: VerifySums]] = [:]
    var periods: [[VerifyKeyValue]: (first: String, last: String)] = [:]
    var samples: [[VerifyKeyValue]: (errors: [Double], forecasts: [Double], observed: [Double])] =
      [:]
    try pairs(request) { pair in
      if let kept, !kept.cases.contains(SameCases.Case(pair)) { return }
      let values = keyValues(pair)
      if wantsSums {
        var scorer = scorer
        if let climate, let event = request.event {
          // The pair's own threshold: its city's percentile in its local calendar month.
          let month =
            pair.validAt.map { (cities[pair.cityID]?.zone ?? .utc).local($0).date.month }
            ?? Int((pair.date ?? "").dropFirst(5).prefix(2)) ?? 0
          scorer.event = climate.value(cityID: pair.cityID, month: month).map {
            VerifyEvent(threshold: $0, op: event.op)
          }
        }
        let terms = scorer.terms(
          forecast: pair.forecast, observed: pair.observed, forecastDirection: .nan,
          observedDirection: .nan, probability: pair.probability ?? .nan, reference: .nan)
        if totals[values] == nil { order.append(values) }
        totals[values, default: VerifySums()].addEvery(terms)
        if request.groupsByDay || request.measuresPeriod {
          let date = localDate(pair)
          if request.groupsByDay {
            days[values, default: [:]][date, default: VerifySums()].addEvery(terms)
          } else if let period = periods[values] {
            periods[values] = (min(period.first, date), max(period.last, date))
          } else {
            periods[values] = (date, date)
          }
        }
      }
      if wantsSamples {
        let error =
          request.isCircular
          ? PairScorer.circularDifference(pair.forecast, pair.observed)
          : pair.forecast - pair.observed
        samples[values, default: ([], [], [])].errors.append(error)
        if ranks {
          samples[values]!.forecasts.append(pair.forecast)
          samples[values]!.observed.append(pair.observed)
        }
      }
    }

    var groups: [[VerifyKeyValue]: GroupSums] = [:]
    for values in order {
      var group = GroupSums()
      if request.groupsByDay {
        for (date, sums) in (days[values] ?? [:]).sorted(by: { $0.key < $1.key }) {
          group.addDay(sums, date: date, fields: fields)
        }
      } else {
        group.total = totals[values] ?? VerifySums()
        group.firstDate = periods[values]?.first
        group.lastDate = periods[values]?.last
      }
      groups[values] = group
    }
    return PairPassResult(
      sums: VerifyGroupedSums(request: request, order: order, groups: groups),
      distributions: samples.mapValues {
        DistributionScores(
          errors: $0.errors, forecasts: $0.forecasts, observations: $0.observed,
          bounds: request.withinBounds)
      },
      sameCases: kept, climate: climate)
  }

  /// The cases (city, valid time, lead) every source and model of `request` has a pair for,
  /// so that every model has the same n in every row: verif's `remove_missing_across_all`,
  /// which keeps a (date, lead time, location) only where every input has a value (verif 1.4,
  /// `verif/data.py`; a date and a lead give the valid time).
  package func sameCases(_ request: VerifyRequest) throws -> SameCases {
    var groupIDs: [String: Int32] = [:]
    var groupsOf: [SameCases.Case: Set<Int32>] = [:]
    var pairCount = 0
    try pairs(request) { pair in
      let name = pair.source + "\u{1F}" + pair.model
      let id: Int32
      if let known = groupIDs[name] {
        id = known
      } else {
        id = Int32(groupIDs.count)
        groupIDs[name] = id
      }
      groupsOf[SameCases.Case(pair), default: []].insert(id)
      pairCount += 1
    }
    let all = groupIDs.count
    return SameCases(
      cases: Set(groupsOf.filter { $0.value.count == all }.keys), allCases: groupsOf.count,
      groups: all, pairs: pairCount)
  }
}

extension Verifier {
  /// The `--threshold pNN` thresholds of `request` (``ClimateThresholds``).
  package func climateThresholds(_ request: VerifyRequest, percentile: Double) throws
    -> ClimateThresholds
  {
    var values: [Int64: [Int: [Double]]] = [:]
    try store.withRows(of: VerifySQL.climate(request)) { rows in
      while try rows.next() {
        guard let value = rows.double(2), let month = rows.text(1).flatMap({ Int($0) }) else {
          continue
        }
        values[rows.int64(0) ?? 0, default: [:]][month, default: []].append(value)
      }
    }
    var thresholds = ClimateThresholds(percentile: percentile, values: values)
    thresholds.labels = try cityLabels()
    thresholds.decimals = request.variable.decimals + 1
    if let problem = Self.floorProblem(thresholds, values: values, variable: request.variable) {
      throw InvalidInput(problem)
    }
    return thresholds
  }

  /// Why `thresholds` are refused: a percentile equal to the variable's physical floor (0 mm of
  /// precipitation, calm wind) in some city and month, where `ge` would make every case an
  /// event and `gt` would silently mean "any at all"; nil when every threshold lies above it.
  package static func floorProblem(
    _ thresholds: ClimateThresholds, values: [Int64: [Int: [Double]]], variable: WeatherVariable
  ) -> String? {
    let floor = variable.plausibleRange.lowerBound
    guard floor == 0,
      let entry = thresholds.entries.first(where: { $0.value <= floor })
    else { return nil }
    let sample = values[entry.cityID]?[entry.month] ?? []
    let atFloor = sample.filter { $0 <= floor }.count
    let share = sample.isEmpty ? 0 : Int((100 * Double(atFloor) / Double(sample.count)).rounded())
    let name = "p" + VerifyRequest.edgeText(thresholds.percentile)
    let city = thresholds.labels[entry.cityID] ?? String(entry.cityID)
    let month = entry.month < 10 ? "0\(entry.month)" : String(entry.month)
    let unit = variable.unit.isEmpty ? "" : " " + variable.unit
    return
      "--threshold \(name) is 0\(unit), the floor of \(variable.column), for \(city) in month \(month) (\(atFloor) of \(sample.count) observations, \(share) %, are 0): every case would be an event with op ge; give a fixed threshold (e.g. --threshold 0.1 for wet cases) or a percentile above the share of zeros"
  }
}
