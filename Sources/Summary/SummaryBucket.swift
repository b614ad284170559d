import Export
import SkycastModel

/// One output period of a summary: local dates `from`…`to` and the key cells that name it.
public struct SummaryBucket: Sendable, Equatable {
  /// The first local date.
  public var from: LocalDate
  /// The last local date (inclusive).
  public var to: LocalDate
  /// The cells of ``SummaryGrouping/keyColumns``.
  public var key: [Cell]

  /// The bucket's dates.
  public var dates: ClosedRange<LocalDate> { from...to }
  /// The number of local days.
  public var dayCount: Int { from.days(to: to) + 1 }
}
