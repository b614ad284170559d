import Foundation
import SkycastModel
import TestSupport
import Testing

/// `skycast archive changes` on generated histories with and without a change in error.
@Suite struct ArchiveChangesTests {
  /// 120 days from 2026-03-01 of city Alpha: observations every 4 h (10 + 5·sin), forecasts of
  /// each from the previous day's 00Z issue (lead 24–44 h, lead day 1) with error
  /// σ·(0.6·z_day + 0.8·z_hour), σ = 1 °C, and σ = `after` from `changeDay` on.
  static func writeHistory(
    _ harness: CLIHarness, seed: UInt64, changeDay: Int? = nil, after: Double = 2
  ) throws {
    let store = try harness.store()
    let writer = HistoryWriter(store: store)
    var random = SplitMix64(seed: seed)
    try store.write {
      try writer.city(1, "Alpha")
      for dayIndex in 0..<120 {
        let sigma = changeDay.map { dayIndex >= $0 ? after : 1 } ?? 1
        let shared = random.nextGaussian()
        let issuedAt = march1 + Int64(dayIndex - 1) * day
        for step in 0..<6 {
          let validAt = march1 + Int64(dayIndex) * day + Int64(step) * 4 * hour
          let truth = 10 + 5 * sin(Double(validAt) / 86_400 * 2 * .pi)
          let error = sigma * (0.6 * shared + 0.8 * random.nextGaussian())
          try writer.observation(
            city: 1, validAt: validAt, ["temperature_2m": (truth * 10).rounded() / 10])
          try writer.forecast(
            city: 1, issuedAt: issuedAt, lead: (validAt - issuedAt) / hour,
            ["temperature_2m": ((truth + error) * 10).rounded() / 10])
        }
      }
    }
  }

  /// σ 1 → 2 °C from day 60, 2026-04-30: one change within ±2 days, MAE up, DM significant.
  @Test("an injected change is found within 2 days of its date with a significant DM test")
  func injected() async throws {
    let harness = CLIHarness()
    try Self.writeHistory(harness, seed: 5, changeDay: 60)
    let result = await harness.run(
      "archive", "changes", "--var", "temperature_2m", "--lead-day", "1", "--format", "csv")
    #expect(result.exitCode == 0, "\(result)")
    let table = CSVTable(result.stdout)
    #expect(table.rows.count == 1, "\(result.stdout)")
    let row = try #require(table.rows.first)
    let date = try #require(row["date"].flatMap { LocalDate($0) })
    #expect(abs(date.days(to: LocalDate("2026-04-30")!)) <= 2, "\(date)")
    #expect(row["lead_day"] == "1")
    let before = try #require(row["mae_before"].flatMap(Double.init))
    let after = try #require(row["mae_after"].flatMap(Double.init))
    #expect(after > before)
    #expect(try #require(row["dm"].flatMap(Double.init)) > 0)
    #expect(try #require(row["dm_p"].flatMap(Double.init)) < 0.05)
    #expect(row["significant"] == "yes")
  }

  /// Daily temperature_2m_max, one forecast a day issued the day before (lead day 1), error
  /// N(0, 1) and N(0, 3²) from day 60 (2026-04-30): the daily series pairs local dates.
  @Test("a daily variable's change is found on its local date")
  func daily() async throws {
    let harness = CLIHarness()
    let store = try harness.store()
    let writer = HistoryWriter(store: store)
    var random = SplitMix64(seed: 9)
    try store.write {
      try writer.city(1, "Alpha")
      let start = LocalDate("2026-03-01")!
      for dayIndex in 0..<120 {
        let date = start.adding(days: dayIndex).description
        let error = (dayIndex >= 60 ? 3 : 1) * random.nextGaussian()
        try writer.dailyObservation(city: 1, date: date, ["temperature_2m_max": 12])
        try writer.dailyForecast(
          city: 1, issuedAt: march1 + Int64(dayIndex - 1) * day, date: date,
          ["temperature_2m_max": ((12 + error) * 10).rounded() / 10])
      }
    }
    let result = await harness.run(
      "archive", "changes", "--var", "temperature_2m_max", "--format", "csv")
    #expect(result.exitCode == 0, "\(result)")
    let rows = CSVTable(result.stdout).rows
    #expect(rows.count == 1, "\(result.stdout)")
    let date = try #require(rows.first?["date"].flatMap { LocalDate($0) })
    #expect(abs(date.days(to: LocalDate("2026-04-30")!)) <= 2, "\(date)")
    #expect(rows.first?["significant"] == "yes")
  }

  @Test("a history without a change reports none, and says what it searched")
  func noChange() async throws {
    let harness = CLIHarness()
    try Self.writeHistory(harness, seed: 5)
    harness.terminalColumns = 200
    let result = await harness.run("archive", "changes", "--format", "table")
    #expect(result.exitCode == 0, "\(result)")
    #expect(result.stdout.contains("1 series, 120 days searched"), "\(result.stdout)")
    let csv = await harness.run("archive", "changes", "--format", "csv")
    #expect(CSVTable(csv.stdout).rows.isEmpty, "\(csv.stdout)")
    #expect(
      csv.stderr.contains("no change found in 1 series of up to 120 days at --alpha 0.01"),
      "\(csv.stderr)")
  }

  /// A history shorter than twice --min-days cannot show a change: the empty table says so.
  @Test("a history too short for a change says so on stderr")
  func tooShort() async throws {
    let harness = CLIHarness()
    try Self.writeHistory(harness, seed: 5, changeDay: 10)
    let result = await harness.run(
      "archive", "changes", "--from", "2026-03-01", "--to", "2026-03-20", "--format", "csv")
    #expect(result.exitCode == 0, "\(result)")
    #expect(CSVTable(result.stdout).rows.isEmpty, "\(result.stdout)")
    #expect(result.stderr.contains("no change can be found yet"), "\(result.stderr)")
    #expect(result.stderr.contains("has 20 days, and --min-days 14 needs 28"), "\(result.stderr)")
    let lower = await harness.run(
      "archive", "changes", "--from", "2026-03-01", "--to", "2026-03-20", "--min-days", "5",
      "--format", "csv")
    #expect(!lower.stderr.contains("no change can be found yet"), "\(lower.stderr)")
  }

  @Test("an unknown observation source and a bad lead day are usage errors")
  func usageErrors() async throws {
    let harness = CLIHarness()
    try Self.writeHistory(harness, seed: 5)
    let obs = await harness.run("archive", "changes", "--obs", "nowhere")
    #expect(obs.exitCode == 64, "\(obs)")
    let lead = await harness.run("archive", "changes", "--lead-day", "99")
    #expect(lead.exitCode == 64, "\(lead)")
  }
}
