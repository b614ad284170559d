import SkycastModel
import Store

/// One stored ensemble model's values that have an observation, scored once, for `verify
/// --lagged N --ensemble-model MODEL`: the real ensemble beside the lagged one on the same cases.
struct StoredEnsembleCases {
  /// A scored value: its lead, its case (empirical-CDF CRPS) and its fair CRPS.
  struct Value {
    var lead: Int64
    var scored: EnsembleCase
    var fairCRPS: Double?
  }

  /// By city, then valid time: every stored issue's value.
  private var values: [Int64: [Int64: [Value]]] = [:]

  /// The value issued no later than a forecast of lead `lead`: the one with the shortest lead
  /// ≥ `lead` (ties: the later fetch), so the real ensemble never sees a fresher run than the
  /// lagged ensemble's newest member.
  func value(city: Int64, validAt: Int64, notShorterThan lead: Int64) -> Value? {
    var best: Value?
    for value in values[city]?[validAt] ?? [] where value.lead >= lead {
      if best.map({ value.lead <= $0.lead }) ?? true { best = value }
    }
    return best
  }

  /// Reads and scores `model`'s stored values of `variable` (lead ≥ 0) for the cities of
  /// `observations`, against those observations.
  static func read(
    model: String, variable: WeatherVariable, observations: [Int64: ObservationSeries],
    store: Store
  ) throws -> StoredEnsembleCases {
    var result = StoredEnsembleCases()
    let rows = try store.ensembleValueRows(
      variable: variable, includePast: false, referenceModel: nil)
    var members = EnsembleMembers()
    for (city, series) in observations {
      var cursor = 0
      var byValid: [Int64: [Value]] = [:]
      try rows.select(cityID: city, model: model)
      while try rows.next() {
        guard let row = series.position(of: rows.validAt, cursor: &cursor),
          series.value[row].isFinite,
          rows.withMembers({ members.load($0) }) != nil, members.count > 0
        else { continue }
        let observation = series.value[row]
        let (scored, fair) = members.withSorted {
          (
            EnsembleCase(sorted: $0, observation: observation, fair: false),
            EnsembleCase(sorted: $0, observation: observation, fair: true)
          )
        }
        byValid[rows.validAt, default: []].append(
          Value(lead: rows.leadHours, scored: scored, fairCRPS: fair.crps))
      }
      if !byValid.isEmpty { result.values[city] = byValid }
    }
    return result
  }
}
