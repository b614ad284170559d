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
