import Foundation
import SkycastModel
import TestSupport
import Testing

/// `skycast backfill` end to end against the fake Previous Runs API and the recorded response.
@Suite struct BackfillCommandTests {
  /// Each `_previous_dayN` series becomes forecast rows with lead 24·N h and issued_at = valid
  /// time − 24·N h; the day-0 series is not asked for; a second run changes the row count by
  /// nothing.
  @Test("stores previous_dayN as forecasts with lead 24·N h, idempotently")
  func leads() async throws {
    let world = try Ingest.World()
    defer { world.stop() }
    let harness = world.harness
    try await Ingest.addCity(
      harness, "Berlin", latitude: 52.52, longitude: 13.41, zone: "Europe/Berlin")
    let result = await harness.run(
      "backfill", "--from", "2026-03-10", "--to", "2026-03-12", "--days", "3")
    #expect(result.exitCode == 0, "\(result)")
    #expect(
      result.stderr.contains(
        "backfilled 1/1 city in 1 request: 216 hourly forecast rows at leads 24-72 h (216 new)"))
    #expect(
      try Ingest.rows(
        harness,
        "SELECT lead_hours, count(*), min(valid_date), max(valid_date) FROM hourly_forecasts GROUP BY lead_hours"
      )
        == [
          ["24", "72", "2026-03-10", "2026-03-12"], ["48", "72", "2026-03-10", "2026-03-12"],
          ["72", "72", "2026-03-10", "2026-03-12"],
        ])
    #expect(
      try Ingest.int(
        harness,
        "SELECT count(*) FROM hourly_forecasts WHERE issued_at <> valid_at - lead_hours * 3600")
        == 0)
    #expect(
      try Ingest.rows(harness, "SELECT DISTINCT source, model FROM hourly_forecasts") == [
        ["previous-runs", "best_match"]
      ])
    #expect(
      try Ingest.int(
        harness,
        "SELECT count(*) FROM hourly_forecasts WHERE temperature_2m IS NULL OR is_day IS NOT NULL")
        == 0)
    #expect(
      try Ingest.rows(harness, "SELECT source, model, issued_at, status, rows FROM fetches")
        == [["previous-runs", "best_match", "NULL", "ok", "216"]])

    let request = try #require(world.server.requests(path: "/v1/forecast").first)
    let names = request.list("hourly")
    #expect(names.count == 16 * 3)
    #expect(names.allSatisfy { $0.contains("_previous_day") })
    #expect(
      names.prefix(3) == [
        "temperature_2m_previous_day1", "temperature_2m_previous_day2",
        "temperature_2m_previous_day3",
      ])
    #expect(
      request.query["start_date"] == "2026-03-10" && request.query["end_date"] == "2026-03-12")
    #expect(request.query["timezone"] == "Europe/Berlin" && request.query["models"] == nil)

    let again = await harness.run(
      "backfill", "--from", "2026-03-10", "--to", "2026-03-12", "--days", "3")
    #expect(again.exitCode == 0, "\(again)")
    #expect(again.stderr.contains("216 hourly forecast rows at leads 24-72 h (0 new)"))
    #expect(try Ingest.int(harness, "SELECT count(*) FROM hourly_forecasts") == 216)
    #expect(try Ingest.int(harness, "SELECT count(*) FROM fetches") == 2)
  }

  /// Hours whose run lay in the future come back null and are not stored; once the clock moves
  /// on, a second run adds them.
  @Test("adds the hours a later run makes available")
  func fillInLater() async throws {
    let world = try Ingest.World()
    defer { world.stop() }
    let harness = world.harness
    try await Ingest.addCity(
      harness, "Berlin", latitude: 52.52, longitude: 13.41, zone: "Europe/Berlin")
    let first = await harness.run(
      "backfill", "--from", "2026-03-19", "--to", "2026-03-21", "--days", "1")
    #expect(first.exitCode == 0, "\(first)")
    // now = 2026-03-20T09:46:40Z: a day-1 value needs a run at valid − 24 h ≤ now, so the last
    // stored hour is 2026-03-21T09:00Z; the range starts at 2026-03-18T23:00Z (Berlin midnight).
    #expect(
      try Ingest.rows(
        harness, "SELECT count(*), min(valid_at), max(valid_at) FROM hourly_forecasts")
        == [["59", "1773874800", "1774083600"]])
    world.advance(days: 1)
    let second = await harness.run(
      "backfill", "--from", "2026-03-19", "--to", "2026-03-21", "--days", "1")
    #expect(second.exitCode == 0, "\(second)")
    #expect(second.stderr.contains("72 hourly forecast rows at leads 24 h (13 new)"))
    #expect(try Ingest.int(harness, "SELECT count(*) FROM hourly_forecasts") == 72)
    #expect(try Ingest.int(harness, "SELECT count(DISTINCT valid_at) FROM hourly_forecasts") == 72)
  }

  /// The recorded Enschede response: day 1 and day 2 are stored, day 0 and `current` are not.
  @Test("stores the recorded Enschede previous-runs response without its day-0 series")
  func recordedFixture() async throws {
    let body = Fixtures.data("previous-runs-enschede-temperature-precipitation-day1-day2")
    let server = try LoopbackServer.scripted([
      "/v1/forecast": [.bytes(status: 200, contentType: "application/json", body: Array(body))]
    ])
    defer { server.stop() }
    let harness = CLIHarness()
    harness.use(server: server.baseURL)
    try await Ingest.addCity(harness, "Enschede", latitude: 52.276, longitude: 6.873, zone: "UTC")
    let result = await harness.run(
      "backfill", "--from", "2026-10-02", "--to", "2026-10-02", "--days", "2")
    #expect(result.exitCode == 0, "\(result)")
    #expect(
      try Ingest.rows(
        harness,
        "SELECT lead_hours, issued_at, valid_at, valid_date, valid_hour, temperature_2m, precipitation FROM hourly_forecasts ORDER BY lead_hours, valid_at"
      )
        == [
          ["24", "1790812800", "1790899200", "2026-10-02", "0", "14.2", "0.0"],
          ["24", "1790816400", "1790902800", "2026-10-02", "1", "12.9", "0.0"],
          ["24", "1790820000", "1790906400", "2026-10-02", "2", "12.1", "0.0"],
          ["48", "1790726400", "1790899200", "2026-10-02", "0", "14.4", "0.0"],
          ["48", "1790730000", "1790902800", "2026-10-02", "1", "14.2", "0.0"],
          ["48", "1790733600", "1790906400", "2026-10-02", "2", "13.4", "0.0"],
        ])
    // 13.8, 13.3 are the day-0 (analysis) values: not forecasts, not stored.
    #expect(
      try Ingest.int(
        harness, "SELECT count(*) FROM hourly_forecasts WHERE temperature_2m IN (13.8, 13.3)") == 0)
    #expect(try Ingest.int(harness, "SELECT count(*) FROM current_conditions") == 0)
    #expect(try Ingest.int(harness, "SELECT count(*) FROM hourly_observations") == 0)
    #expect(
      try Ingest.rows(harness, "SELECT source, grid_latitude, bytes, body_sha256 FROM fetches")
        == [["previous-runs", "52.276", String(body.count), SHA256.hexDigest(Array(body))]])
  }

  /// A failing request leaves one failed fetch row and no forecast rows.
  @Test("a failed request stores a failed fetch row and nothing else")
  func failure() async throws {
    let world = try Ingest.World(
      faults: FakeOpenMeteo.Faults.first(1, path: "/v1/forecast", reply: .rateLimited(.daily)))
    defer { world.stop() }
    let harness = world.harness
    try await Ingest.addCity(
      harness, "Berlin", latitude: 52.52, longitude: 13.41, zone: "Europe/Berlin")
    try await Ingest.addCity(
      harness, "Paris", latitude: 48.85, longitude: 2.35, zone: "Europe/Paris")
    let result = await harness.run("backfill", "--from", "2026-03-01", "--to", "2026-03-02")
    #expect(result.exitCode == 1, "\(result)")
    // A daily limit stops the run: Paris is not attempted.
    #expect(
      result.stderr.contains("Paris 2026-03-01…2026-03-02: not attempted: stopped after HTTP 429"))
    #expect(
      try Ingest.rows(harness, "SELECT city_id, source, status, http_status FROM fetches") == [
        ["1", "previous-runs", "failed", "429"]
      ])
    #expect(try Ingest.int(harness, "SELECT count(*) FROM hourly_forecasts") == 0)
    #expect(world.server.requestCount == 1)
  }

  @Test("--days outside 1-7 is a usage error")
  func daysRange() async throws {
    let harness = CLIHarness()
    try await Ingest.addCity(
      harness, "Berlin", latitude: 52.52, longitude: 13.41, zone: "Europe/Berlin")
    let result = await harness.run(
      "backfill", "--from", "2026-03-01", "--to", "2026-03-02", "--days", "8")
    #expect(result.exitCode == 64)
    #expect(
      result.stderr.contains("The value '8' is invalid for '--days': expected a number from 1 to 7")
    )
  }

  /// 100 days are two requests per city (92 + 8 days); 16 variables × 7 lead days weigh
  /// 92/14 · 11.2 = 73.6 calls.
  @Test("--dry-run prints one request per city and 92-day chunk with its weight")
  func dryRun() async throws {
    let harness = CLIHarness()
    try await Ingest.addCity(
      harness, "Berlin", latitude: 52.52, longitude: 13.41, zone: "Europe/Berlin")
    try await Ingest.addCity(
      harness, "Paris", latitude: 48.85, longitude: 2.35, zone: "Europe/Paris")
    let result = await harness.run(
      "backfill", "--from", "2025-01-01", "--to", "2025-04-10", "--dry-run")
    #expect(result.exitCode == 0, "\(result)")
    #expect(result.stdout.split(separator: "\n").filter { $0.hasPrefix("GET ") }.count == 4)
    #expect(result.stdout.contains("Berlin 2025-01-01…2025-04-02; weight 73.6 calls"))
    #expect(result.stdout.contains("Paris 2025-04-03…2025-04-10; weight 11.2 calls"))
    #expect(result.stdout.contains("4 requests, total weight: 169.6 calls"))
    #expect(try Ingest.int(harness, "SELECT count(*) FROM fetches") == 0)
  }
}
