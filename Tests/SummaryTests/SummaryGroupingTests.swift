import SkycastModel
import Testing

@testable import Summary

@Suite struct SummaryGroupingTests {
  static func range(_ from: String, _ to: String) throws -> ClosedRange<LocalDate> {
    try #require(LocalDate(from))...(try #require(LocalDate(to)))
  }

  @Test("months and years are clipped to the range; days and the period cover it whole")
  func buckets() throws {
    let range = try Self.range("2026-01-15", "2026-03-02")
    let months = SummaryGrouping.month.buckets(range)
    #expect(
      months.map { "\($0.from)…\($0.to)" } == [
        "2026-01-15…2026-01-31", "2026-02-01…2026-02-28", "2026-03-01…2026-03-02",
      ])
    #expect(SummaryGrouping.day.buckets(range).count == 47)
    let years = SummaryGrouping.year.buckets(try Self.range("2025-12-30", "2026-01-02"))
    #expect(
      years.map { "\($0.from)…\($0.to)" } == ["2025-12-30…2025-12-31", "2026-01-01…2026-01-02"])
    let period = SummaryGrouping.period.buckets(range)
    #expect(
      period.count == 1 && period[0].from == range.lowerBound && period[0].to == range.upperBound)
    #expect(SummaryGrouping.period.keyColumns.map(\.name) == ["from", "to"])
  }
}
