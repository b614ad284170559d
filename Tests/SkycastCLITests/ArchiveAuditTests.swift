import Foundation
import TestSupport
import Testing

/// `skycast archive audit` over a replayed history whose derived archives differ on known hours.
@Suite struct ArchiveAuditTests {
  /// Collected: issues at 00Z on 2026-03-01 … 03-04 (issue i), each with leads 0–71 h, value
  /// i + (hours since 03-01 00Z)/10, so each issue differs. Derived, for 2026-03-04 (day 3):
  /// Previous Runs day 1 and 2 (lead 24 and 48 h) copy issue 2 and 1, but day 1 is +0.3 at
  /// 05Z and 17Z, day 2 is −1.2 at 09Z and +0.04 at 03Z (equal to the stored precision);
  /// the Historical Forecast series `analysis:best_match` copies issue 3 (lead 0–23 h) but is
  /// +0.5 at 12Z and +0.1 at 20Z.
  static func writeHistory(_ harness: CLIHarness) throws {
    let store = try harness.store()
    let writer = HistoryWriter(store: store)
    func value(issue: Int, validAt: Int64) -> Double {
      Double(issue) + Double((validAt - march1) / hour) / 10
    }
    try store.write {
      try writer.city(1, "Alpha")
      for issue in 0..<4 {
        let issuedAt = march1 + Int64(issue) * day
        for lead in Int64(0)..<72 {
          try writer.forecast(
            city: 1, issuedAt: issuedAt, lead: lead,
            ["temperature_2m": value(issue: issue, validAt: issuedAt + lead * hour)])
        }
      }
      let offsets: [Int: [Int: Double]] = [1: [5: 0.3, 17: 0.3], 2: [9: -1.2, 3: 0.04]]
      for hourOfDay in 0..<24 {
        let validAt = march1 + 3 * day + Int64(hourOfDay) * hour
        for n in 1...2 {
          try writer.forecast(
            city: 1, source: "previous-runs", issuedAt: validAt - Int64(n) * day,
            lead: Int64(n) * 24,
            [
              "temperature_2m": value(issue: 3 - n, validAt: validAt)
                + (offsets[n]?[hourOfDay] ?? 0)
            ])
        }
        let differences: [Int: Double] = [12: 0.5, 20: 0.1]
        let analysis = differences[hourOfDay] ?? 0
        try writer.observation(
          city: 1, source: "analysis:best_match", validAt: validAt,
          ["temperature_2m": value(issue: 3, validAt: validAt) + analysis])
      }
    }
  }

  @Test("per lead day: n, equal, mean and largest difference")
  func summary() async throws {
    let harness = CLIHarness()
    try Self.writeHistory(harness)
    let result = await harness.run(
      "archive", "audit", "--var", "temperature_2m", "--model", "best_match", "--format", "csv")
    #expect(result.exitCode == 0, "\(result)")
    let table = CSVTable(result.stdout)
    #expect(
      table.rows.map { [$0["derived"]!, $0["lead_day"]!, $0["n"]!, $0["equal"]!] } == [
        ["analysis:best_match", "0", "24", "22"], ["previous-runs", "1", "24", "22"],
        ["previous-runs", "2", "24", "23"],
      ])
    #expect(table.rows.map { $0["max_abs_diff"]! } == ["0.500", "0.300", "1.200"])
    #expect(table.rows.map { $0["mean_abs_diff"]! } == ["0.025", "0.025", "0.052"])
  }

  @Test("--list reports exactly the hours where the derived archive differs")
  func list() async throws {
    let harness = CLIHarness()
    try Self.writeHistory(harness)
    let result = await harness.run("archive", "audit", "--list", "--format", "csv")
    #expect(result.exitCode == 0, "\(result)")
    let rows = CSVTable(result.stdout).rows
    let hours = rows.map { "\($0["derived"]!) d\($0["lead_day"]!) \($0["valid_time"]!.prefix(16))" }
    #expect(
      hours == [
        "analysis:best_match d0 2026-03-04T12:00", "analysis:best_match d0 2026-03-04T20:00",
        "previous-runs d1 2026-03-04T05:00", "previous-runs d1 2026-03-04T17:00",
        "previous-runs d2 2026-03-04T09:00",
      ], "\(result.stdout)")
    #expect(rows.map { $0["difference"]! } == ["0.5", "0.1", "0.3", "0.3", "-1.2"])
  }

  @Test("a daily variable is a usage error")
  func daily() async throws {
    let harness = CLIHarness()
    try Self.writeHistory(harness)
    let result = await harness.run("archive", "audit", "--var", "temperature_2m_max")
    #expect(result.exitCode == 64, "\(result)")
  }
}
