import Store

/// The result of `verify` scores: what was asked, one row per group (sorted by the keys), and
/// totals for the table comment and warnings.
public struct VerifyReport: Sendable {
  /// The request as run (its ``VerifyRequest/keys`` are the key columns).
  public var request: VerifyRequest
  /// Groups, sorted by their key values in column order.
  public var rows: [VerifyRow]
  /// Forecasts of groups left out of ``rows`` because none of them found an observation row.
  public var unlistedDropped = 0
  /// The cases `--same-cases` kept and dropped.
  public var sameCases: SameCases?
  /// The thresholds of `--threshold pNN`.
  public var climate: ClimateThresholds?

  public init(request: VerifyRequest, rows: [VerifyRow]) {
    self.request = request
    self.rows = rows
  }

  /// The rows of one threshold (the first, with several): the pairs behind every total below,
  /// which do not depend on the threshold.
  private var firstThresholdRows: [VerifyRow] {
    rows.filter { $0.event == nil || $0.event == request.event }
  }

  /// Scored pairs over all groups.
  public var pairs: Int { firstThresholdRows.reduce(0) { $0 + $1.scores.n } }
  /// Forecasts dropped over all groups: without an observation row, or with a NULL side.
  public var dropped: Int { firstThresholdRows.reduce(unlistedDropped) { $0 + $1.dropped } }
  /// The part of ``dropped`` without an observation row.
  public var withoutObservation: Int {
    firstThresholdRows.reduce(unlistedDropped) { $0 + $1.withoutObservation }
  }
  /// Scored pairs without a reference value for `--skill`.
  public var pairsWithoutReference: Int {
    firstThresholdRows.reduce(0) { $0 + ($1.scores.n - $1.skillPairs) }
  }
  /// Probabilities outside 0–100 % that the Brier score skipped.
  public var brierRejected: Int { firstThresholdRows.reduce(0) { $0 + $1.brierRejected } }

  /// The first and last local date with a scored pair (needs `measuresPeriod`).
  public var pairedDates: (first: String, last: String)? {
    let firsts = rows.compactMap(\.firstDate)
    let lasts = rows.compactMap(\.lastDate)
    guard let first = firsts.min(), let last = lasts.max() else { return nil }
    return (first, last)
  }
}
