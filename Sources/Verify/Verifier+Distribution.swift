import Analysis
import SkycastModel
import Store

extension Verifier {
  /// The pair-based scores of `request` (``VerifyRequest/needsPairs``) per group, keyed by the
  /// group's key values as ``scores(_:)`` lists them.
  ///
  /// A second pass over the same pairs `--pairs` writes (``pairs(_:_:)``, same filters, leads
  /// and NULL rule as the sums), grouped in Swift: local month and hour come from the city's
  /// zone at the valid time, as they were stored. Each group's errors (and, for Spearman, its
  /// forecasts and observations) are held in memory; the plain scores never take this path.
  package func distributions(_ request: VerifyRequest) throws -> [[VerifyKeyValue]:
    DistributionScores]
  {
    let cities = Dictionary(uniqueKeysWithValues: try store.cities().map { ($0.id, $0) })
    let labels = try cityLabels()
    let keys = request.keys
    let isDaily = request.variable.frequency == .daily
    let ranks = request.extraScores.contains(.spearman) && request.hasCorrelation
    var samples: [[VerifyKeyValue]: (errors: [Double], forecasts: [Double], observed: [Double])] =
      [:]
    try pairs(request) { pair in
      let zone = cities[pair.cityID]?.zone ?? .utc
      let local = pair.validAt.map { zone.local($0) }
      let values = keys.map { key -> VerifyKeyValue in
        switch key {
        case .lead: .integer(pair.lead)
        case .leadDay: .integer(isDaily ? pair.lead : LeadTime.day(hours: pair.lead))
        case .city: .text(labels[pair.cityID] ?? String(pair.cityID))
        case .source: .text(pair.source)
        case .model: .text(pair.model)
        case .month: .text(local.map { $0.date.monthText } ?? String((pair.date ?? "").prefix(7)))
        case .validHour: .integer(Int64(local?.hour ?? 0))
        case .season:
          .text(
            VerifyKey.season(
              month: local?.date.month ?? Int((pair.date ?? "").dropFirst(5).prefix(2)) ?? 0,
              latitude: cities[pair.cityID]?.latitude ?? 0))
        }
      }
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
    return samples.mapValues {
      DistributionScores(
        errors: $0.errors, forecasts: $0.forecasts, observations: $0.observed,
        bounds: request.withinBounds)
    }
  }
}
