import Analysis
import Store

/// What ``Verifier/sums(_:)`` read: each group's sums (and daily sums with `--ci`), in SQL
/// order.
public struct VerifyGroupedSums: Sendable {
  package var request: VerifyRequest
  package let order: [[VerifyKeyValue]]
  package let groups: [[VerifyKeyValue]: GroupSums]

  /// The number of groups read.
  public var groupCount: Int { order.count }

  /// The resampling ``report()`` does (the benchmark times it with other resample counts).
  public var bootstrap: BootstrapSettings? {
    get { request.bootstrap }
    set { request.bootstrap = newValue }
  }

  /// Finishes the scores and, with ``VerifyRequest/bootstrap``, resamples the days for their
  /// intervals. The work grows with groups, days and resamples, not with pairs.
  public func report() -> VerifyReport {
    let fields = VerifySums.fields(request)
    var rows: [VerifyRow] = []
    var unlistedDropped = 0
    for key in order {
      guard let group = groups[key] else { continue }
      var row = group.total.row(keys: key, request: request)
      row.firstDate = group.firstDate
      row.lastDate = group.lastDate
      guard group.total.matched > 0 else {
        unlistedDropped += row.dropped
        continue
      }
      if let bootstrap = request.bootstrap {
        group.addIntervals(to: &row, request: request, settings: bootstrap, fields: fields)
      }
      rows.append(row)
    }
    rows.sort { $0.keys.lexicographicallyPrecedes($1.keys) }
    var report = VerifyReport(request: request, rows: rows)
    report.unlistedDropped = unlistedDropped
    return report
  }
}
