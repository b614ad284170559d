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

/// A computed summary: its columns, the notes a table prints above it, and its rows.
public struct SummaryTable: Sendable, Equatable {
  /// The output columns: `city`, the grouping's key columns, then the figures.
  public var columns: [Column]
  /// Lines printed as `# …` above the table in `table` format (method, series, range).
  public var comments: [String]
  /// Rows sorted by city, then period.
  public var rows: [[Cell]]

  /// The variables the summary reads that had no value at all in the range (e.g. `uv_index`
  /// in ERA5 observations, which have none), so the command can say why its rows are empty.
  public var variablesWithoutData: [String]

  public init(
    columns: [Column], comments: [String], rows: [[Cell]], variablesWithoutData: [String] = []
  ) {
    self.columns = columns
    self.comments = comments
    self.rows = rows
    self.variablesWithoutData = variablesWithoutData
  }
}

/// Helpers the summaries share.
package enum SummarySupport {
  /// Cities in output order: by name, then id (two places may share a name).
  package static func sorted(_ cities: [City]) -> [City] {
    cities.sorted { ($0.name, $0.id) < ($1.name, $1.id) }
  }

  /// Items grouped by bucket, keeping their order. `items` must be in date order (hourly records
  /// are, by valid time); an item outside every bucket is dropped.
  package static func group<T>(_ items: [T], date: (T) -> LocalDate, into buckets: [SummaryBucket])
    -> [[T]]
  {
    var groups = Array(repeating: [T](), count: buckets.count)
    var index = 0
    for item in items {
      let day = date(item)
      while index < buckets.count, buckets[index].to < day { index += 1 }
      guard index < buckets.count else { break }
      if buckets[index].from <= day { groups[index].append(item) }
    }
    return groups
  }

  /// `2026-03-01 to 2026-03-31`.
  package static func rangeText(_ range: ClosedRange<LocalDate>) -> String {
    "\(range.lowerBound) to \(range.upperBound)"
  }

  package static func cell(_ value: Double?) -> Cell { value.map(Cell.number) ?? .null }
  package static func cell(_ value: Int?) -> Cell { value.map { .integer(Int64($0)) } ?? .null }
}
