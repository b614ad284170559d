import Foundation
import SkycastModel
import TestSupport
import Testing

/// `skycast backfill --runs` end to end against the Single Runs stand-in (the fake's
/// `/v1/forecast` with `run=`; derived, see SOURCES.md).
@Suite struct BackfillRunsTests {
  /// 2026-04-10T12:00Z.
  static let now = Date(timeIntervalSince1970: 1_775_822_400)
  /// 2026-04-06T12:00Z, a run the stand-in does not have in the first pass.
  static let missing: Int64 = 1_775_476_800

  static func world(missing: Set<Int64>) throws -> (CLIHarness, LoopbackServer) {
    let harness = CLIHarness(now: now)
    var fake = FakeOpenMeteo(.all, now: { now })
    fake.missingRuns = missing
    let server = try fake.makeServer()
    harness.use(server: server.baseURL)
    return (harness, server)
  }

  static let arguments = [
    "backfill", "--runs", "--model", "ecmwf_ifs", "--from", "2026-04-05", "--to", "2026-04-07",
    "--every", "12h",
  ]

  @Test(
    "every run is stored whole at its initialisation time, once; a missing run is one failed row")
  func runs() async throws {
    let (harness, server) = try Self.world(missing: [Self.missing])
    defer { server.stop() }
    try await Ingest.addCity(
      harness, "Berlin", latitude: 52.52, longitude: 13.41, zone: "Europe/Berlin")

    let dry = await harness.run(Self.arguments + ["--dry-run"])
    #expect(dry.exitCode == 0, "\(dry)")
    #expect(
      dry.stdout.contains("run=2026-04-05T00%3A00") || dry.stdout.contains("run=2026-04-05T00:00"))
    #expect(dry.stdout.contains("6 requests for 6 runs"), "\(dry.stdout)")
    #expect(server.requests(path: "/v1/forecast").isEmpty, "a dry run fetches nothing")

    let first = await harness.run(Self.arguments)
    #expect(first.exitCode == 1, "\(first)")
    #expect(first.stderr.contains("run 2026-04-06T12:00Z: failed"), "\(first.stderr)")
    #expect(first.stderr.contains("backfilled 5 runs of ecmwf_ifs"), "\(first.stderr)")
    let request = try #require(server.requests(path: "/v1/forecast").first)
    #expect(request.query["run"] == "2026-04-05T00:00" && request.query["models"] == "ecmwf_ifs")
    #expect(
      try Ingest.rows(
        harness,
        "SELECT status, count(*), count(DISTINCT issued_at) FROM fetches WHERE source = 'single-runs' GROUP BY status ORDER BY status"
      ) == [["failed", "1", "1"], ["ok", "5", "5"]])
    #expect(
      try Ingest.int(
        harness, "SELECT issued_at FROM fetches WHERE status = 'failed'") == Int(Self.missing))
    // The run asked for is the run recorded, so leads from the run count single runs too.
    #expect(
      try Ingest.int(
        harness,
        "SELECT count(*) FROM fetches WHERE status = 'ok' AND run_at IS issued_at AND run_available_at IS NULL"
      ) == 5)
    // True leads: every row is issued at its run, its lead counted from the run.
    #expect(
      try Ingest.rows(harness, "SELECT DISTINCT source, model FROM hourly_forecasts") == [
        ["single-runs", "ecmwf_ifs"]
      ])
    #expect(
      try Ingest.int(
        harness,
        "SELECT count(*) FROM hourly_forecasts WHERE lead_hours * 3600 <> valid_at - issued_at")
        == 0)
    #expect(
      try Ingest.int(
        harness,
        "SELECT count(*) FROM hourly_forecasts h JOIN fetches f ON f.id = h.fetch_id WHERE h.issued_at <> f.issued_at"
      ) == 0)
    let rowsAfterFirst = try Ingest.int(harness, "SELECT count(*) FROM hourly_forecasts")
    #expect(rowsAfterFirst > 5 * 24 * 6)

    // The run the archive now has is fetched; the five stored ones are not asked for again.
    let (again, secondServer) = try Self.worldSharing(harness)
    defer { secondServer.stop() }
    let second = await again.run(Self.arguments)
    #expect(second.exitCode == 0, "\(second)")
    #expect(secondServer.requests(path: "/v1/forecast").count == 1)
    #expect(second.stderr.contains("5 already stored"), "\(second.stderr)")
    let rowsAfterSecond = try Ingest.int(harness, "SELECT count(*) FROM hourly_forecasts")
    #expect(rowsAfterSecond > rowsAfterFirst)

    let third = await again.run(Self.arguments)
    #expect(third.exitCode == 0, "\(third)")
    #expect(secondServer.requests(path: "/v1/forecast").count == 1, "nothing left to fetch")
    #expect(try Ingest.int(harness, "SELECT count(*) FROM hourly_forecasts") == rowsAfterSecond)
    #expect(try Ingest.int(harness, "SELECT count(*) FROM fetches WHERE status = 'ok'") == 6)
  }

  /// The same database, served by a stand-in that has every run.
  static func worldSharing(_ harness: CLIHarness) throws -> (CLIHarness, LoopbackServer) {
    let server = try FakeOpenMeteo(.all, now: { now }).makeServer()
    harness.use(server: server.baseURL)
    return (harness, server)
  }

  @Test(
    "refused: a blend, no model, dates before the archive or after today, --days",
    arguments: [
      (["--model", "best_match", "--from", "2026-04-05", "--to", "2026-04-05"], "blend"),
      (["--from", "2026-04-05", "--to", "2026-04-05"], "--runs needs --model"),
      (
        ["--model", "icon_global", "--from", "2026-04-01", "--to", "2026-04-05"],
        "starts on 2026-04-02"
      ),
      (["--model", "ecmwf_ifs", "--from", "2026-04-05", "--to", "2026-04-11"], "after today"),
      (
        ["--model", "ecmwf_ifs", "--from", "2026-04-05", "--to", "2026-04-05", "--days", "2"],
        "--days"
      ),
    ])
  func refused(extra: [String], message: String) async throws {
    let (harness, server) = try Self.world(missing: [])
    defer { server.stop() }
    try await Ingest.addCity(
      harness, "Berlin", latitude: 52.52, longitude: 13.41, zone: "Europe/Berlin")
    let result = await harness.run(["backfill", "--runs"] + extra)
    #expect(result.exitCode == 64, "\(result)")
    #expect(result.stderr.contains(message), "\(result.stderr)")
    #expect(server.requests(path: "/v1/forecast").isEmpty)
  }
}

extension BackfillRunsTests {
  /// 2026-04-20T12:00Z: the archive has the valid days of April 5–7's runs.
  static let later = Date(timeIntervalSince1970: 1_776_686_400)

  /// Berlin's single runs backfilled (`arguments`) and its ERA5 observations of the same days
  /// collected, from a fake server the caller stops.
  static func runsWithObservations() async throws -> (CLIHarness, LoopbackServer) {
    let harness = CLIHarness(now: Self.later)
    let server = try FakeOpenMeteo(.all, now: { Self.later }).makeServer()
    harness.use(server: server.baseURL)
    try await Ingest.addCity(
      harness, "Berlin", latitude: 52.52, longitude: 13.41, zone: "Europe/Berlin")
    #expect(await harness.run(Self.arguments).exitCode == 0)
    let observe = await harness.run("observe", "--from", "2026-04-04", "--to", "2026-04-14")
    #expect(observe.exitCode == 0, "\(observe)")
    return (harness, server)
  }

  @Test("verify --by lead-day over single runs equals MAE by lead day worked out from the rows")
  func verifySingleRuns() async throws {
    let (harness, server) = try await Self.runsWithObservations()
    defer { server.stop() }
    let result = await harness.run(
      "verify", "--source", "single-runs", "--by", "lead-day", "--format", "csv")
    #expect(result.exitCode == 0, "\(result)")
    let rows = CSVTable(result.stdout).rows
    let byHand = try Ingest.rows(
      harness,
      """
      SELECT f.lead_hours / 24, count(*), avg(abs(f.temperature_2m - o.temperature_2m))
      FROM hourly_forecasts f JOIN hourly_observations o
        ON o.city_id = f.city_id AND o.valid_at = f.valid_at AND o.source = 'era5'
      WHERE f.source = 'single-runs' AND f.lead_hours >= 0
        AND f.temperature_2m IS NOT NULL AND o.temperature_2m IS NOT NULL
      GROUP BY f.lead_hours / 24 ORDER BY 1
      """)
    #expect(rows.count == byHand.count && !rows.isEmpty, "\(rows) vs \(byHand)")
    for (row, expected) in zip(rows, byHand) {
      #expect(row["lead_day"] == expected[0])
      #expect(row["n"] == expected[1])
      let mae = try #require(Double(row["mae"] ?? ""))
      #expect(abs(mae - Double(expected[2])!) < 0.0005, "lead day \(expected[0])")
    }
  }
}

extension BackfillRunsTests {
  /// With no collected forecast of the hour, `spark --runs` draws the model's single runs and
  /// says so; the sparklines and the figure name the runs' model.
  @Test("spark --runs draws single runs when no collected forecast covers the hour")
  func sparkSingleRuns() async throws {
    let (harness, server) = try await Self.runsWithObservations()
    defer { server.stop() }
    let arguments = ["spark", "--runs", "--city", "Berlin", "--at", "2026-04-08T12:00"]
    let lines = await harness.run(arguments)
    #expect(lines.exitCode == 0, "\(lines)")
    #expect(lines.stderr.contains("drawing the ecmwf_ifs model runs"), "\(lines.stderr)")
    #expect(lines.stderr.contains("6 single runs of ecmwf_ifs"), "\(lines.stderr)")
    // The by-issue line and one line per run (04-05 00Z … 04-07 12Z, every 12 h).
    #expect(lines.stdout.contains("04-05 00Z +"), "\(lines.stdout)")
    #expect(lines.stdout.contains("04-07 12Z +"), "\(lines.stdout)")
    let figure = await harness.run(arguments + ["--format", "svg"])
    #expect(figure.exitCode == 0, "\(figure)")
    #expect(figure.stdout.contains("6 single runs of ecmwf_ifs"), "\(figure.stdout.prefix(600))")
    #expect(figure.stdout.contains("Forecast (ecmwf_ifs)"))
    let named = await harness.run(arguments + ["--model", "best_match"])
    #expect(named.exitCode == 1, "\(named)")
    #expect(named.stderr.contains("collect (or backfill --runs) first"), "\(named.stderr)")
  }
}

extension BackfillRunsTests {
  @Test(
    "four runs a day are each stored to their model's horizon, daily values only at local midnight, none refused"
  )
  func fourRunsADay() async throws {
    let (harness, server) = try Self.world(missing: [])
    defer { server.stop() }
    // 00 UTC is local midnight in Reykjavik (UTC all year), never in Berlin (CEST, +2).
    try await Ingest.addCity(
      harness, "Reykjavik", latitude: 64.15, longitude: -21.94, zone: "Atlantic/Reykjavik")
    try await Ingest.addCity(
      harness, "Berlin", latitude: 52.52, longitude: 13.41, zone: "Europe/Berlin")
    let result = await harness.run(
      "backfill", "--runs", "--model", "ecmwf_ifs", "--from", "2026-04-05", "--to", "2026-04-05",
      "--every", "6h")
    #expect(result.exitCode == 0, "\(result)")
    #expect(
      try Ingest.rows(
        harness, "SELECT status, count(*) FROM fetches WHERE source = 'single-runs' GROUP BY 1")
        == [["ok", "8"]])
    // ECMWF IFS: 00/12 UTC runs to 360 h, 06/18 UTC runs to 144 h, every hour from the run.
    #expect(
      try Ingest.rows(
        harness,
        """
        SELECT c.name, strftime('%H', h.issued_at, 'unixepoch'), min(h.lead_hours),
          max(h.lead_hours), count(h.temperature_2m)
        FROM hourly_forecasts h JOIN cities c ON c.id = h.city_id
        WHERE h.source = 'single-runs' GROUP BY 1, 2 ORDER BY 1, 2
        """)
        == [
          ["Berlin", "00", "0", "360", "361"], ["Berlin", "06", "0", "144", "145"],
          ["Berlin", "12", "0", "360", "361"], ["Berlin", "18", "0", "144", "145"],
          ["Reykjavik", "00", "0", "360", "361"], ["Reykjavik", "06", "0", "144", "145"],
          ["Reykjavik", "12", "0", "360", "361"], ["Reykjavik", "18", "0", "144", "145"],
        ])
    // Daily values: the one run that starts a local day, its 15 whole days.
    #expect(
      try Ingest.rows(
        harness,
        """
        SELECT c.name, strftime('%H', d.issued_at, 'unixepoch'), count(*)
        FROM daily_forecasts d JOIN cities c ON c.id = d.city_id
        WHERE d.source = 'single-runs' GROUP BY 1, 2
        """) == [["Reykjavik", "00", "15"]])
    // 00 UTC: Reykjavik alone (with daily), then Berlin; 06, 12, 18 UTC: both in one request.
    let requests = server.requests(path: "/v1/forecast")
    #expect(requests.count == 5 && requests.allSatisfy { $0.query["forecast_hours"] != nil })
  }
}

extension BackfillRunsTests {
  @Test("verify's run coverage counts forecast hours only: observation fetches have no run to miss")
  func runCoverageOverForecasts() async throws {
    let (harness, server) = try await Self.runsWithObservations()
    defer { server.stop() }
    // The ERA5 fetch is an ok fetch with rows and no run: it must not count as a forecast.
    #expect(
      try Ingest.int(
        harness, "SELECT count(*) FROM fetches WHERE status = 'ok' AND rows > 0 AND run_at IS NULL")
        > 0)
    // No --source: every stored forecast is selected, and the fetch log holds the ERA5 import too.
    let result = await harness.run("verify", "--by", "lead-day", "--format", "table")
    #expect(result.exitCode == 0, "\(result)")
    let output = result.stdout + result.stderr
    #expect(output.contains("lead from the model run"), "\(output)")
    #expect(!output.contains("without a known run"), "\(output)")
  }
}

extension BackfillRunsTests {
  @Test("verify's coverage comment counts the pairs it scores whose forecast has no known run")
  func runCoverageInPairs() async throws {
    let (harness, server) = try await Self.runsWithObservations()
    defer { server.stop() }
    // An imported forecast of 24 hours: its fetch records no run.
    var csv = "time,issued_at,temperature_2m\n"
    let start = try #require(WallClock.secondsAsUTC("2026-04-06T00:00"))
    for hour in 0..<24 {
      csv += "\(WallClock.utc(epoch: start + Int64(hour) * 3600)),2026-04-05T00:00Z,10\n"
    }
    let path = harness.directory.file("fc.csv")
    try csv.write(toFile: path, atomically: true, encoding: .utf8)
    let imported = await harness.run(
      "import", "forecasts", path, "--source", "fc", "--city", "Berlin")
    #expect(imported.exitCode == 0, "\(imported)")
    let pairs = try Ingest.int(
      harness,
      """
      SELECT count(*) FROM hourly_forecasts f JOIN hourly_observations o
        ON o.city_id = f.city_id AND o.valid_at = f.valid_at AND o.source = 'era5'
      WHERE f.lead_hours >= 0 AND f.temperature_2m IS NOT NULL AND o.temperature_2m IS NOT NULL
      """)
    #expect(pairs > 24)
    let result = await harness.run(
      "verify", "--var", "temperature_2m", "--lead-from", "run", "--format", "table")
    #expect(result.exitCode == 0, "\(result)")
    #expect(
      result.stdout.contains("(24 of \(pairs) pairs without a known run: lead from the fetch)"),
      "\(result.stdout)")
  }
}
