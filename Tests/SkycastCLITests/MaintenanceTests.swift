import Foundation
import SkycastCLI
import TestSupport
import Testing

@testable import SkycastModel
@testable import Store

/// `db prune`, `sql` table formatting, a closed output pipe, and lead times in half-hour zones.
@Suite struct MaintenanceTests {
  @Test("db prune deletes forecasts by issue time, whatever their source, and keeps observations")
  func prune() async throws {
    let harness = CLIHarness()
    let history = HistoryBuilder(store: try harness.store())
    let city = try history.city("Berlin", timezone: "Europe/Berlin")
    let old = history.instant(city, "2026-03-01", hour: 6)
    let new = history.instant(city, "2026-03-10", hour: 6)
    for (source, issued) in [("forecast", old), ("forecast", new), ("previous-runs", old)] {
      // A backfill fetch is made recently but holds rows issued long before.
      let fetch = try history.fetch(
        city, source: source, requestedAt: new + 60, issuedAt: source == "forecast" ? issued : nil)
      try history.forecast(
        city, fetch: fetch, issuedAt: issued, validAt: issued + 24 * 3600, source: source,
        ["temperature_2m": 1])
    }
    try history.fetch(city, requestedAt: old, status: "failed", httpStatus: 500)
    try history.observedHour(city, validAt: old, ["temperature_2m": 1])
    let result = await harness.run("db", "prune", "--before", "2026-03-05")
    #expect(result.exitCode == 0, "\(result)")
    #expect(
      result.stdout == "pruned 3 fetches and 2 forecast rows issued before 2026-03-05 00:00 UTC\n")
    let database = try harness.store().database
    #expect(try database.scalarInt("SELECT count(*) FROM hourly_forecasts") == 1)
    #expect(try database.scalarInt("SELECT min(issued_at) FROM hourly_forecasts") == new)
    #expect(try database.scalarInt("SELECT count(*) FROM fetches") == 1)
    #expect(try database.scalarInt("SELECT count(*) FROM hourly_observations") == 1)
  }

  @Test("sql tables show reals with 3 decimals; csv and json keep every digit")
  func sqlTableRounding() async throws {
    let harness = CLIHarness()
    _ = try harness.store()
    let table = await harness.run("sql", "SELECT 0.1 + 0.2 AS s, 3 AS i", "--format", "table")
    #expect(table.stdout == "    s  i\n-----  -\n0.300  3\n")
    let csv = await harness.run("sql", "SELECT 0.1 + 0.2 AS s", "--format", "csv")
    #expect(csv.stdout == "s\r\n0.30000000000000004\r\n")
  }

  /// A sink that accepts `limit` bytes, then reports a closed pipe (`| head`).
  final class ClosingSink: ByteSink, @unchecked Sendable {
    // @unchecked: one command writes at a time in this test.
    var remaining: Int
    init(after limit: Int) { remaining = limit }
    func write(_ bytes: UnsafeRawBufferPointer) throws {
      guard remaining >= bytes.count else { throw OutputError.brokenPipe }
      remaining -= bytes.count
    }
  }

  @Test("output to a closed pipe ends quietly with exit 0")
  func closedPipe() async throws {
    let harness = CLIHarness()
    _ = await harness.run("vars")
    let errors = MemorySink()
    let context = CommandContext(
      environment: harness.environment, workingDirectory: harness.directory.path,
      stdout: ClosingSink(after: 10), stderr: errors)
    let code = await CLI.run(["vars", "--format", "csv"], context: context)
    #expect(code == 0)
    #expect(errors.text.isEmpty)
  }

  @Test("a half-hour zone's hours at :30 UTC get floored lead hours, so past hours stay negative")
  func halfHourZoneLeads() async throws {
    let harness = CLIHarness(now: Date(timeIntervalSince1970: 1_774_000_000))  // 09:46:40 UTC
    let server = try FakeOpenMeteo.server(
      .forecast, now: { Date(timeIntervalSince1970: 1_774_000_000) })
    defer { server.stop() }
    harness.use(server: server.baseURL)
    _ = await harness.run(
      "city", "add", "--name", "Kolkata", "--lat", "22.57", "--lon", "88.36", "--timezone",
      "Asia/Kolkata")
    let result = await harness.run("collect", "--days", "1")
    #expect(result.exitCode == 0, "\(result)")
    let database = try harness.store().database
    let issued = WallClock.floorToHour(1_774_000_000)
    // Issued at 09:00 UTC: the hour valid at 08:30 UTC is lead −1 (truncation gave 0), 09:30 is 0.
    #expect(
      try database.scalarInt(
        "SELECT lead_hours FROM hourly_forecasts WHERE valid_at = ?", [.integer(issued - 1800)])
        == -1)
    #expect(
      try database.scalarInt(
        "SELECT lead_hours FROM hourly_forecasts WHERE valid_at = ?", [.integer(issued + 1800)])
        == 0)
    #expect(
      try database.scalarInt(
        "SELECT count(*) FROM hourly_forecasts WHERE lead_hours >= 0 AND valid_at < ?",
        [.integer(issued)]) == 0)
  }
}
