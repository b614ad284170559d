import OpenMeteo
import SkycastModel

/// Rows one history request (archive or previous runs) stored.
public struct HistoryCounts: Sendable, Equatable {
  /// Hourly rows the response carried with at least one value.
  public var hourly = 0
  /// Daily rows the response carried with at least one value.
  public var daily = 0
  /// Rows that were new (not stored before).
  public var inserted = 0
  /// Rows that existed and got a value filled in or replaced; nil when the writer cannot tell
  /// (previous-runs rows go through the forecast upsert, which does not report it).
  public var updated: Int? = 0

  public init(hourly: Int = 0, daily: Int = 0, inserted: Int = 0, updated: Int? = 0) {
    self.hourly = hourly
    self.daily = daily
    self.inserted = inserted
    self.updated = updated
  }

  /// Rows with data, hourly and daily.
  public var rows: Int { hourly + daily }

  public static func + (lhs: HistoryCounts, rhs: HistoryCounts) -> HistoryCounts {
    HistoryCounts(
      hourly: lhs.hourly + rhs.hourly, daily: lhs.daily + rhs.daily,
      inserted: lhs.inserted + rhs.inserted,
      updated: lhs.updated.flatMap { left in rhs.updated.map { left + $0 } })
  }
}

/// What happened to one request (a city and a range of its local dates) in an `observe` or
/// `backfill` run.
public struct HistoryOutcome: Sendable, Equatable {
  public enum Status: Sendable, Equatable {
    /// The response was stored with its fetch-log row.
    case stored(HistoryCounts)
    /// Nothing to ask for (e.g. the whole range lies after today for the archive).
    case skipped(reason: String)
    /// The request failed; a `failed` fetch row was written and nothing else.
    case failed(APIError)
    /// Not attempted because an hourly or daily rate limit stopped the run.
    case notAttempted(reason: String)
  }

  public let city: City
  public let dates: ClosedRange<LocalDate>
  public let status: Status

  public init(city: City, dates: ClosedRange<LocalDate>, status: Status) {
    self.city = city
    self.dates = dates
    self.status = status
  }

  /// `2024-01-01…2024-12-31`, or one date.
  public var datesText: String {
    dates.lowerBound == dates.upperBound
      ? dates.lowerBound.description : "\(dates.lowerBound)…\(dates.upperBound)"
  }

  /// True for failed and not-attempted requests.
  public var isFailure: Bool {
    switch status {
    case .failed, .notAttempted: true
    case .stored, .skipped: false
    }
  }
}

/// Progress events of an `observe` or `backfill` run, for the CLI.
public enum HistoryEvent: Sendable {
  /// Request `index` (0-based) of `total` is about to be sent.
  case requesting(city: City, dates: ClosedRange<LocalDate>, index: Int, total: Int)
  /// The decoder ignored or questioned something in a response that was still stored.
  case decodeWarning(city: City, message: String)
  /// Something in a stored reply the user must hear of: impossible values stored as NULL, or a
  /// grid point in another time zone.
  case alert(city: City, message: String)
}
