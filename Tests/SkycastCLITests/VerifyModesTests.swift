import Foundation
import TestSupport
import Testing

@testable import Analysis
@testable import SkycastCLI

/// `verify` revisions, skill, pairs, observation sources, source separation, past leads, daily
/// variables, formats and usage errors.
@Suite struct VerifyModesTests {
  // MARK: - Revisions

  /// Issues every 12 h from 2026-03-01T00:00Z; valid time V = +72 h gets
  /// 10 12 11 13 12 12 (leads 72 60 48 36 24 12 → lead days 3 2 2 1 1 0), V + 1 h gets
  /// 5 5 6 7 9 8. Whole sequences: V MAR 6/5, FFI (6 − 3)/4 = 0.75; V+1h MAR 5/5, FFI
  /// (5 − 4)/4 = 0.25. By lead day each segment starts at the previous bucket's last forecast:
  /// day 2: [10 12 11] & [5 5 6]; day 1: [11 13 12] & [6 7 9]; day 0: [12 12] & [9 8].
  func writeRevisionHistory(_ harness: CLIHarness) throws {
    let writer = HistoryWriter(store: try harness.store())
    try writer.city(1, "Alpha")
    let valid = march1 + 72 * hour
    for (issue, (first, second)) in zip(
      0..., zip([10.0, 12, 11, 13, 12, 12], [5.0, 5, 6, 7, 9, 8]))
    {
      let issuedAt = march1 + Int64(issue) * 12 * hour
      try writer.forecast(
        city: 1, issuedAt: issuedAt, lead: (valid - issuedAt) / hour, ["temperature_2m": first])
      try writer.forecast(
        city: 1, issuedAt: issuedAt, lead: (valid - issuedAt) / hour + 1, ["temperature_2m": second]
      )
    }
    // A NULL forecast is not part of the sequence.
    try writer.forecast(
      city: 1, issuedAt: valid - 6 * hour, lead: 6,
      ["temperature_2m": nil, "relative_humidity_2m": 50])
  }

  @Test("revisions by lead day: mean absolute revision and flip-flop index match a hand example")
  func revisionsByLeadDay() async throws {
    let harness = CLIHarness()
    try writeRevisionHistory(harness)
    let result = await harness.run("verify", "--revisions", "--source", "forecast")
    #expect(result.exitCode == 0, "\(result)")
    let csv = CSVTable(result.stdout)
    #expect(
      csv.header == [
        "lead_day", "valid_times", "revisions", "mean_abs_revision", "flip_flop_valid_times",
        "flip_flop",
      ])
    #expect(csv.rows.map { $0["lead_day"] } == ["0", "1", "2", "3"])
    let day0 = try #require(csv.row("lead_day", "0"))
    #expect(day0["valid_times"] == "2" && day0["revisions"] == "2")
    #expect(close(day0["mean_abs_revision"], 0.5))
    #expect(day0["flip_flop_valid_times"] == "0" && day0["flip_flop"] == "")
    let day1 = try #require(csv.row("lead_day", "1"))
    #expect(day1["revisions"] == "4")
    #expect(close(day1["mean_abs_revision"], 1.5))
    #expect(close(day1["flip_flop"], 0.5))
    let day2 = try #require(csv.row("lead_day", "2"))
    #expect(close(day2["mean_abs_revision"], 1.0))
    #expect(close(day2["flip_flop"], 0.5))
    let day3 = try #require(csv.row("lead_day", "3"))
    #expect(day3["valid_times"] == "0" && day3["mean_abs_revision"] == "")
  }

  @Test("revisions by city use each valid time's whole issue sequence, averaged over valid times")
  func revisionsByCity() async throws {
    let harness = CLIHarness()
    try writeRevisionHistory(harness)
    let csv = CSVTable(
      await harness.run("verify", "--revisions", "--by", "city", "--source", "forecast").stdout)
    let row = try #require(csv.row("city", "Alpha"))
    #expect(row["valid_times"] == "2")
    #expect(row["revisions"] == "10")
    #expect(close(row["mean_abs_revision"], (1.2 + 1.0) / 2))
    #expect(close(row["flip_flop"], (0.75 + 0.25) / 2))
    #expect(
      close(
        row["flip_flop"],
        ((Revisions.flipFlopIndex([10, 12, 11, 13, 12, 12]) ?? 0)
          + (Revisions.flipFlopIndex([5, 5, 6, 7, 9, 8]) ?? 0)) / 2))
  }

  /// The history has a NULL forecast at lead 6 for V; the whole-sequence mean absolute revision
  /// of V stays 6/5 (the NULL is skipped, not a revision to and from nothing).
  @Test("help says what a NULL forecast does inside a revision series, and it is skipped")
  func nullInsideRevisions() async throws {
    let help = await CLIHarness().run("verify", "--help")
    #expect(
      help.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ").contains(
        "(a NULL forecast is left out of its valid time's series)"), "\(help)")
    let topic = await CLIHarness().run("help", "verification")
    #expect(
      topic.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ").contains(
        "A NULL forecast is left out of its valid time's series, so the revision across it runs from the forecast issued before it to the one issued after."
      ), "\(topic)")
    let harness = CLIHarness()
    try writeRevisionHistory(harness)
    let csv = CSVTable(
      await harness.run("verify", "--revisions", "--by", "valid-hour", "--source", "forecast")
        .stdout)
    let row = try #require(csv.rows.first { $0["valid_times"] == "1" && $0["revisions"] == "5" })
    #expect(close(row["mean_abs_revision"], 1.2), "\(csv.rows)")
  }

  @Test("revisions work on forecast-only variables and refuse --obs")
  func revisionsOptions() async throws {
    let harness = CLIHarness()
    try writeRevisionHistory(harness)
    #expect(
      await harness.run("verify", "--revisions", "--var", "precipitation_probability").exitCode == 0
    )
    #expect(await harness.run("verify", "--revisions", "--obs", "era5").exitCode == 64)
    #expect(await harness.run("verify", "--revisions", "--pairs").exitCode == 64)
  }

  // MARK: - Skill

  /// Observations: 03-01 00h 10, 12h 30, 03-02 00h 14, 03-03 00h 12. Pairs (F, O, persistence R):
  /// (13, 14, 10) (12.5, 12, 14) (11, 12, 10) and (15, 14, none: no observation at its issue).
  /// Persistence: 1 − (1 + 0.25 + 1)/(16 + 4 + 4) = 0.90625 over the 3 pairs with a reference.
  /// Climatology (00h mean 12): 1 − (1 + 0.25 + 1 + 1)/(4 + 0 + 0 + 4) = 0.59375.
  func writeSkillHistory(_ harness: CLIHarness) throws {
    let writer = HistoryWriter(store: try harness.store())
    try writer.city(1, "Alpha")
    for (offset, value) in [(0, 10.0), (12, 30), (24, 14), (48, 12)] {
      try writer.observation(
        city: 1, validAt: march1 + Int64(offset) * hour, ["temperature_2m": value])
    }
    try writer.forecast(city: 1, issuedAt: march1, lead: 24, ["temperature_2m": 13])
    try writer.forecast(city: 1, issuedAt: march1 + day, lead: 24, ["temperature_2m": 12.5])
    try writer.forecast(city: 1, issuedAt: march1, lead: 48, ["temperature_2m": 11])
    try writer.forecast(city: 1, issuedAt: march1 - day, lead: 48, ["temperature_2m": 15])
  }

  @Test("mse_skill against persistence uses the observation at issue time")
  func persistenceSkill() async throws {
    let harness = CLIHarness()
    try writeSkillHistory(harness)
    let result = await harness.run("verify", "--skill", "persistence", "--source", "forecast")
    let csv = CSVTable(result.stdout)
    #expect(csv.header.last == "mse_skill")
    #expect(csv.rows[0]["n"] == "4")
    #expect(close(csv.rows[0]["mse_skill"], 0.90625), "\(result)")
    #expect(result.stderr.contains("1 pair has no persistence reference"))
  }

  @Test("mse_skill against climatology uses the mean observation of the city, month and hour")
  func climatologySkill() async throws {
    let harness = CLIHarness()
    try writeSkillHistory(harness)
    let result = await harness.run(
      "verify", "--skill", "climatology", "--source", "forecast", "--from", "2026-03-01", "--to",
      "2026-03-03")
    #expect(close(CSVTable(result.stdout).rows[0]["mse_skill"], 0.59375), "\(result)")
  }

  /// Daily maxima 03-01 10, 03-02 12, 03-03 15; forecast issued 03-02 for 03-03: 14 (lead day 1).
  /// Persistence is the day before the issue date (03-01, 10): 1 − 1/25 = 0.96.
  @Test(
    "daily variables pair by local date with lead_day = lead_days, persistence from the last complete day"
  )
  func dailyVariable() async throws {
    let harness = CLIHarness()
    let writer = HistoryWriter(store: try harness.store())
    try writer.city(1, "Alpha")
    for (date, value) in [("2026-03-01", 10.0), ("2026-03-02", 12), ("2026-03-03", 15)] {
      try writer.dailyObservation(city: 1, date: date, ["temperature_2m_max": value])
    }
    try writer.dailyForecast(
      city: 1, issuedAt: march1 + day, date: "2026-03-03", ["temperature_2m_max": 14])
    let result = await harness.run(
      "verify", "--var", "temperature_2m_max", "--by", "lead-day", "--skill", "persistence",
      "--source", "forecast")
    let csv = CSVTable(result.stdout)
    #expect(csv.rows.count == 1, "\(result)")
    #expect(csv.rows[0]["lead_day"] == "1")
    #expect(csv.rows[0]["bias"] == "-1.0")
    #expect(close(csv.rows[0]["mse_skill"], 0.96))
    let pairs = await harness.run("verify", "--var", "temperature_2m_max", "--pairs")
    #expect(
      pairs.stdout == """
        city,source,model,issued_at,date,lead_days,forecast,observed,variable,unit,obs_source\r
        Alpha,forecast,best_match,2026-03-02T00:00:00+00:00,2026-03-03,1,14.0,15.0,temperature_2m_max,°C,era5\r

        """, "\(pairs)")
    let lead = await harness.run("verify", "--var", "temperature_2m_max", "--by", "lead")
    #expect(lead.exitCode == 64)
    #expect(lead.stderr.contains("--by lead-day"))
  }

  // MARK: - Pairs

  @Test("--pairs streams the scored pairs with times at the city's offset in force at each instant")
  func pairs() async throws {
    let harness = CLIHarness()
    let writer = HistoryWriter(store: try harness.store())
    try writer.city(1, "Berlin", timezone: "Europe/Berlin")
    let issued = march1 + 27 * day  // 2026-03-28T00:00Z; DST starts 03-29 01:00Z
    try writer.forecast(city: 1, issuedAt: issued, lead: 24, ["temperature_2m": 5.25])
    try writer.observation(city: 1, validAt: issued + 24 * hour, ["temperature_2m": 4])
    try writer.forecast(city: 1, issuedAt: issued, lead: 48, ["temperature_2m": 6])
    try writer.observation(city: 1, validAt: issued + 48 * hour, ["temperature_2m": 7.1])
    try writer.forecast(city: 1, issuedAt: issued, lead: 72, ["temperature_2m": 8])
    try writer.observation(
      city: 1, validAt: issued + 72 * hour, ["temperature_2m": nil, "precipitation": 0])
    let result = await harness.run("verify", "--pairs")
    #expect(result.exitCode == 0, "\(result)")
    #expect(
      result.stdout == """
        city,source,model,issued_at,valid_at,lead_hours,forecast,observed,variable,unit,obs_source\r
        Berlin,forecast,best_match,2026-03-28T01:00:00+01:00,2026-03-29T01:00:00+01:00,24,5.3,4.0,temperature_2m,°C,era5\r
        Berlin,forecast,best_match,2026-03-28T01:00:00+01:00,2026-03-30T02:00:00+02:00,48,6.0,7.1,temperature_2m,°C,era5\r

        """)
    let json = await harness.run("verify", "--pairs", "--format", "ndjson")
    #expect(json.stdout.split(separator: "\n").count == 2)
    #expect(json.stdout.contains("\"valid_at\":\"2026-03-30T02:00:00+02:00\""))
    #expect(await harness.run("verify", "--pairs", "--by", "lead").exitCode == 64)
  }

  // MARK: - Observation sources

  @Test(
    "--obs defaults to era5, else the only source; several sources without era5 is a usage error")
  func observationSource() async throws {
    let harness = CLIHarness()
    let writer = HistoryWriter(store: try harness.store())
    try writer.city(1, "Alpha")
    try writer.forecast(city: 1, issuedAt: march1, lead: 1, ["temperature_2m": 11])
    let none = await harness.run("verify")
    #expect(none.exitCode == 1)
    #expect(none.stderr.contains("no observations of temperature_2m are stored"), "\(none)")

    try writer.observation(
      city: 1, source: "station", validAt: march1 + hour, ["temperature_2m": 10])
    let only = await harness.run("verify", "--format", "table")
    #expect(only.exitCode == 0, "\(only)")
    #expect(only.stdout.contains("forecast vs station observations"))

    try writer.observation(city: 1, source: "buoy", validAt: march1 + hour, ["temperature_2m": 9])
    let ambiguous = await harness.run("verify")
    #expect(ambiguous.exitCode == 64)
    #expect(ambiguous.stderr.contains("(buoy, station)"), "\(ambiguous)")
    #expect(CSVTable(await harness.run("verify", "--obs", "buoy").stdout).rows[0]["bias"] == "2.0")

    try writer.observation(city: 1, validAt: march1 + hour, ["temperature_2m": 10.5])
    #expect(CSVTable(await harness.run("verify").stdout).rows[0]["bias"] == "0.5")
    let unknown = await harness.run("verify", "--obs", "radar")
    #expect(unknown.exitCode == 64)
    #expect(unknown.stderr.contains("stored sources: buoy, era5, station"), "\(unknown)")
  }

  // MARK: - Sources and leads

  @Test("sources are kept apart unless one is selected")
  func sourcesApart() async throws {
    let harness = CLIHarness()
    let writer = HistoryWriter(store: try harness.store())
    try writer.city(1, "Alpha")
    try writer.observation(city: 1, validAt: march1 + 24 * hour, ["temperature_2m": 10])
    try writer.forecast(city: 1, issuedAt: march1, lead: 24, ["temperature_2m": 11])
    try writer.forecast(
      city: 1, source: "previous-runs", issuedAt: march1, lead: 24, ["temperature_2m": 13])
    let both = CSVTable(await harness.run("verify", "--by", "lead-day").stdout)
    #expect(both.header.prefix(2) == ["source", "lead_day"])
    #expect(both.rows.map { $0["source"]! } == ["forecast", "previous-runs"])
    #expect(both.rows.map { $0["bias"]! } == ["1.0", "3.0"])
    let one = CSVTable(
      await harness.run("verify", "--by", "lead-day", "--source", "previous-runs").stdout)
    #expect(one.header.first == "lead_day")
    #expect(one.rows.map { $0["bias"]! } == ["3.0"])
    let explicit = CSVTable(await harness.run("verify", "--by", "lead-day,source").stdout)
    #expect(explicit.header.prefix(2) == ["lead_day", "source"])
  }

  @Test("pairs with a negative lead are left out unless --include-past (lead day -1, not 0)")
  func includePast() async throws {
    let harness = CLIHarness()
    let writer = HistoryWriter(store: try harness.store())
    try writer.city(1, "Alpha")
    try writer.observation(city: 1, validAt: march1 - 2 * hour, ["temperature_2m": 10])
    try writer.observation(city: 1, validAt: march1 + hour, ["temperature_2m": 10])
    try writer.forecast(city: 1, issuedAt: march1, lead: -2, ["temperature_2m": 10.5])
    try writer.forecast(city: 1, issuedAt: march1, lead: 1, ["temperature_2m": 12])
    #expect(
      CSVTable(await harness.run("verify", "--source", "forecast").stdout).rows[0]["n"] == "1")
    let past = CSVTable(
      await harness.run("verify", "--source", "forecast", "--include-past", "--by", "lead-day")
        .stdout)
    #expect(past.rows.map { $0["lead_day"]! } == ["-1", "0"])
    #expect(past.row("lead_day", "-1")?["bias"] == "0.5")
  }

  // MARK: - Formats and usage

  @Test("table mode shows a comment line and 3 decimals; JSON keeps full precision in column order")
  func formats() async throws {
    let harness = CLIHarness()
    try writeStudy(harness)
    let table = await harness.run(
      "verify", "--by", "lead", "--source", "forecast", "--format", "table")
    let lines = table.stdout.split(separator: "\n").map(String.init)
    #expect(
      lines[0].hasPrefix(
        "# temperature_2m (°C): forecast vs era5 observations; forecasts: forecast (best_match); valid 2026-03-01…2026-03-05"
      ),
      "\(lines[0])")
    #expect(lines[0].contains("0 pairs dropped"))
    #expect(
      lines[1].split(separator: " ", omittingEmptySubsequences: true) == [
        "lead_hours", "n", "bias", "mae", "rmse", "corr",
      ])
    #expect(
      lines[3].split(separator: " ", omittingEmptySubsequences: true) == [
        "12", "6", "0.100", "0.367", "0.374", "0.996",
      ])
    let json = await harness.run(
      "verify", "--by", "lead", "--source", "forecast", "--format", "json")
    #expect(!json.stdout.contains("#"))
    #expect(json.stdout.hasPrefix("[\n{\"lead_hours\":12,\"n\":6,\"bias\":"), "\(json.stdout)")
    let objects = try #require(
      try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
    let rmse = try #require(objects.first?["rmse"] as? Double)
    #expect(abs(rmse - 0.14.squareRoot()) < 1e-12)
    let csv = await harness.run("verify", "--by", "lead", "--source", "forecast", "--format", "csv")
    #expect(!csv.stdout.contains("#"))
  }

  @Test(
    "bad options are usage errors (exit 64)",
    arguments: [
      ["--var", "nope"], ["--by", "weekday"], ["--op", "gt"], ["--threshold", "x"],
      ["--var", "precipitation_probability"], ["--var", "sunrise"], ["--skill", "random"],
      ["--from", "2026-03-05", "--to", "2026-03-01"], ["--pairs", "--threshold", "1"],
      ["--city", "Nowhere"],
    ])
  func usageErrors(arguments: [String]) async throws {
    let harness = CLIHarness()
    try writeStudy(harness)
    let result = await harness.run(["verify"] + arguments)
    #expect(result.exitCode == 64, "\(arguments): \(result)")
    #expect(result.stderr.hasPrefix("Error: "), "\(result)")
  }

  @Test("--city restricts the pairs")
  func cityFilter() async throws {
    let harness = CLIHarness()
    try writeStudy(harness)
    let csv = CSVTable(
      await harness.run("verify", "--city", "Beta", "--source", "forecast", "--by", "city").stdout)
    #expect(csv.rows.map { $0["city"]! } == ["Beta"])
    #expect(close(csv.rows[0]["bias"], 1.3 / 9))
  }
}
