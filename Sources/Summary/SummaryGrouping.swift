import Export
import SkycastModel

/// How a summary groups local days: one row per day, per calendar month, per calendar year, or
/// one for the whole `--from`…`--to` range.
public enum SummaryGrouping: String, CaseIterable, Sendable {
  case day, month, year, period

  /// The leading key columns after `city`: `date`, `month`, `year`, or `from` and `to`.
  public var keyColumns: [Column] {
    switch self {
    case .day: [Column("date", .date)]
    case .month: [Column("month", .date)]
    case .year: [Column("year", .date)]
    case .period: [Column("from", .date), Column("to", .date)]
    }
  }

  /// The periods covering `range`, in order. Months and years are clipped to the range, so a
  /// range that starts on the 15th gives a first month of 17 or so days.
  public func buckets(_ range: ClosedRange<LocalDate>) -> [SummaryBucket] {
    switch self {
    case .day:
      return (0...range.lowerBound.days(to: range.upperBound)).map { offset in
        let date = range.lowerBound.adding(days: offset)
        return SummaryBucket(from: date, to: date, key: [.text(date.description)])
      }
    case .month:
      var buckets: [SummaryBucket] = []
      var start = range.lowerBound
      while start <= range.upperBound {
        let monthEnd = LocalDate(
          year: start.year, month: start.month,
          day: LocalDate.daysInMonth(year: start.year, month: start.month))!
        let end = min(monthEnd, range.upperBound)
        buckets.append(SummaryBucket(from: start, to: end, key: [.text(start.monthText)]))
        start = end.adding(days: 1)
      }
      return buckets
    case .year:
      var buckets: [SummaryBucket] = []
      var start = range.lowerBound
      while start <= range.upperBound {
        let end = min(LocalDate(year: start.year, month: 12, day: 31)!, range.upperBound)
        buckets.append(
          SummaryBucket(from: start, to: end, key: [.text(LocalDate.pad(start.year, 4))]))
        start = end.adding(days: 1)
      }
      return buckets
    case .period:
      return [
        SummaryBucket(
          from: range.lowerBound, to: range.upperBound,
          key: [.text(range.lowerBound.description), .text(range.upperBound.description)])
      ]
    }
  }
}
