import Foundation
import TestSupport
import Testing

@testable import SkycastModel
@testable import Store

/// End-to-end `collect` runs against the fake Open-Meteo on a loopback server.
@Suite struct CollectCommandTests {
  /// A harness with Berlin and Denver saved, pointed at `server`.
  func harness(_ server: LoopbackServer) async -> CLIHarness {
    let harness = CLIHarness()
    harness.use(server: server.baseURL)
    _ = await harness.run(
      "city", "add", "--name", "Berlin", "--lat", "52.52", "--lon", "13.41", "--timezone",
      "Europe/Berlin")
    _ = await harness.run(
      "city", "add", "--name", "Denver", "--lat", "39.74", "--lon", "-104.99", "--timezone",
      "America/Denver")
    return harness
  }

  func fake(_ harness: CLIHarness? = nil, faults: (@Sendable (RecordedRequest) -> Reply?)? = nil)
    throws -> LoopbackServer
  {
    let now = harness?.now ?? Date(timeIntervalSince1970: 1_774_000_000)
    return try FakeOpenMeteo.server(.forecast, now: { now }, faults: faults)
  }

  @Test("collect stores hourly, daily and current rows with a complete fetch-log row per city")
  func collectStoresEverything() async throws {
    let server = try fake()
    defer { server.stop() }
    let harness = await harness(server)
    let result = await harness.run("collect")
    #expect(result.exitCode == 0, "\(result)")
    #expect(result.stderr.contains("collected 2/2 cities"))
    #expect(server.requestCount(path: "/v1/forecast") == 1, "both cities share one request")
    let store = try harness.store()
    let database = store.database
    #expect(try database.scalarInt("SELECT count(*) FROM fetches WHERE status = 'ok'") == 2)
    #expect(try database.scalarInt("SELECT count(*) FROM hourly_forecasts") == 2 * 16 * 24)
    #expect(try database.scalarInt("SELECT count(*) FROM daily_forecasts") == 2 * 16)
    #expect(try database.scalarInt("SELECT count(*) FROM current_conditions") == 2)
    let fetch = try #require(try database.query("SELECT * FROM fetches WHERE city_id = 1").first)
    #expect(fetch["issued_at"] == .integer(1_774_000_000 / 3600 * 3600))
    #expect(fetch["requested_at"] == .integer(1_774_000_000))
    #expect(fetch["source"] == .text("forecast"))
    #expect(fetch["model"] == .text("best_match"))
    #expect(fetch["http_status"] == .integer(200))
    #expect(fetch["body_sha256"].stringValue?.count == 64)
    #expect(fetch["grid_latitude"].doubleValue != nil)
    #expect(fetch["utc_offset_seconds"] == .integer(3600))
    #expect((fetch["call_weight"].doubleValue ?? 0) > 1)
    #expect(fetch["url"].stringValue?.contains("latitude=52.52,39.74") == true)
    let expectedRows: Int64 = 16 * 24 + 16 + 1
    #expect(fetch["rows"] == .integer(expectedRows))
    // Lead hours count from the issue hour; the API's past hours of today are negative.
    let leads = try database.query(
      "SELECT min(lead_hours), max(lead_hours) FROM hourly_forecasts WHERE city_id = 1")[0]
    #expect(leads[0].int64Value ?? 0 < 0)
    #expect(leads[1].int64Value ?? 0 > 300)
    // Local dates and hours use the city's zone.
    let row = try database.query(
      "SELECT valid_at, valid_date, valid_hour FROM hourly_forecasts WHERE city_id = 2 ORDER BY valid_at LIMIT 1"
    )[0]
    let zone = try #require(CityTimeZone(identifier: "America/Denver"))
    let local = zone.local(row[0].int64Value ?? 0)
    #expect(row[1] == .text(local.date.description))
    #expect(row[2] == .integer(Int64(local.hour)))
    #expect(local.hour == 0, "the forecast starts at local midnight")
  }

  /// The real API compresses with gzip when asked; what that saved is said before the summary,
  /// and an uncompressed transfer only with `-v`.
  @Test("collect says what gzip saved on the wire")
  func gzipTransferLine() async throws {
    var compressing = FakeOpenMeteo(
      .forecast, now: { Date(timeIntervalSince1970: 1_774_000_000) })
    compressing.compressesReplies = true
    let server = try compressing.makeServer()
    defer { server.stop() }
    let harness = await harness(server)
    let result = await harness.run("collect")
    #expect(result.exitCode == 0, "\(result)")
    #expect(server.requests.first?.header("accept-encoding") == "gzip")
    let line = try #require(
      result.stderr.split(separator: "\n").first { $0.hasPrefix("transfer: ") }, "\(result)")
    #expect(line.contains(" of replies arrived as "), "\(line)")
    #expect(line.contains(" with gzip ("), "\(line)")
    // JSON of numbers shrinks severalfold even with fixed Huffman codes.
    let saved = Int(line.split(separator: "(").last?.split(separator: " ").first ?? "") ?? 0
    #expect(saved >= 50, "\(line)")
    #expect(
      try harness.store().database.scalarInt("SELECT count(*) FROM hourly_forecasts") == 2 * 16 * 24
    )

    let plain = try fake(harness)
    defer { plain.stop() }
    harness.use(server: plain.baseURL)
    let quiet = await harness.run("collect", "--force")
    #expect(!quiet.stderr.contains("transfer: "), "\(quiet)")
    let verbose = await harness.run("collect", "--force", "-v")
    #expect(verbose.stderr.contains(" of replies, not compressed by the server"), "\(verbose)")
  }

  @Test(
    "a second run within --min-interval skips; --force stores a whole second fetch in the same hour"
  )
  func minIntervalAndForce() async throws {
    let server = try fake()
    defer { server.stop() }
    let harness = await harness(server)
    _ = await harness.run("collect")
    harness.now += 600
    let again = await harness.run("collect")
    #expect(again.exitCode == 0)
    #expect(again.stderr.contains("Berlin: skipped (fetched 10 min ago; --force to fetch anyway)"))
    #expect(server.requestCount(path: "/v1/forecast") == 1)
    let forced = await harness.run("collect", "--force", "--city", "Berlin")
    #expect(forced.exitCode == 0, "\(forced)")
    let database = try harness.store().database
    #expect(try database.scalarInt("SELECT count(*) FROM fetches WHERE city_id = 1") == 2)
    #expect(
      try database.scalarInt("SELECT count(DISTINCT issued_at) FROM fetches WHERE city_id = 1") == 1
    )
    #expect(
      try database.scalarInt("SELECT count(*) FROM hourly_forecasts WHERE city_id = 1") == 2 * 16
        * 24)
  }

  @Test(
    "one failing city gets a failed fetch row and no data; the other is stored; exit 1",
    arguments: [
      ("HTTP 500", Reply.openMeteoError(status: 500, reason: "Internal Server Error")),
      ("API error: Internal error", FakeOpenMeteo.Faults.errorWithStatus200()),
      ("invalid JSON", FakeOpenMeteo.Faults.nanBody),
      ("different lengths", FakeOpenMeteo.Faults.mismatchedArrays),
      ("HTTP 502: 502 Bad Gateway", FakeOpenMeteo.Faults.htmlErrorPage(status: 502)),
      (
        "HTTP 400: Latitude must be in range",
        FakeOpenMeteo.Faults.badRequest("Latitude must be in range of -90 to 90°. Given: 91.0.")
      ),
    ])
  func oneCityFails(expected: String, reply: Reply) async throws {
    let server = try fake(faults: FakeOpenMeteo.Faults.forLatitude(39.74, reply: reply))
    defer { server.stop() }
    let harness = await harness(server)
    let result = await harness.run("collect")
    #expect(result.exitCode == 1, "\(result)")
    #expect(result.stderr.contains("Denver: failed: "), "\(result.stderr)")
    #expect(result.stderr.contains(expected), "\(result.stderr)")
    #expect(result.stderr.contains("collected 1/2 cities, 1 failed: Denver ("))
    let database = try harness.store().database
    #expect(
      try database.scalarInt("SELECT count(*) FROM fetches WHERE city_id = 2 AND status = 'failed'")
        == 1)
    #expect(
      try database.scalarText("SELECT error FROM fetches WHERE city_id = 2")?.contains(expected)
        == true)
    #expect(try database.scalarInt("SELECT count(*) FROM hourly_forecasts WHERE city_id = 2") == 0)
    #expect(
      try database.scalarInt("SELECT count(*) FROM current_conditions WHERE city_id = 2") == 0)
    #expect(
      try database.scalarInt("SELECT count(*) FROM hourly_forecasts WHERE city_id = 1") == 16 * 24)
  }

  @Test("400 is never retried; 500 is retried with backoff and then succeeds")
  func retryPolicy() async throws {
    let badRequest = try fake(faults: { _ in
      FakeOpenMeteo.Faults.badRequest("Cannot initialize WeatherVariable")
    })
    defer { badRequest.stop() }
    let harness = CLIHarness()
    harness.use(server: badRequest.baseURL)
    _ = await harness.run(
      "city", "add", "--name", "Berlin", "--lat", "52.52", "--lon", "13.41", "--timezone",
      "Europe/Berlin")
    let failed = await harness.run("collect")
    #expect(failed.exitCode == 1)
    #expect(badRequest.requestCount == 1)
    #expect(harness.sleeps.isEmpty)

    let flaky = try fake(
      faults: FakeOpenMeteo.Faults.first(
        2, reply: .openMeteoError(status: 503, reason: "Service Unavailable")))
    defer { flaky.stop() }
    harness.use(server: flaky.baseURL)
    let recovered = await harness.run("collect", "--force")
    #expect(recovered.exitCode == 0, "\(recovered)")
    #expect(flaky.requestCount == 3)
    #expect(harness.sleeps.count == 2)
    #expect(harness.sleeps[1] > harness.sleeps[0] * 0.3, "exponential backoff with jitter")
  }

  @Test("a Minutely 429 waits a minute and retries; a Daily 429 stops the run")
  func rateLimits() async throws {
    let minutely = try fake(faults: FakeOpenMeteo.Faults.first(1, reply: .rateLimited(.minutely)))
    defer { minutely.stop() }
    let harness = await harness(minutely)
    let waited = await harness.run("collect")
    #expect(waited.exitCode == 0, "\(waited)")
    #expect(harness.sleeps == [60])

    let daily = try fake(faults: { _ in .rateLimited(.daily) })
    defer { daily.stop() }
    let second = await self.harness(daily)
    let stopped = await second.run("collect", "--force")
    #expect(stopped.exitCode == 1)
    #expect(stopped.stderr.contains("HTTP 429: Daily API request limit exceeded"))
    #expect(daily.requestCount == 1, "no retry, no per-city fallback after a daily limit")
    #expect(second.sleeps.isEmpty)
  }

  @Test("--min-interval 0 never skips, even when another run stored the city a moment ago")
  func minIntervalZero() async throws {
    let server = try fake()
    defer { server.stop() }
    let harness = await harness(server)
    _ = await harness.run("collect")
    harness.now -= 60  // this run's request is older than the stored fetch
    let result = await harness.run("collect", "--min-interval", "0")
    #expect(result.exitCode == 0, "\(result)")
    #expect(result.stderr.contains("collected 2/2 cities"), "\(result.stderr)")
    #expect(
      try harness.store().database.scalarInt("SELECT count(*) FROM fetches WHERE status = 'ok'")
        == 4)
  }

  @Test("several batches are paced by their call weight")
  func pacingAndIssueTime() async throws {
    let server = try fake(faults: FakeOpenMeteo.Faults.first(1, reply: .rateLimited(.minutely)))
    defer { server.stop() }
    let harness = await harness(server)
    for index in 0..<10 {
      _ = await harness.run(
        "city", "add", "--name", "Extra \(index)", "--lat", "\(40 + index)", "--lon", "10",
        "--timezone", "UTC")
    }
    let result = await harness.run("collect")
    #expect(result.exitCode == 0, "\(result)")
    #expect(server.requestCount(path: "/v1/forecast") == 3, "one 429, then 2 batches")
    #expect(harness.sleeps.count == 2)
    #expect(harness.sleeps[0] == 60, "the Minutely wait")
    #expect(harness.sleeps[1] > 1, "a pause in proportion to the first batch's weight")
  }

  @Test(
    "each 429 reason: Minutely and concurrency limits wait and retry; Hourly and Daily stop the run",
    arguments: [
      (Reply.RateLimit.minutely, true), (.concurrent, true), (.hourly, false), (.daily, false),
    ])
  func rateLimitReasons(limit: Reply.RateLimit, retries: Bool) async throws {
    let server = try fake(faults: FakeOpenMeteo.Faults.first(1, reply: .rateLimited(limit)))
    defer { server.stop() }
    let harness = await harness(server)
    let result = await harness.run("collect")
    let database = try harness.store().database
    if retries {
      #expect(result.exitCode == 0, "\(result)")
      #expect(harness.sleeps.count == 1)
      #expect(try database.scalarInt("SELECT count(*) FROM fetches WHERE status = 'ok'") == 2)
    } else {
      #expect(result.exitCode == 1)
      #expect(result.stderr.contains("HTTP 429: \(limit.reason)"), "\(result.stderr)")
      #expect(harness.sleeps.isEmpty)
      #expect(server.requestCount == 1)
      #expect(try database.scalarInt("SELECT count(*) FROM hourly_forecasts") == 0)
    }
  }

  @Test("an unresolvable host is a clear failure naming the city and the host")
  func unresolvableHost() async throws {
    let harness = CLIHarness()
    harness.use(server: "http://skycast-test-host.invalid")
    _ = await harness.run(
      "city", "add", "--name", "Berlin", "--lat", "52.52", "--lon", "13.41", "--timezone",
      "Europe/Berlin")
    let result = await harness.run("collect", "--retries", "0")
    #expect(result.exitCode == 1)
    #expect(
      result.stderr.contains("Berlin: failed: cannot resolve host skycast-test-host.invalid"),
      "\(result.stderr)")
    #expect(
      try harness.store().database.scalarInt("SELECT count(*) FROM fetches WHERE status = 'failed'")
        == 1)
  }

  @Test("transport failures name the problem: refused, truncated, timeout")
  func transportFailures() async throws {
    let harness = CLIHarness()
    harness.use(server: LoopbackServer.refusingBaseURL)
    _ = await harness.run(
      "city", "add", "--name", "Berlin", "--lat", "52.52", "--lon", "13.41", "--timezone",
      "Europe/Berlin")
    let refused = await harness.run("collect", "--retries", "0")
    #expect(refused.exitCode == 1)
    #expect(refused.stderr.contains("connection refused"), "\(refused.stderr)")

    let truncated = try fake(faults: { request in
      FakeOpenMeteo.Faults.truncate(
        FakeOpenMeteo(.forecast, now: { Date(timeIntervalSince1970: 1_774_000_000) }).respond(
          to: request))
    })
    defer { truncated.stop() }
    harness.use(server: truncated.baseURL)
    let cut = await harness.run("collect", "--retries", "0")
    #expect(cut.exitCode == 1)
    #expect(cut.stderr.contains("truncated") || cut.stderr.contains("closed"), "\(cut.stderr)")

    let hanging = try LoopbackServer { _ in .hang }
    defer { hanging.stop() }
    harness.use(server: hanging.baseURL)
    // The message is the deadline's own (the transport's timer, not the server closing), so
    // it ended at 0.5 s; no wall-clock bound, which would measure the machine's load.
    let timedOut = await harness.run("collect", "--retries", "0", "--timeout", "0.5")
    #expect(timedOut.exitCode == 1)
    #expect(timedOut.stderr.contains("timed out after 0.5 s"), "\(timedOut.stderr)")
    #expect(hanging.requestCount == 1, "one attempt, no retry")
    let database = try harness.store().database
    #expect(try database.scalarInt("SELECT count(*) FROM fetches WHERE status = 'failed'") == 3)
    #expect(try database.scalarInt("SELECT count(*) FROM hourly_forecasts") == 0)
  }

  @Test(
    "a replay in °F, mp/h and inch is stored in °C, km/h and mm at the right UTC instants for a UTC city"
  )
  func imperialReplay() async throws {
    let body = Fixtures.text("derived-berlin-imperial-fixed-offset")
    let server = try LoopbackServer.scripted(["/v1/forecast": [.ok(body)]])
    defer { server.stop() }
    let harness = CLIHarness()
    harness.use(server: server.baseURL)
    _ = await harness.run(
      "city", "add", "--name", "Zero", "--lat", "52.52", "--lon", "13.42", "--timezone", "UTC")
    let result = await harness.run("collect")
    #expect(result.exitCode == 0, "\(result)")
    let rows = try harness.store().database.query(
      "SELECT valid_at, valid_date, valid_hour, temperature_2m, wind_speed_10m, precipitation FROM hourly_forecasts ORDER BY valid_at"
    )
    #expect(rows.count == 24)
    // 2026-03-20T00:00 at the response's +01:00 is 2026-03-19T23:00Z: the UTC city's day before, hour 23.
    #expect(rows[0][0] == .integer(WallClock.secondsAsUTC("2026-03-19T23:00")!))
    #expect(rows[0][1] == .text("2026-03-19"))
    #expect(rows[0][2] == .integer(23))
    let celsius = try #require(rows[0][3].doubleValue)
    #expect(abs(celsius - (48.0 - 32) * 5 / 9) < 1e-9)
    #expect(rows[3][3] == .null)
    #expect(abs((rows[10][4].doubleValue ?? 0) - 3.6 * 1.609344) < 1e-9)
    #expect(rows[12][4] == .null)
    #expect(abs((rows[5][5].doubleValue ?? 0) - 0.004 * 25.4) < 1e-9)
    #expect(rows[20][5] == .null)
    let csv = await harness.run(
      "sql", "SELECT round(temperature_2m, 1) FROM hourly_forecasts ORDER BY valid_at LIMIT 1",
      "--format", "csv")
    #expect(csv.stdout.hasSuffix("8.9\r\n"))
  }

  @Test("--dry-run prints URLs and call weights and fetches nothing")
  func dryRun() async throws {
    let server = try fake()
    defer { server.stop() }
    let harness = await harness(server)
    harness.environment["SKYCAST_API_KEY"] = "secret-key"
    let result = await harness.run(
      "collect", "--dry-run", "--days", "7", "--models", "ecmwf_ifs025,gfs_seamless")
    #expect(result.exitCode == 0)
    #expect(
      result.stdout.hasPrefix(
        "GET \(server.baseURL)/v1/forecast?latitude=52.52,39.74&longitude=13.41,-104.99&hourly="))
    #expect(result.stdout.contains("models=ecmwf_ifs025,gfs_seamless"))
    #expect(result.stdout.contains("2 locations: Berlin, Denver; weight"))
    #expect(!result.stdout.contains("secret-key"))
    #expect(server.requestCount == 0)
  }

  @Test("several models are stored under their names, one fetch row each, from one body")
  func models() async throws {
    let server = try fake()
    defer { server.stop() }
    let harness = await harness(server)
    harness.environment["SKYCAST_API_KEY"] = "secret-key"
    let result = await harness.run(
      "collect", "--city", "Berlin", "--models", "ecmwf_ifs025,gfs_seamless", "--days", "3")
    #expect(result.exitCode == 0, "\(result)")
    let database = try harness.store().database
    let fetches = try database.query("SELECT model, url, body_sha256 FROM fetches ORDER BY model")
    #expect(fetches.map { $0[0] } == [.text("ecmwf_ifs025"), .text("gfs_seamless")])
    #expect(fetches[0][1] == fetches[1][1])
    #expect(fetches[0][2] == fetches[1][2])
    #expect(fetches[0][1].stringValue?.contains("apikey") == false)
    #expect(server.requests.first?.query["apikey"] == "secret-key")
    #expect(try database.scalarInt("SELECT count(DISTINCT model) FROM hourly_forecasts") == 2)
    #expect(try database.scalarInt("SELECT count(*) FROM current_conditions") == 2)
  }

  @Test("a city saved without a zone takes the zone of its first forecast")
  func zoneFromFirstForecast() async throws {
    let server = try fake()
    defer { server.stop() }
    let harness = CLIHarness()
    harness.use(server: server.baseURL)
    _ = await harness.run("city", "add", "--name", "Somewhere", "--lat", "52.52", "--lon", "13.41")
    let result = await harness.run("collect")
    #expect(result.exitCode == 0, "\(result)")
    #expect(server.requests.first?.query["timezone"] == "auto")
    #expect(try harness.store().cities().first?.timezone == "Europe/Berlin")
  }
}
