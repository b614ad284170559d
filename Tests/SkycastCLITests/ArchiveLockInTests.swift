import Foundation
import TestSupport
import Testing

/// `skycast archive lock-in` on a history with lock-in leads built in.
@Suite struct ArchiveLockInTests {
  /// Issues at 00Z on 2026-03-01 … 03-06 (issue i), valid 2026-03-07 at k = 0…4 h, so issue i
  /// has lead (6 − i)·24 + k h. Valid time k turns to its final "yes" (2 mm ≥ 1) for good at
  /// issue 1, 2, 3, 4, 0: lock-in leads 120, 97, 74, 51, 148 h (lead days 5, 4, 3, 2, 6).
  /// Earlier issues say "no" (0 mm) just before, and k = 2 also "yes" at issue 0 (a flip).
  /// Valid time k = 5 has one issue and does not count. Temperature: final 10 °C, and for
  /// k = 0 the issues 15, 10.5, 9.2, 10, 10.8, 10 (within ±1 from issue 1: lead 120 h).
  static func writeHistory(_ harness: CLIHarness) throws {
    let writer = HistoryWriter(store: try harness.store())
    try writer.city(1, "Alpha")
    try writer.city(2, "Beta")
    let lockIssue = [1, 2, 3, 4, 0]
    let valid0 = march1 + 6 * day
    for k in 0..<5 {
      for issue in 0..<6 {
        let issuedAt = march1 + Int64(issue) * day
        var rain = issue >= lockIssue[k] ? 2.0 : 0.0
        if k == 2, issue == 0 { rain = 2 }
        var temperature = 10.0
        if k == 0 { temperature = [15, 10.5, 9.2, 10, 10.8, 10][issue] }
        try writer.forecast(
          city: 1, issuedAt: issuedAt, lead: (valid0 + Int64(k) * hour - issuedAt) / hour,
          ["precipitation": rain, "temperature_2m": temperature])
      }
    }
    try writer.forecast(
      city: 1, issuedAt: march1 + 5 * day, lead: 29, ["precipitation": 3, "temperature_2m": 1])
  }

  @Test("the built-in lock-in leads are found exactly: n, median, p10, p90 and shares per day")
  func knownAnswer() async throws {
    let harness = CLIHarness()
    try Self.writeHistory(harness)
    let result = await harness.run(
      "archive", "lock-in", "--var", "precipitation", "--threshold", "1", "--op", ">=",
      "--format", "csv")
    #expect(result.exitCode == 0, "\(result)")
    let table = CSVTable(result.stdout)
    #expect(
      table.header == [
        "city", "source", "model", "n", "median_h", "p10_h", "p90_h", "locked_d0", "locked_d1",
        "locked_d2", "locked_d3", "locked_d4", "locked_d5", "locked_d6",
      ])
    #expect(table.rows.count == 1, "Beta has no forecasts")
    let row = try #require(table.row("city", "Alpha"))
    #expect(row["n"] == "5")
    // Leads 51, 74, 97, 120, 148: type 7 quantiles 97, 51 + 0.4·23, 120 + 0.6·28.
    #expect(row["median_h"] == "97.0")
    #expect(row["p10_h"] == "60.2")
    #expect(row["p90_h"] == "136.8")
    // Lock-in lead days 5, 4, 3, 2, 6, each issued 6 days ahead.
    let shares = (0...6).map { row["locked_d\($0)"] }
    #expect(shares == ["1.000", "1.000", "1.000", "0.800", "0.600", "0.400", "0.200"])
  }

  @Test("--delta locks a continuous variable in when it stays within delta of the final issue")
  func delta() async throws {
    let harness = CLIHarness()
    try Self.writeHistory(harness)
    let result = await harness.run(
      "archive", "lock-in", "--var", "temperature_2m", "--delta", "1", "--format", "csv")
    #expect(result.exitCode == 0, "\(result)")
    let row = try #require(CSVTable(result.stdout).row("city", "Alpha"))
    // k = 0 locks at issue 1 (120 h); k = 1…4 are 10 °C throughout (144 + k h).
    #expect(row["n"] == "5")
    #expect(row["median_h"] == "146.0")
    #expect(row["p10_h"] == "130.0")
  }

  /// Daily precipitation_sum: 2026-03-07 issued 6…1 days ahead turns to its final "yes" for
  /// good at 4 days ahead; 2026-03-08, issued 6…1 days ahead, is "yes" throughout (6 days).
  @Test("a daily variable locks in per local date, with leads in days")
  func daily() async throws {
    let harness = CLIHarness()
    let writer = HistoryWriter(store: try harness.store())
    try writer.city(1, "Alpha", timezone: "Europe/Berlin")
    for issue in 0..<7 {
      let issuedAt = march1 + Int64(issue) * day
      if issue < 6 {
        try writer.dailyForecast(
          city: 1, issuedAt: issuedAt, date: "2026-03-07",
          ["precipitation_sum": issue >= 2 ? 8 : 1])
      }
      if issue >= 1 {
        try writer.dailyForecast(
          city: 1, issuedAt: issuedAt, date: "2026-03-08", ["precipitation_sum": 6])
      }
    }
    let result = await harness.run(
      "archive", "lock-in", "--var", "precipitation_sum", "--threshold", "5", "--format", "json")
    #expect(result.exitCode == 0, "\(result)")
    #expect(result.stdout.contains("\"median_d\":5"), "\(result.stdout)")
    let csv = await harness.run(
      "archive", "lock-in", "--var", "precipitation_sum", "--threshold", "5", "--format", "csv")
    let row = try #require(CSVTable(csv.stdout).row("city", "Alpha"))
    #expect(row["n"] == "2")
    #expect(row["p10_d"] == "4.2")
    let shares = (0...6).map { row["locked_d\($0)"] }
    #expect(shares == ["1.000", "1.000", "1.000", "1.000", "1.000", "0.500", "0.500"])
  }

  @Test("--format svg draws the shares per lead day")
  func figure() async throws {
    let harness = CLIHarness()
    try Self.writeHistory(harness)
    let result = await harness.run(
      "archive", "lock-in", "--threshold", "1", "--format", "svg", "--title", "Rain lock-in")
    #expect(result.exitCode == 0, "\(result)")
    #expect(result.stdout.hasPrefix("<?xml") || result.stdout.hasPrefix("<svg"))
    #expect(result.stdout.contains("Rain lock-in"))
    #expect(result.stdout.contains("Alpha"))
  }

  @Test(
    "a missing or doubled rule and a bad operator are usage errors",
    arguments: [
      ["archive", "lock-in"], ["archive", "lock-in", "--threshold", "1", "--delta", "1"],
      ["archive", "lock-in", "--threshold", "1", "--op", "=="],
      ["archive", "lock-in", "--delta", "1", "--op", "gt"],
      ["archive", "lock-in", "--threshold", "x"],
      ["archive", "lock-in", "--threshold", "1", "--var", "nope"],
    ])
  func usageErrors(arguments: [String]) async throws {
    let harness = CLIHarness()
    try Self.writeHistory(harness)
    let result = await harness.run(arguments)
    #expect(result.exitCode == 64, "\(result)")
    #expect(result.stderr.hasPrefix("Error: "), "\(result)")
    #expect(result.stderr.contains("See 'skycast archive lock-in --help'"), "\(result)")
    #expect(result.stdout.isEmpty)
  }
}
