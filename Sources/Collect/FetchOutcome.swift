import OpenMeteo
import SkycastModel

/// What happened to one city (and, for a history product, one range of its dates) in a
/// `FetchPipeline` run.
package struct FetchOutcome<Counts: Sendable & Equatable>: Sendable, Equatable {
  package enum Status: Sendable, Equatable {
    /// The reply was stored with its fetch-log rows.
    case stored(Counts)
    /// Not fetched: still fresh, stored by another run first, or nothing to ask for.
    case skipped(SkipReason)
    /// The request failed, or its reply could not be stored; a `failed` fetch row was written
    /// and nothing else.
    case failed(APIError)
    /// Not attempted because an hourly or daily rate limit stopped the run.
    case notAttempted(reason: String)
  }

  package let city: City
  /// The dates asked for; nil for a product without a date range (a forecast).
  package let dates: ClosedRange<LocalDate>?
  /// The model run asked for (`backfill --runs`), UTC epoch seconds; nil for the others.
  package let run: Int64?
  package let status: Status

  package init(city: City, dates: ClosedRange<LocalDate>?, run: Int64? = nil, status: Status) {
    self.city = city
    self.dates = dates
    self.run = run
    self.status = status
  }

  /// The run (`run 2026-04-02T12:00Z`), `2024-01-01…2024-12-31`, one date, or nil without dates.
  package var datesText: String? {
    if let run { return "run " + WallClock.utcMinute(epoch: run) + "Z" }
    return dates.map {
      $0.lowerBound == $0.upperBound ? "\($0.lowerBound)" : "\($0.lowerBound)…\($0.upperBound)"
    }
  }

  /// True for failed and not-attempted requests.
  package var isFailure: Bool {
    switch status {
    case .failed, .notAttempted: true
    case .stored, .skipped: false
    }
  }
}
