import Foundation
import SkycastModel
import TestSupport
import Testing

/// `summary uv`: the daily UV summary through the command, by hand.
@Suite struct SummaryUVTests {
  /// A clear day's hourly UV (hours 0–23). Half-up rounded: 2.5 → 3, 5.5 → 6, 7.5 → 8, 8.4 → 8,
  /// 2.49 → 2. Hours ≥ 3: 09–15 (7); ≥ 6: 10–14 (5); ≥ 8: 11–13 (3). Max 8.4 at 12:00.
  /// Σ UV = 0.5 + 1.2 + 2.49 + 2.5 + 5.5 + 7.5 + 8.4 + 7.5 + 6.0 + 4.0 + 2.0 + 1.0 + 0.3 = 48.89,
  /// SED = 0.9 · 48.89 = 44.001.
  static let clearDay: [Double] = [
    0, 0, 0, 0, 0, 0, 0.5, 1.2, 2.49, 2.5, 5.5, 7.5, 8.4, 7.5, 6.0, 4.0, 2.0, 1.0, 0.3, 0, 0, 0, 0,
    0,
  ]

  /// Stores observed UV (source `station`) for `values` at the local day's hours in order,
  /// leaving out the hours in `skipping`.
  static func store(
    _ values: [Double?], on date: String, city: City, history: HistoryBuilder,
    skipping: Set<Int> = []
  ) throws {
    for (index, instant) in history.hours(city, date).enumerated() where !skipping.contains(index) {
      try history.observedHour(
        city, validAt: instant, source: "station", ["uv_index": values[index]])
    }
  }

  static func run(_ harness: CLIHarness, _ from: String, _ to: String, by: String = "day") async
    -> CLIResult
  {
    await harness.run(
      "summary", "uv", "--from", from, "--to", to, "--series", "observed:station", "--by", by,
      "--format", "csv")
  }

  @Test("a complete day gives the hand-worked max, hour, category, hour counts and SED")
  func completeDay() async throws {
    let harness = CLIHarness()
    let history = HistoryBuilder(store: try harness.store())
    let city = try history.city("Sunny")
    try Self.store(Self.clearDay, on: "2026-06-01", city: city, history: history)
    let result = await Self.run(harness, "2026-06-01", "2026-06-01")
    #expect(result.exitCode == 0, "\(result)")
    let table = CSVTable(result.stdout)
    #expect(
      table.header == [
        "city", "date", "uv_max", "max_hour", "category", "hours_ge_3", "hours_ge_6", "hours_ge_8",
        "sed", "hours",
      ])
    let day = table.row("date", "2026-06-01") ?? [:]
    #expect(day["uv_max"] == "8.40" && day["max_hour"] == "12" && day["category"] == "very high")
    #expect(day["hours_ge_3"] == "7" && day["hours_ge_6"] == "5" && day["hours_ge_8"] == "3")
    #expect(day["sed"] == "44.00" && day["hours"] == "24")
  }

  /// Dropping the 15:00 row, or storing it as NULL, leaves the other figures but voids the dose;
  /// a tie for the max reports the first hour at it.
  @Test("a missing or NULL hour gives an empty SED; a tied max reports its first hour")
  func missingHour() async throws {
    let harness = CLIHarness()
    let history = HistoryBuilder(store: try harness.store())
    let city = try history.city("Sunny")
    try Self.store(Self.clearDay, on: "2026-06-02", city: city, history: history, skipping: [15])
    var withNull: [Double?] = Self.clearDay
    withNull[15] = nil
    withNull[14] = 8.4  // ties 12:00
    try Self.store(withNull, on: "2026-06-03", city: city, history: history)
    let result = await Self.run(harness, "2026-06-02", "2026-06-04")
    #expect(result.exitCode == 0, "\(result)")
    let table = CSVTable(result.stdout)
    let gap = table.row("date", "2026-06-02") ?? [:]
    #expect(gap["sed"] == "" && gap["hours"] == "23" && gap["uv_max"] == "8.40")
    #expect(gap["hours_ge_3"] == "6")  // 15:00 (4.0) is gone
    let null = table.row("date", "2026-06-03") ?? [:]
    #expect(null["sed"] == "" && null["hours"] == "23" && null["max_hour"] == "12")
    #expect(null["hours_ge_8"] == "4")  // 11–14: 7.5, 8.4, 7.5, 8.4
    let none = table.row("date", "2026-06-04") ?? [:]
    #expect(
      none["uv_max"] == "" && none["hours_ge_3"] == "" && none["sed"] == "" && none["hours"] == "0")
  }

  /// Europe/Berlin: 2026-03-29 has 23 hours (02:00 is skipped), 2026-10-25 has 25 (02:00 twice).
  /// A day with all its 23 or 25 hours at UV 1 has SED 0.9 · 23 = 20.7 or 0.9 · 25 = 22.5; 24 of
  /// the 25 hours is a missing hour.
  @Test("DST days need 23 or 25 hours for a dose")
  func daylightSavingDays() async throws {
    let harness = CLIHarness()
    let history = HistoryBuilder(store: try harness.store())
    let city = try history.city("Berlin", timezone: "Europe/Berlin")
    #expect(history.hours(city, "2026-03-29").count == 23)
    #expect(history.hours(city, "2026-10-25").count == 25)
    try Self.store(Array(repeating: 1, count: 23), on: "2026-03-29", city: city, history: history)
    try Self.store(Array(repeating: 1, count: 25), on: "2026-10-25", city: city, history: history)
    let spring = await Self.run(harness, "2026-03-29", "2026-03-29")
    let springDay = CSVTable(spring.stdout).row("date", "2026-03-29") ?? [:]
    #expect(springDay["sed"] == "20.70" && springDay["hours"] == "23", "\(spring)")
    let autumn = await Self.run(harness, "2026-10-25", "2026-10-25")
    let autumnDay = CSVTable(autumn.stdout).row("date", "2026-10-25") ?? [:]
    #expect(autumnDay["sed"] == "22.50" && autumnDay["hours"] == "25", "\(autumn)")

    let short = CLIHarness()
    let shortHistory = HistoryBuilder(store: try short.store())
    let other = try shortHistory.city("Berlin", timezone: "Europe/Berlin")
    try Self.store(
      Array(repeating: 1, count: 25), on: "2026-10-25", city: other, history: shortHistory,
      skipping: [3])
    let missing = await Self.run(short, "2026-10-25", "2026-10-25")
    #expect(CSVTable(missing.stdout).row("date", "2026-10-25")?["sed"] == "", "\(missing)")
  }

  /// A month: the largest daily max and its first date, summed hour counts, the dose summed
  /// only when every day is complete, and the days without a complete dose.
  @Test("month rows aggregate daily maxima, hour counts and doses")
  func byMonth() async throws {
    let harness = CLIHarness()
    let history = HistoryBuilder(store: try harness.store())
    let city = try history.city("Sunny")
    try Self.store(Self.clearDay, on: "2026-06-29", city: city, history: history)
    try Self.store(Self.clearDay.map { $0 / 2 }, on: "2026-06-30", city: city, history: history)
    try Self.store(Self.clearDay, on: "2026-07-01", city: city, history: history, skipping: [0])
    let result = await Self.run(harness, "2026-06-29", "2026-07-02", by: "month")
    #expect(result.exitCode == 0, "\(result)")
    let table = CSVTable(result.stdout)
    #expect(
      table.header == [
        "city", "month", "uv_max", "max_date", "category", "hours_ge_3", "hours_ge_6", "hours_ge_8",
        "sed", "days", "days_missing",
      ])
    let june = table.row("month", "2026-06") ?? [:]
    // The halved day (max 4.2) has 5 hours ≥ 3 after rounding (10–14: 2.75, 3.75, 4.2, 3.75, 3.0)
    // and none ≥ 6; its dose is 22.0005, so June's is 44.001 + 22.0005 = 66.0015.
    #expect(june["uv_max"] == "8.40" && june["max_date"] == "2026-06-29")
    #expect(june["hours_ge_3"] == "12" && june["hours_ge_6"] == "5" && june["hours_ge_8"] == "3")
    #expect(june["sed"] == "66.00" && june["days"] == "2" && june["days_missing"] == "0")
    let july = table.row("month", "2026-07") ?? [:]
    #expect(july["sed"] == "" && july["days"] == "2" && july["days_missing"] == "2")
    #expect(july["hours_ge_3"] == "7" && july["category"] == "very high")
  }

  /// ERA5 has no UV index: the rows are there but empty, and a warning says why.
  @Test("a series without any UV value warns and prints empty figures")
  func noUVInSeries() async throws {
    let harness = CLIHarness()
    let history = HistoryBuilder(store: try harness.store())
    let city = try history.city("Sunny")
    for instant in history.hours(city, "2026-06-01") {
      try history.observedHour(city, validAt: instant, ["temperature_2m": 20])
    }
    let result = await harness.run(
      "summary", "uv", "--from", "2026-06-01", "--to", "2026-06-01", "--series", "observed",
      "--format", "csv")
    #expect(result.exitCode == 0, "\(result)")
    #expect(
      result.stderr.contains(
        "warning: no uv_index values in the observed series (source era5) from 2026-06-01"))
    #expect(CSVTable(result.stdout).row("date", "2026-06-01")?["uv_max"] == "")
  }
}
