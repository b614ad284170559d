import SQLiteKit

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
}

/// The result of `verify --reliability`.
public struct ReliabilityReport: Sendable {
  public var request: VerifyRequest
  public var rows: [ReliabilityRow]

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
  /// of forecasts per stored probability value.
  public func reliability(_ request: VerifyRequest) throws -> ReliabilityReport {
    let statement = VerifySQL.reliability(request)
    let prepared = try store.database.prepare(statement.sql)
    try bind(statement, to: prepared)
    let labels = try cityLabels()
    let keys = request.keys
    var order: [[VerifyKeyValue]] = []
    var groups:
      [[VerifyKeyValue]: (
        bins: [BrierDecomposition.Bin], counts: [ROCArea.Count], sum: Double, rejected: Int
      )] = [:]
    while try prepared.step() {
      var values: [VerifyKeyValue] = []
      for (index, key) in keys.enumerated() {
        let column = Int32(index)
        if key == .city {
          let id = prepared.int64(column) ?? 0
          values.append(.text(labels[id] ?? String(id)))
        } else if key.isText {
          values.append(.text(prepared.text(column) ?? ""))
        } else {
          values.append(.integer(prepared.int64(column) ?? 0))
        }
      }
      let base = Int32(keys.count)
      let percent = prepared.double(base) ?? .nan
      let n = Int(prepared.int64(base + 1) ?? 0)
      let events = Int(prepared.int64(base + 2) ?? 0)
      if groups[values] == nil {
        order.append(values)
        groups[values] = (BrierDecomposition.emptyBins(), [], 0, 0)
      }
      guard percent.isFinite, percent >= 0, percent <= 100 else {
        groups[values]?.rejected += n
        continue
      }
      let p = percent / 100
      let index = BrierDecomposition.bin(percent: percent)
      groups[values]?.bins[index].n += n
      groups[values]?.bins[index].sumProbability += p * Double(n)
      groups[values]?.bins[index].events += events
      groups[values]?.counts.append(
        ROCArea.Count(probability: p, events: events, nonEvents: n - events))
      // Σ(p − o)² over the value's pairs: events contribute (p − 1)², the others p².
      groups[values]?.sum += Double(events) * (1 - p) * (1 - p) + Double(n - events) * p * p
    }
    var rows = order.compactMap { key -> ReliabilityRow? in
      guard let group = groups[key] else { return nil }
      return ReliabilityRow(
        keys: key, bins: group.bins,
        decomposition: BrierDecomposition.decompose(group.bins, brierSum: group.sum),
        rocArea: ROCArea.area(group.counts), rejected: group.rejected)
    }
    rows.sort { $0.keys.lexicographicallyPrecedes($1.keys) }
    return ReliabilityReport(request: request, rows: rows)
  }
}
