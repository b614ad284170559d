import Export
import SkycastModel

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
