import Foundation
import TestSupport
import Testing

@testable import Store

/// `summary precip`: ETCCDI indices over a hand-worked month of daily observations.
@Suite struct SummaryPrecipitationTests {
  /// April 2026 in a UTC city, source era5, daily `precipitation_sum` (mm):
  ///
  /// | day | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10 | 11–15 | 16 | 17–24 | 25 | 26–30 |
  /// |---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|
  /// | mm | 0.09 | 0.1 | 0.9 | 1.0 | 9.99 | 10 | 0.3+0.6+0.1 | 20 | 19.99 | 0 | 5 each | missing | 0 | 2.5 | 0 |
  ///
  /// Day 7's daily row has a NULL sum, so its total comes from 24 hourly values (0.3, 0.6, 0.1
  /// and 21 zeros) = 1.00 mm, a wet day. Day 16 has no daily row and only 23 hourly values of
  /// 0.5 mm, so it is missing.
  ///
  /// By hand, threshold 1.0 (ETCCDI): total = 90.57; wet days 4–9, 11–15, 25 = 12; r10mm (6, 8,
  /// 9) = 3; r20mm (8) = 1; prcptot = 1 + 9.99 + 10 + 1 + 20 + 19.99 + 25 + 2.5 = 89.48; sdii =
  /// 89.48 / 12 = 7.4567; cdd = 17–24 = 8 (16 missing breaks the run); cwd = 4–9 = 6; rx1day =
  /// 20; rx5day = days 5–9 = 9.99 + 10 + 1 + 20 + 19.99 = 60.98; wet_hours = 3 (day 7) + 23
  /// (day 16) = 26; days 30, missing 1.
  ///
  /// Threshold 0.1: wet adds days 2 and 3 (0.09 is still dry) = 14; prcptot = 90.48; sdii =
  /// 6.4629; cdd = 8; cwd = 2–9 = 8; r10mm, r20mm, rx1day, rx5day unchanged.
  static func april() throws -> CLIHarness {
    let harness = CLIHarness()
    let history = HistoryBuilder(store: try harness.store())
    let city = try history.city("Rainham")
    var daily: [Int: Double?] = [
      1: 0.09, 2: 0.1, 3: 0.9, 4: 1.0, 5: 9.99, 6: 10, 7: nil, 8: 20, 9: 19.99, 10: 0, 25: 2.5,
    ]
    for day in 11...15 { daily[day] = 5 }
    for day in 17...30 where day != 25 { daily[day] = 0 }
    for (day, mm) in daily {
      try history.observedDay(
        city, date: date(day), ["precipitation_sum": mm, "temperature_2m_max": 15])
    }
    for (hour, instant) in history.hours(city, date(7)).enumerated() {
      let mm: Double = [3: 0.3, 4: 0.6, 5: 0.1][hour] ?? 0
      try history.observedHour(city, validAt: instant, ["precipitation": mm])
    }
    for instant in history.hours(city, date(16)).dropLast() {
      try history.observedHour(city, validAt: instant, ["precipitation": 0.5])
    }
    return harness
  }

  static func date(_ day: Int) -> String { "2026-04-" + (day < 10 ? "0" : "") + String(day) }

  @Test("a month of daily observations reproduces the hand-worked ETCCDI indices")
  func etccdiMonth() async throws {
    let harness = try Self.april()
    let result = await harness.run(
      "summary", "precip", "--series", "observed", "--from", "2026-04-01", "--to", "2026-04-30",
      "--by", "month", "--format", "csv")
    #expect(result.exitCode == 0, "\(result)")
    let table = CSVTable(result.stdout)
    #expect(
      table.header == [
        "city", "month", "total_mm", "wet_days", "r10mm", "r20mm", "prcptot", "sdii", "cdd", "cwd",
        "rx1day", "rx5day", "wet_hours", "max_probability", "days", "days_missing",
        "wet_threshold", "etccdi",
      ])
    let april = table.row("month", "2026-04") ?? [:]
    #expect(april["total_mm"] == "90.57" && april["wet_days"] == "12")
    #expect(april["r10mm"] == "3" && april["r20mm"] == "1")
    #expect(april["prcptot"] == "89.48" && april["sdii"] == "7.46")
    #expect(april["cdd"] == "8" && april["cwd"] == "6")
    #expect(april["rx1day"] == "20.00" && april["rx5day"] == "60.98")
    #expect(april["wet_hours"] == "26" && april["max_probability"] == "")
    #expect(april["days"] == "30" && april["days_missing"] == "1")
    #expect(april["wet_threshold"] == "1.00" && april["etccdi"] == "yes")
    #expect(!result.stderr.contains("not the ETCCDI"))
  }

  @Test("--wet-threshold 0.1 changes only wet_days, prcptot, sdii, cdd, cwd and says so")
  func lowThreshold() async throws {
    let harness = try Self.april()
    let result = await harness.run(
      "summary", "precip", "--series", "observed:era5", "--from", "2026-04-01", "--to",
      "2026-04-30", "--by", "period", "--wet-threshold", "0.1", "--format", "csv")
    #expect(result.exitCode == 0, "\(result)")
    let period = CSVTable(result.stdout).row("from", "2026-04-01") ?? [:]
    #expect(period["to"] == "2026-04-30")
    #expect(period["wet_days"] == "14" && period["prcptot"] == "90.48" && period["sdii"] == "6.46")
    #expect(period["cdd"] == "8" && period["cwd"] == "8")
    #expect(period["r10mm"] == "3" && period["r20mm"] == "1" && period["rx1day"] == "20.00")
    #expect(period["rx5day"] == "60.98" && period["total_mm"] == "90.57")
    #expect(period["wet_threshold"] == "0.10" && period["etccdi"] == "no")
    #expect(result.stderr.contains("not the ETCCDI indices"), "\(result)")

    // A wide terminal: the comment on one line (at 80 columns it wraps at spaces).
    harness.environment["COLUMNS"] = "200"
    let table = await harness.run(
      "summary", "precip", "--series", "observed", "--from", "2026-04-01", "--to", "2026-04-30",
      "--by", "month", "--wet-threshold", "0.1", "--format", "table")
    #expect(
      table.stdout.contains(
        "# wet-day threshold 0.1 mm: wet, wet_days, prcptot, sdii, cdd and cwd are not the ETCCDI indices"
      ), "\(table)")
  }

  /// Day rows: 0.09 mm is dry even at 0.1 (compared at 0.01 mm, printed with 2 decimals), the
  /// hourly 0.3 + 0.6 + 0.1 day totals exactly 1.00 and is wet, a day with 23 of 24 hours is
  /// missing.
  @Test("day rows give totals and wet flags at 0.01 mm, and a short day is missing")
  func byDay() async throws {
    let harness = try Self.april()
    let result = await harness.run(
      "summary", "precip", "--series", "observed", "--from", "2026-04-01", "--to", "2026-04-16",
      "--wet-threshold", "0.1", "--format", "csv")
    #expect(result.exitCode == 0, "\(result)")
    let table = CSVTable(result.stdout)
    #expect(
      table.header == [
        "city", "date", "total_mm", "wet", "wet_hours", "max_probability", "wet_threshold",
      ])
    #expect(table.row("date", "2026-04-01")?["total_mm"] == "0.09")
    #expect(table.row("date", "2026-04-01")?["wet"] == "0")
    #expect(table.row("date", "2026-04-02")?["wet"] == "1")
    let hourly = table.row("date", "2026-04-07") ?? [:]
    #expect(hourly["total_mm"] == "1.00" && hourly["wet"] == "1" && hourly["wet_hours"] == "3")
    let short = table.row("date", "2026-04-16") ?? [:]
    #expect(short["total_mm"] == "" && short["wet"] == "" && short["wet_hours"] == "23")
    #expect(table.rows.count == 16)
  }

  /// A month clipped to five days with none stored is all missing: empty indices, not zeros; a
  /// month with more than three missing days has empty indices too.
  @Test("indices are empty when more than 3 days of a month, or every day, are missing")
  func missingMonths() async throws {
    let harness = try Self.april()
    let store = try harness.store()
    try store.database.run(
      "DELETE FROM daily_observations WHERE date IN ('2026-04-26', '2026-04-27', '2026-04-28')")
    let result = await harness.run(
      "summary", "precip", "--series", "observed", "--from", "2026-04-01", "--to", "2026-05-05",
      "--by", "month", "--format", "csv")
    #expect(result.exitCode == 0, "\(result)")
    let table = CSVTable(result.stdout)
    let april = table.row("month", "2026-04") ?? [:]
    #expect(april["days_missing"] == "4" && april["wet_days"] == "" && april["sdii"] == "")
    #expect(april["total_mm"] == "" && april["wet_hours"] == "26")
    let may = table.row("month", "2026-05") ?? [:]
    #expect(
      may["days"] == "5" && may["days_missing"] == "5" && may["wet_days"] == "" && may["cdd"] == "")
  }

  /// The forecast series sums the latest hourly forecasts (0.3 + 0.6 + 0.1 = 1.00 mm) and takes
  /// the highest hourly precipitation probability.
  @Test("the forecast series sums hourly forecasts and reports the max probability")
  func forecastDay() async throws {
    let harness = CLIHarness()
    let history = HistoryBuilder(store: try harness.store())
    let city = try history.city("Rainham")
    let issued = history.instant(city, "2026-03-19", hour: 0)
    let fetch = try history.fetch(city, requestedAt: issued, issuedAt: issued)
    for (hour, instant) in history.hours(city, "2026-03-20").enumerated() {
      let mm: Double = [3: 0.3, 4: 0.6, 5: 0.1][hour] ?? 0
      let probability: Double = [3: 40, 4: 85, 5: 70][hour] ?? 5
      try history.forecast(
        city, fetch: fetch, issuedAt: issued, validAt: instant,
        ["precipitation": mm, "precipitation_probability": probability])
    }
    let result = await harness.run(
      "summary", "precip", "--from", "2026-03-20", "--to", "2026-03-20", "--format", "csv")
    #expect(result.exitCode == 0, "\(result)")
    let day = CSVTable(result.stdout).row("date", "2026-03-20") ?? [:]
    #expect(day["total_mm"] == "1.00" && day["wet"] == "1" && day["max_probability"] == "85")
    #expect(day["wet_hours"] == "3" && day["wet_threshold"] == "1.00")
  }

  /// Without era5, the only source is the default; two sources without era5 must be chosen;
  /// an unknown source lists the stored ones; with era5 stored it is the default.
  @Test("the observation source defaults to era5, else the only source, else asks")
  func sourceDefault() async throws {
    let harness = CLIHarness()
    let history = HistoryBuilder(store: try harness.store())
    let city = try history.city("Rainham")
    try history.observedDay(city, date: "2026-04-01", source: "station", ["precipitation_sum": 2])
    let args = [
      "summary", "precip", "--series", "observed", "--from", "2026-04-01", "--to", "2026-04-01",
      "--format", "csv",
    ]
    let only = await harness.run(args)
    #expect(CSVTable(only.stdout).row("date", "2026-04-01")?["total_mm"] == "2.00", "\(only)")

    try history.observedDay(city, date: "2026-04-01", source: "dwd", ["precipitation_sum": 3])
    let ambiguous = await harness.run(args)
    #expect(ambiguous.exitCode == 64)
    #expect(ambiguous.stderr.contains("observations come from several sources (dwd, station)"))
    let chosen = await harness.run(args.map { $0 == "observed" ? "observed:dwd" : $0 })
    #expect(CSVTable(chosen.stdout).row("date", "2026-04-01")?["total_mm"] == "3.00", "\(chosen)")
    let unknown = await harness.run(args.map { $0 == "observed" ? "observed:nope" : $0 })
    #expect(unknown.exitCode == 64)
    #expect(unknown.stderr.contains("no observations from source 'nope'"))
    #expect(unknown.stderr.contains("stored sources: dwd, station"))
    // Clearly more data in one source: that one, with a note that names the counts.
    try history.observedDay(city, date: "2026-03-31", source: "station", ["precipitation_sum": 1])
    let most = await harness.run(args)
    #expect(most.exitCode == 0, "\(most)")
    #expect(CSVTable(most.stdout).row("date", "2026-04-01")?["total_mm"] == "2.00", "\(most)")
    #expect(
      most.stderr.contains("observations from 'station', the source with most rows stored"),
      "\(most)")

    try history.observedDay(city, date: "2026-04-01", source: "era5", ["precipitation_sum": 4])
    let era5 = await harness.run(args)
    #expect(CSVTable(era5.stdout).row("date", "2026-04-01")?["total_mm"] == "4.00", "\(era5)")
  }

  /// Rows come sorted by city name, then date, whatever order the cities were saved in.
  @Test("rows are sorted by city, then date")
  func sortedRows() async throws {
    let harness = CLIHarness()
    let history = HistoryBuilder(store: try harness.store())
    for name in ["Zeta", "Alpha"] {
      let city = try history.city(name)
      try history.observedDay(city, date: "2026-04-01", ["precipitation_sum": 1])
    }
    let result = await harness.run(
      "summary", "precip", "--series", "observed", "--from", "2026-04-01", "--to", "2026-04-02",
      "--format", "csv")
    let keys = CSVTable(result.stdout).rows.map { "\($0["city"]!) \($0["date"]!)" }
    #expect(keys == ["Alpha 2026-04-01", "Alpha 2026-04-02", "Zeta 2026-04-01", "Zeta 2026-04-02"])
  }
}
