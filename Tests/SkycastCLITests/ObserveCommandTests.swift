import Foundation
import SkycastModel
import TestSupport
import Testing

/// `skycast observe` end to end: the CLI against the fake archive on a loopback server, and the
/// recorded archive responses served verbatim.
@Suite struct ObserveCommandTests {
  static let hourlyNames =
    "temperature_2m,relative_humidity_2m,dew_point_2m,apparent_temperature,precipitation,rain,"
    + "snowfall,weather_code,cloud_cover,pressure_msl,wind_speed_10m,wind_direction_10m,wind_gusts_10m"

  /// Withheld (null) days are not stored; a later run adds them, leaves the rows it already had
  /// alone (same fetch_id and fetched_at) and never duplicates; a third run changes nothing.
  @Test("stores ERA5 hours, then fills in the days the archive withheld, without duplicates")
  func fillInLater() async throws {
    let world = try Ingest.World()
    defer { world.stop() }
    let harness = world.harness
    try await Ingest.addCity(
      harness, "Berlin", latitude: 52.52, longitude: 13.41, zone: "Europe/Berlin")

    let first = await harness.run("observe", "--from", "2026-03-10", "--to", "2026-03-19")
    #expect(first.exitCode == 0, "\(first)")
    #expect(
      first.stderr.contains("warning: the range reaches into the last 5 days (from 2026-03-15)"))
    #expect(
      first.stderr.contains(
        "observed 1/1 city in 1 request: 120 hourly and 5 daily rows (125 new, 0 filled in or changed)"
      ))
    // Today is 2026-03-20 in Berlin; the fake withholds 2026-03-15 and later.
    #expect(try Ingest.int(harness, "SELECT count(*) FROM hourly_observations") == 120)
    #expect(try Ingest.int(harness, "SELECT count(*) FROM daily_observations") == 5)
    #expect(
      try Ingest.rows(
        harness,
        "SELECT min(valid_at), min(valid_date), max(valid_date), min(valid_hour), max(valid_hour) FROM hourly_observations"
      )
        == [["1773097200", "2026-03-10", "2026-03-14", "0", "23"]])
    #expect(
      try Ingest.int(
        harness,
        "SELECT count(*) FROM hourly_observations WHERE source <> 'era5' OR temperature_2m IS NULL OR weather_code IS NULL"
      ) == 0)
    #expect(
      try Ingest.rows(
        harness,
        "SELECT source, model, issued_at, status, http_status, grid_latitude, grid_longitude, call_weight, rows, length(body_sha256) FROM fetches"
      )
        == [["era5", "era5", "NULL", "ok", "200", "52.5", "13.5", "2.6", "125", "64"]])

    let request = try #require(world.server.requests(path: "/v1/archive").first)
    #expect(request.query["hourly"] == Self.hourlyNames)
    #expect(request.list("daily").count == 13)
    #expect(request.query["models"] == "era5")
    #expect(request.query["timeformat"] == "unixtime")
    #expect(request.query["timezone"] == "Europe/Berlin")
    #expect(
      request.query["start_date"] == "2026-03-10" && request.query["end_date"] == "2026-03-19")
    let url = try #require(try harness.scalar("SELECT url FROM fetches"))
    #expect(
      url.hasPrefix(
        world.server.baseURL + "/v1/archive?latitude=52.52&longitude=13.41&start_date=2026-03-10"))
    #expect(!url.contains("apikey"))

    world.advance(days: 7)
    let second = await harness.run("observe", "--from", "2026-03-10", "--to", "2026-03-19")
    #expect(second.exitCode == 0, "\(second)")
    #expect(!second.stderr.contains("warning:"))
    #expect(
      second.stderr.contains("240 hourly and 10 daily rows (125 new, 0 filled in or changed)"))
    #expect(try Ingest.int(harness, "SELECT count(*) FROM hourly_observations") == 240)
    #expect(
      try Ingest.int(harness, "SELECT count(DISTINCT valid_at) FROM hourly_observations") == 240)
    #expect(try Ingest.int(harness, "SELECT count(*) FROM daily_observations") == 10)
    // Rows of the first fetch stay attributed to it; the new days to the second.
    #expect(
      try Ingest.rows(
        harness,
        "SELECT fetch_id, min(valid_date), max(valid_date), count(*), count(DISTINCT fetched_at) FROM hourly_observations GROUP BY fetch_id"
      )
        == [
          ["1", "2026-03-10", "2026-03-14", "120", "1"],
          ["2", "2026-03-15", "2026-03-19", "120", "1"],
        ])

    let third = await harness.run("observe", "--from", "2026-03-10", "--to", "2026-03-19")
    #expect(third.exitCode == 0, "\(third)")
    #expect(third.stderr.contains("(0 new, 0 filled in or changed)"))
    #expect(
      try Ingest.int(harness, "SELECT count(*) FROM hourly_observations WHERE fetch_id = 3") == 0)
    #expect(
      try Ingest.rows(harness, "SELECT id, status, rows FROM fetches WHERE id = 3") == [
        ["3", "ok", "0"]
      ])
  }

  /// A NULL that later arrives fills the row in (and moves fetch_id); a NULL never erases a
  /// stored value.
  @Test("fills a NULL with a later value and never overwrites a value with NULL")
  func coalesceOnRefetch() async throws {
    func body(_ temperatures: String, _ humidities: String) -> Reply {
      .ok(
        #"{"latitude":52.5,"longitude":13.5,"generationtime_ms":0.1,"utc_offset_seconds":3600,"#
          + #""timezone":"Europe/Berlin","timezone_abbreviation":"GMT+1","elevation":38.0,"#
          + #""hourly_units":{"time":"unixtime","temperature_2m":"°C","relative_humidity_2m":"%"},"#
          + #""hourly":{"time":[1704063600,1704067200,1704070800],"temperature_2m":["#
          + temperatures
          + #"],"relative_humidity_2m":["# + humidities + "]}}")
    }
    let server = try LoopbackServer.scripted([
      "/v1/archive": [body("5.0,null,7.0", "80,81,82"), body("5.5,6.0,7.0", "null,81,82")]
    ])
    defer { server.stop() }
    let harness = CLIHarness()
    harness.use(server: server.baseURL)
    try await Ingest.addCity(
      harness, "Berlin", latitude: 52.52, longitude: 13.41, zone: "Europe/Berlin")
    let first = await harness.run("observe", "--from", "2024-01-01", "--to", "2024-01-01")
    #expect(first.exitCode == 0, "\(first)")
    #expect(
      try Ingest.rows(
        harness,
        "SELECT valid_at, temperature_2m, relative_humidity_2m, fetch_id FROM hourly_observations ORDER BY valid_at"
      )
        == [
          ["1704063600", "5.0", "80.0", "1"], ["1704067200", "NULL", "81.0", "1"],
          ["1704070800", "7.0", "82.0", "1"],
        ])
    let second = await harness.run("observe", "--from", "2024-01-01", "--to", "2024-01-01")
    #expect(second.exitCode == 0, "\(second)")
    #expect(second.stderr.contains("(0 new, 2 filled in or changed)"))
    #expect(
      try Ingest.rows(
        harness,
        "SELECT valid_at, temperature_2m, relative_humidity_2m, fetch_id FROM hourly_observations ORDER BY valid_at"
      )
        == [
          ["1704063600", "5.5", "80.0", "2"], ["1704067200", "6.0", "81.0", "2"],
          ["1704070800", "7.0", "82.0", "1"],
        ])
  }

  /// A server error leaves a failed fetch row and no data; with several chunks the others are
  /// still stored, the pause after a request follows its weight, and the exit status is 1.
  @Test("a failed chunk leaves a failed fetch row and no rows, and the other chunks are stored")
  func failedChunk() async throws {
    let world = try Ingest.World(
      faults: { request in
        request.path == "/v1/archive" && request.query["start_date"] == "2025-01-01"
          ? FakeOpenMeteo.Faults.htmlErrorPage(status: 502) : nil
      })
    defer { world.stop() }
    let harness = world.harness
    try await Ingest.addCity(
      harness, "Berlin", latitude: 52.52, longitude: 13.41, zone: "Europe/Berlin")
    let result = await harness.run(
      "observe", "--from", "2024-01-01", "--to", "2025-02-28", "--retries", "0")
    #expect(result.exitCode == 1, "\(result)")
    #expect(
      result.stderr.contains("Berlin 2025-01-01…2025-02-28: failed: HTTP 502: 502 Bad Gateway"))
    #expect(
      result.stderr.contains("observed 0/1 city in 2 requests: 8784 hourly and 366 daily rows"))
    #expect(
      try Ingest.rows(
        harness,
        "SELECT source, status, http_status, error, bytes, body_sha256 IS NULL, rows FROM fetches ORDER BY id"
      )
        == [
          [
            "era5", "ok", "200", "NULL",
            try #require(try harness.scalar("SELECT bytes FROM fetches WHERE id = 1")), "0", "9150",
          ],
          ["era5", "failed", "502", "HTTP 502: 502 Bad Gateway", "NULL", "1", "0"],
        ])
    #expect(
      try Ingest.int(
        harness, "SELECT count(*) FROM hourly_observations WHERE valid_date >= '2025-01-01'") == 0)
    #expect(
      try Ingest.int(harness, "SELECT count(*) FROM daily_observations WHERE date >= '2025-01-01'")
        == 0)
    #expect(try Ingest.int(harness, "SELECT count(*) FROM daily_observations") == 366)
    // 366 days of 26 variables weigh 366/14 · 2.6 calls; the pause is 0.1 s per call.
    let sleeps = harness.sleeps
    #expect(sleeps.count == 1)
    #expect(abs((sleeps.first ?? 0) - 366.0 / 14 * 2.6 * 0.1) < 1e-9)
  }

  /// A 200 whose arrays disagree is a failed fetch, not a partial store.
  @Test("an undecodable body is a failed fetch with nothing stored")
  func undecodable() async throws {
    let world = try Ingest.World(faults: {
      $0.path == "/v1/archive" ? FakeOpenMeteo.Faults.mismatchedArrays : nil
    })
    defer { world.stop() }
    let harness = world.harness
    try await Ingest.addCity(
      harness, "Berlin", latitude: 52.52, longitude: 13.41, zone: "Europe/Berlin")
    let result = await harness.run(
      "observe", "--from", "2026-03-01", "--to", "2026-03-02", "--retries", "0")
    #expect(result.exitCode == 1)
    #expect(result.stderr.contains("arrays of different lengths"))
    #expect(
      try Ingest.rows(harness, "SELECT status, http_status FROM fetches") == [["failed", "200"]])
    #expect(try Ingest.int(harness, "SELECT count(*) FROM hourly_observations") == 0)
  }

  /// The recorded Berlin archive responses, served verbatim, decode and store as expected.
  @Test("stores the recorded Berlin archive responses")
  func recordedFixtures() async throws {
    let hourly = Fixtures.data("archive-berlin-hourly-2024-01-01-to-02")
    let daily = Fixtures.data("archive-berlin-daily-2024-01-01-to-03")
    let server = try LoopbackServer.scripted([
      "/v1/archive": [
        .bytes(status: 200, contentType: "application/json", body: Array(hourly)),
        .bytes(status: 200, contentType: "application/json", body: Array(daily)),
      ]
    ])
    defer { server.stop() }
    let harness = CLIHarness()
    harness.use(server: server.baseURL)
    try await Ingest.addCity(
      harness, "Berlin", latitude: 52.52, longitude: 13.41, zone: "Europe/Berlin")
    let first = await harness.run("observe", "--from", "2024-01-01", "--to", "2024-01-02")
    #expect(first.exitCode == 0, "\(first)")
    #expect(first.stderr.contains("48 hourly and 0 daily rows (48 new"))
    #expect(
      try Ingest.rows(
        harness,
        "SELECT valid_at, valid_date, valid_hour, temperature_2m, pressure_msl, dew_point_2m FROM hourly_observations ORDER BY valid_at LIMIT 1"
      )
        == [
          [
            "1704063600", "2024-01-01", "0", "5.1",
            try #require(
              try harness.scalar(
                "SELECT pressure_msl FROM hourly_observations ORDER BY valid_at LIMIT 1")), "NULL",
          ]
        ])
    #expect(
      try Ingest.rows(
        harness, "SELECT max(valid_date), max(valid_hour), count(*) FROM hourly_observations")
        == [["2024-01-02", "23", "48"]])
    #expect(
      try Ingest.rows(
        harness,
        "SELECT grid_latitude, grid_longitude, grid_elevation, utc_offset_seconds, bytes, body_sha256 FROM fetches"
      )
        == [
          [
            "52.54833", "13.407822", "38.0", "3600", String(hourly.count),
            SHA256.hexDigest(Array(hourly)),
          ]
        ])

    let second = await harness.run("observe", "--from", "2024-01-01", "--to", "2024-01-03")
    #expect(second.exitCode == 0, "\(second)")
    #expect(
      try Ingest.rows(
        harness,
        "SELECT date, temperature_2m_max, temperature_2m_min FROM daily_observations ORDER BY date"
      )
      .map(\.first) == ["2024-01-01", "2024-01-02", "2024-01-03"])
    #expect(
      try Ingest.int(
        harness,
        "SELECT count(*) FROM daily_observations WHERE source = 'era5' AND temperature_2m_max IS NOT NULL"
      ) == 3)
  }

  /// `--model best_match` asks without `models=` and stores source `archive`.
  @Test("--model best_match stores source archive")
  func bestMatch() async throws {
    let world = try Ingest.World()
    defer { world.stop() }
    let harness = world.harness
    try await Ingest.addCity(
      harness, "Berlin", latitude: 52.52, longitude: 13.41, zone: "Europe/Berlin")
    let result = await harness.run(
      "observe", "--from", "2026-03-01", "--to", "2026-03-01", "--model", "best_match")
    #expect(result.exitCode == 0, "\(result)")
    #expect(world.server.requests(path: "/v1/archive").first?.query["models"] == nil)
    #expect(
      try Ingest.rows(harness, "SELECT DISTINCT source FROM hourly_observations") == [["archive"]])
    #expect(
      try Ingest.rows(harness, "SELECT source, model FROM fetches") == [["archive", "best_match"]])
  }

  /// `--dry-run` prints one URL per chunk and the weights, and sends nothing.
  @Test("--dry-run prints the chunked requests and their weights")
  func dryRun() async throws {
    let world = try Ingest.World()
    defer { world.stop() }
    let harness = world.harness
    try await Ingest.addCity(
      harness, "Berlin", latitude: 52.52, longitude: 13.41, zone: "Europe/Berlin")
    let result = await harness.run(
      "observe", "--from", "2023-01-01", "--to", "2025-06-30", "--dry-run")
    #expect(result.exitCode == 0, "\(result)")
    let lines = result.stdout.split(separator: "\n")
    #expect(lines.filter { $0.hasPrefix("GET ") }.count == 3)
    #expect(result.stdout.contains("Berlin 2023-01-01…2024-01-01; weight 68.0 calls"))
    #expect(result.stdout.contains("Berlin 2025-01-02…2025-06-30"))
    #expect(lines.last?.hasPrefix("3 requests, total weight: ") == true)
    #expect(world.server.requestCount == 0)
    #expect(try Ingest.int(harness, "SELECT count(*) FROM fetches") == 0)
  }

  /// Bad ranges are usage errors; a range wholly after today is skipped.
  @Test("rejects a reversed range and says once that one after today has nothing to observe")
  func ranges() async throws {
    let world = try Ingest.World()
    defer { world.stop() }
    let harness = world.harness
    try await Ingest.addCity(
      harness, "Berlin", latitude: 52.52, longitude: 13.41, zone: "Europe/Berlin")
    let reversed = await harness.run("observe", "--from", "2026-03-10", "--to", "2026-03-01")
    #expect(reversed.exitCode == 64)
    #expect(reversed.stderr.contains("Error: --from 2026-03-10 is after --to 2026-03-01"))
    let missing = await harness.run("observe", "--from", "2026-03-10")
    #expect(missing.exitCode == 64)
    let future = await harness.run("observe", "--from", "2026-04-01", "--to", "2026-04-02")
    #expect(future.exitCode == 0, "\(future)")
    #expect(
      future.stderr
        == "nothing to observe: 2026-04-01 to 2026-04-02 is after today (2026-03-20), and the archive has only past days\n",
      "said once: \(future)")
    #expect(world.server.requestCount == 0)
    // A range ending after today is cut at today.
    let cut = await harness.run("observe", "--from", "2026-03-01", "--to", "2026-04-02")
    #expect(cut.exitCode == 0, "\(cut)")
    #expect(world.server.requests(path: "/v1/archive").first?.query["end_date"] == "2026-03-20")
  }
}
