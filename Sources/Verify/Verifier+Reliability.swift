import Analysis
import Store

/// One group of `verify --reliability`: its reliability table, the Brier decomposition and the
/// ROC area.
public struct ReliabilityRow: Sendable, Equatable {
  public var keys: [VerifyKeyValue]
  /// The ten probability bins (``BrierDecomposition/binCount``), empty ones included.
  public var bins: [BrierDecomposition.Bin]
  /// nil when no pair has a probability in 0–100 %.
  public var decomposition: BrierDecomposition.Result?
  public var rocArea: Double?
  /// Probabilities outside 0–100 %, left out.
  public var rejected: Int
  /// With `--ci`: percentile intervals from the day-block bootstrap.
  public var intervals: [ReliabilityScore: ScoreInterval] = [:]
}

/// The result of `verify --reliability`.
public struct ReliabilityReport: Sendable {
  public var request: VerifyRequest
  public var rows: [ReliabilityRow]
  /// The block length the bootstrap used (with `--ci`).
  public var blockDays: Int?

  /// The event scored: `--threshold/--op`, else Open-Meteo's > 0.1 mm.
  public var event: VerifyEvent { request.event ?? VerifyEvent(threshold: 0.1, op: .gt) }
  /// The base rate over every group, for the figure's climatology and no-skill lines.
  public var pooledBaseRate: Double? {
    let n = rows.reduce(0) { $0 + ($1.decomposition?.n ?? 0) }
    guard n > 0 else { return nil }
    let events = rows.reduce(0.0) {
      $0 + Double($1.decomposition?.n ?? 0) * ($1.decomposition?.baseRate ?? 0)
    }
    return events / Double(n)
  }
}

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
