import SkycastModel
import Store

extension ArchiveAnalyst {
  /// Compares Previous Runs and the Historical Forecast series of the selection's models with
  /// the forecasts `collect` stored (``AuditReport`` documents the matching).
  ///
  /// - Parameter models: the models whose `analysis:MODEL` series to compare; Previous Runs
  ///   rows follow the selection's models.
  public func audit(_ selection: ArchiveSelection, analysisModels models: [String]) throws
    -> AuditReport
  {
    let cities = try store.cities()
    let labels = City.labels(cities)
    var zones: [Int64: CityTimeZone] = [:]
    for city in cities {
      zones[city.id] = city.timezone.flatMap(CityTimeZone.init(identifier:)) ?? .utc
    }
    let tolerance = AuditReport.tolerance(selection.variable)
    struct Key: Hashable { var model: String, derived: String, leadDay: Int64 }
    struct Sums { var count = 0, equal = 0, sum = 0.0, largest = 0.0 }
    var sums: [Key: Sums] = [:]
    var differences: [AuditDifference] = []
    let sources = [FetchSource.previousRuns] + models.map { FetchSource.analysis(model: $0) }
    for source in sources {
      try store.forEachAuditPair(selection, derived: source) { pair in
        let difference = abs(pair.derived - pair.served)
        let key = Key(model: pair.model, derived: source.rawValue, leadDay: pair.leadDay)
        var entry = sums[key] ?? Sums()
        entry.count += 1
        entry.sum += difference
        entry.largest = max(entry.largest, difference)
        if difference < tolerance {
          entry.equal += 1
        } else {
          differences.append(
            AuditDifference(
              city: labels[pair.cityID] ?? String(pair.cityID), model: pair.model,
              derived: source.rawValue, leadDay: pair.leadDay, validAt: pair.validAt,
              offset: (zones[pair.cityID] ?? .utc).offset(at: pair.validAt), served: pair.served,
              servedLead: pair.servedLead, derivedValue: pair.derived))
        }
        sums[key] = entry
      }
    }
    let rows = sums.map { key, entry in
      AuditSummaryRow(
        model: key.model, derived: key.derived, leadDay: key.leadDay, count: entry.count,
        equal: entry.equal, meanAbsoluteDifference: entry.sum / Double(entry.count),
        largestAbsoluteDifference: entry.largest)
    }
    .sorted { ($0.model, $0.derived, $0.leadDay) < ($1.model, $1.derived, $1.leadDay) }
    differences.sort {
      ($0.model, $0.derived, $0.leadDay, $0.city, $0.validAt)
        < ($1.model, $1.derived, $1.leadDay, $1.city, $1.validAt)
    }
    return AuditReport(variable: selection.variable, rows: rows, differences: differences)
  }
}
