import Analysis
import Store

extension Verifier {
  /// Reliability tables, Brier decompositions and ROC areas per group, from one grouped count
  /// of forecasts per stored probability value; with ``VerifyRequest/bootstrap``, counts per
  /// valid day too, and percentile intervals of ``ReliabilityScore`` from resampled blocks of
  /// whole days (one block length for every group, as for the scores).
  public func reliability(_ request: VerifyRequest) throws -> ReliabilityReport {
    let labels = try cityLabels()
    let keys = request.keys
    let byDay = request.groupsByDay
    var order: [[VerifyKeyValue]] = []
    var groups: [[VerifyKeyValue]: ProbabilityCounts] = [:]
    try store.withRows(of: VerifySQL.reliability(request)) { prepared in
      while try prepared.next() {
        let values = Self.groupKeyValues(prepared, keys: keys, labels: labels)
        var base = Int32(keys.count)
        let date = byDay ? prepared.text(base) ?? "" : nil
        if byDay { base += 1 }
        if groups[values] == nil {
          order.append(values)
          groups[values] = ProbabilityCounts()
        }
        groups[values]?.add(
          percent: prepared.double(base) ?? .nan, n: Int(prepared.int64(base + 1) ?? 0),
          events: Int(prepared.int64(base + 2) ?? 0), date: date)
      }
    }
    var blockDays: Int?
    if let bootstrap = request.bootstrap {
      blockDays =
        bootstrap.blockDays
        ?? order.compactMap { groups[$0]?.automaticBlockLength() }.max() ?? 1
    }
    var rows = order.compactMap { key -> ReliabilityRow? in
      guard let group = groups[key] else { return nil }
      var row = group.row(keys: key)
      if let bootstrap = request.bootstrap, let blockDays {
        row.intervals = group.intervals(settings: bootstrap, blockDays: blockDays)
      }
      return row
    }
    rows.sort { $0.keys.lexicographicallyPrecedes($1.keys) }
    var report = ReliabilityReport(request: request, rows: rows)
    report.blockDays = blockDays
    return report
  }
}
