import Analysis
import Store

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
