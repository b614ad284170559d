import Foundation
import SkycastModel
import TestSupport
import Testing

/// `summary precip` against ETCCDI and climdex.pcic where today's numbers were checked: Rx5day
/// over the 5-day intervals ending on each day of the month, and the annual missing-day rule.
@Suite struct SummaryPrecipitationETCCDITests {
  /// 10 mm on 2026-03-28 … 2026-04-01, nothing after, in daily precipitation_sum.
  static func lateMarchRain(storesMarch: Bool) throws -> CLIHarness {
    let harness = CLIHarness()
    let history = HistoryBuilder(store: try harness.store())
    let city = try history.city("Rainham")
    let start = LocalDate("2026-03-28")!
    for offset in 0..<34 where storesMarch || offset >= 4 {
      try history.observedDay(
        city, date: start.adding(days: offset).description,
        ["precipitation_sum": offset <= 4 ? 10 : 0])
    }
    return harness
  }

  static func rx5day(_ harness: CLIHarness, by grouping: String) async throws -> String? {
    let result = await harness.run(
      "summary", "precip", "--series", "observed", "--from", "2026-04-01", "--to", "2026-04-30",
      "--by", grouping, "--format", "csv")
    #expect(result.exitCode == 0, "\(result)")
    return CSVTable(result.stdout).rows.first?["rx5day"]
  }

  @Test(
    "monthly rx5day is the largest 5-day total ending on a day of the month, days before included")
  func rx5dayReachesBack() async throws {
    let stored = try Self.lateMarchRain(storesMarch: true)
    #expect(try await Self.rx5day(stored, by: "month") == "50.00", "Mar 28 – Apr 1 ends on Apr 1")
    #expect(try await Self.rx5day(stored, by: "period") == "10.00", "periods keep windows inside")
    stored.environment["COLUMNS"] = "200"  // the comment on one line
    let comment = await stored.run(
      "summary", "precip", "--series", "observed", "--from", "2026-04-01", "--to", "2026-04-30",
      "--by", "month", "--format", "table")
    #expect(comment.stdout.contains("using the 4 days before it when they are stored"))
    let alone = try Self.lateMarchRain(storesMarch: false)
    #expect(try await Self.rx5day(alone, by: "month") == "10.00", "no March days stored")
  }

  /// 2025 with 1 mm every day except `missing` days, at most 2 in any month.
  static func year(missing: Int) throws -> CLIHarness {
    let harness = CLIHarness()
    let history = HistoryBuilder(store: try harness.store())
    let city = try history.city("Rainham")
    var skipped = Set<String>()
    for month in 1...12 where skipped.count < missing {
      for day in [10, 20] where skipped.count < missing {
        skipped.insert(String(format: "2025-%02d-%02d", month, day))
      }
    }
    let start = LocalDate("2025-01-01")!
    for offset in 0..<365 {
      let date = start.adding(days: offset).description
      guard !skipped.contains(date) else { continue }
      try history.observedDay(city, date: date, ["precipitation_sum": 1])
    }
    return harness
  }

  static func row(_ harness: CLIHarness, _ arguments: String...) async throws -> [String: String] {
    let result = await harness.run(
      ["summary", "precip", "--series", "observed", "--format", "csv"] + arguments)
    #expect(result.exitCode == 0, "\(result)")
    return try #require(CSVTable(result.stdout).rows.first, "\(result)")
  }

  @Test("yearly indices are empty when more than 15 days of the year are missing (climdex)")
  func annualRule() async throws {
    let sixteen = try Self.year(missing: 16)
    let year = try await Self.row(
      sixteen, "--from", "2025-01-01", "--to", "2025-12-31", "--by", "year")
    #expect(year["year"] == "2025")
    #expect(year["days_missing"] == "16")
    #expect(year["total_mm"] == "" && year["rx5day"] == "", "\(year)")
    let period = try await Self.row(
      sixteen, "--from", "2025-01-01", "--to", "2025-12-31", "--by", "period")
    #expect(period["total_mm"] == "", "a period of a year applies the annual rule")
    let half = try await Self.row(
      sixteen, "--from", "2025-01-01", "--to", "2025-06-30", "--by", "period")
    #expect(half["total_mm"] == "169.00", "half a year: only the monthly rule (12 missing)")
    let months = await sixteen.run(
      "summary", "precip", "--series", "observed", "--from", "2025-01-01", "--to", "2025-12-31",
      "--by", "month", "--format", "csv")
    #expect(CSVTable(months.stdout).rows.allSatisfy { $0["total_mm"] != "" }, "no month has > 3")

    let fifteen = try Self.year(missing: 15)
    let kept = try await Self.row(
      fifteen, "--from", "2025-01-01", "--to", "2025-12-31", "--by", "year")
    #expect(kept["total_mm"] == "350.00" && kept["days_missing"] == "15", "\(kept)")
  }

  @Test("--by year gives one row per calendar year, clipped to the range, in every summary")
  func yearBuckets() async throws {
    let harness = try Self.year(missing: 0)
    let result = await harness.run(
      "summary", "precip", "--series", "observed", "--from", "2024-12-30", "--to", "2025-01-02",
      "--by", "year", "--format", "csv")
    #expect(CSVTable(result.stdout).rows.map { $0["year"] } == ["2024", "2025"], "\(result)")
    #expect(CSVTable(result.stdout).rows.map { $0["days"] } == ["2", "2"])
    for kind in ["uv", "feels-like"] {
      let other = await harness.run(
        "summary", kind, "--series", "observed", "--from", "2025-01-01", "--to", "2025-01-31",
        "--by", "year", "--format", "csv")
      #expect(other.exitCode == 0, "\(kind): \(other)")
      #expect(CSVTable(other.stdout).header.contains("year"), "\(kind)")
    }
  }
}
