import SQLiteKit
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
    let column = request.variable.column
    var conditions = ["o.source = ?", "o.\(column) IS NOT NULL"]
    var bindings: [SQLiteValue] = [.text(request.observationSource)]
    if !request.cityIDs.isEmpty {
      conditions.append(
        "o.city_id IN (\(request.cityIDs.map { _ in "?" }.joined(separator: ", ")))")
      bindings += request.cityIDs.map { .integer($0) }
    }
    if let period = request.period {
      conditions.append("o.valid_date BETWEEN ? AND ?")
      bindings += [.text(period.lowerBound.description), .text(period.upperBound.description)]
    }
    let sql = """
      SELECT o.city_id, o.valid_at, o.valid_date, o.valid_hour, o.\(column)
      FROM hourly_observations o
      WHERE \(conditions.joined(separator: " AND "))
      ORDER BY o.city_id, o.valid_at
      """
    let climatology = request.reference == .climatology ? try climatology(request) : [:]
    let rows = try store.database.prepare(sql)
    try rows.bind(bindings)
    var result = EnsembleObservations()
    var current = EnsembleObservations.Series()
    var currentCity: Int64?
    while try rows.step() {
      let city = rows.int64(0) ?? 0
      if city != currentCity {
        if let currentCity { result.cities[currentCity] = current }
        currentCity = city
        current = EnsembleObservations.Series()
      }
      let value = rows.double(4) ?? .nan
      let hour = rows.int64(3) ?? 0
      current.times.validAt.append(rows.int64(1) ?? 0)
      current.times.value.append(value)
      current.hour.append(hour)
      current.month.append(
        rows.withTextBytes(2) { result.months.id(UnsafeBufferPointer(rebasing: $0.prefix(7))) }
          ?? -1)
      var reference = Double.nan
      if !climatology.isEmpty {
        let date = rows.text(2) ?? ""
        let key = ClimatologyKey(
          cityID: city, month: String(date.dropFirst(5).prefix(2)), hour: hour)
        if let normal = climatology[key] {
          reference = Self.gaussianCRPS(
            mean: normal.mean, deviation: normal.deviation, observation: value)
        }
      }
      current.climatologyCRPS.append(reference)
    }
    if let currentCity { result.cities[currentCity] = current }
    return result
  }
}
