import Store

/// The observations `verify --ensemble` scores against, read once per city in valid-time order
/// and walked beside the ensemble rows (the same merge join as the deterministic `verify`), so
/// no ensemble row costs a B-tree search of the observations.
struct EnsembleObservations {
  /// One city's observations: `times.validAt` and `times.value` (never NaN: NULL values are not
  /// read) with the group keys and references of each.
  struct Series {
    var times = ObservationSeries()
    var hour: [Int64] = []
    /// Index into ``EnsembleObservations/months`` of the local `YYYY-MM`.
    var month: [Int32] = []
    /// The CRPS of the climatological normal for the observation, NaN where there is none.
    var climatologyCRPS: [Double] = []
  }

  var cities: [Int64: Series] = [:]
  /// The distinct local months, `YYYY-MM`.
  var months = TextInterner()
}

extension Verifier {
  /// Reads the request's observations (source, cities and period as the scores select them).
  func ensembleObservations(_ request: EnsembleVerifyRequest) throws -> EnsembleObservations {
    let climatology = request.reference == .climatology ? try climatology(request) : [:]
    var result = EnsembleObservations()
    var current = EnsembleObservations.Series()
    var currentCity: Int64?
    try store.forEachEnsembleObservation(
      variable: request.variable, source: request.boundObservationSource,
      cityIDs: request.cityIDs, period: request.period, filter: request.observationFilter
    ) { row in
      if row.cityID != currentCity {
        if let currentCity { result.cities[currentCity] = current }
        currentCity = row.cityID
        current = EnsembleObservations.Series()
      }
      current.times.validAt.append(row.validAt)
      current.times.value.append(row.value)
      current.hour.append(row.validHour)
      current.month.append(result.months.id(UnsafeBufferPointer(rebasing: row.validDate.prefix(7))))
      var reference = Double.nan
      if !climatology.isEmpty {
        let month = String(decoding: row.validDate.dropFirst(5).prefix(2), as: UTF8.self)
        let key = ClimatologyKey(cityID: row.cityID, month: month, hour: row.validHour)
        if let normal = climatology[key] {
          reference = Self.gaussianCRPS(
            mean: normal.mean, deviation: normal.deviation, observation: row.value)
        }
      }
      current.climatologyCRPS.append(reference)
    }
    if let currentCity { result.cities[currentCity] = current }
    return result
  }
}
