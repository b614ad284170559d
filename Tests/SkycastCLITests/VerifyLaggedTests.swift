import Foundation
import TestSupport
import Testing
import Verify

@testable import SkycastCLI
@testable import Store

/// `verify --lagged N` and `verify --jumpiness` end to end: tables, comments, the figure and
/// usage errors, each on its own temporary database.
@Suite struct VerifyLaggedTests {
  /// Issues every 12 h from 2026-03-01T00:00Z (k = 0…3); valid times V_h = +48 h + h (h = 0, 1,
  /// 2). Issues 1–3 forecast 10.5, 12.25, 8, issue 0 the same + 7; observed 10, 13, 8. A valid
  /// time at +60 h has two issues only.
  func writeLaggedHistory(_ harness: CLIHarness) throws {
    let writer = HistoryWriter(store: try harness.store())
    try writer.city(1, "Alpha")
    let forecasts = [10.5, 12.25, 8.0]
    let observed = [10.0, 13.0, 8.0]
    for h in 0..<3 {
      let valid = march1 + (48 + Int64(h)) * hour
      try writer.observation(city: 1, validAt: valid, ["temperature_2m": observed[h]])
      for issue in 0..<4 {
        let issuedAt = march1 + Int64(issue) * 12 * hour
        try writer.forecast(
          city: 1, issuedAt: issuedAt, lead: (valid - issuedAt) / hour,
          ["temperature_2m": forecasts[h] + (issue == 0 ? 7 : 0)])
      }
    }
    let short = march1 + 60 * hour
    try writer.observation(city: 1, validAt: short, ["temperature_2m": 9])
    for issue in 2..<4 {
      let issuedAt = march1 + Int64(issue) * 12 * hour
      try writer.forecast(
        city: 1, issuedAt: issuedAt, lead: (short - issuedAt) / hour, ["temperature_2m": 9.5])
    }
  }

  @Test("--lagged 3 of identical issues: spread 0 and crps = crps_fair = latest_mae, same text")
  func identicalIssues() async throws {
    let harness = CLIHarness()
    try writeLaggedHistory(harness)
    let result = await harness.run(
      "verify", "--lagged", "3", "--obs", "era5", "--source", "forecast", "--format", "csv")
    #expect(result.exitCode == 0, "\(result)")
    let csv = CSVTable(result.stdout)
    #expect(
      csv.header == [
        "lead_day", "n", "members", "crps", "crps_fair", "bias", "mae", "rmse", "spread",
        "spread_skill", "latest_mae", "latest_rmse", "latest_bias", "crpss",
      ])
    let row = try #require(csv.row("lead_day", "0"))
    #expect(row["n"] == "3" && row["members"] == "3")
    #expect(row["spread"].flatMap(Double.init) == 0)
    #expect(row["crps"] == row["latest_mae"] && row["crps_fair"] == row["latest_mae"])
    #expect(close(row["latest_mae"], 1.25 / 3))
  }

  /// A stored ensemble `ens_a` for V_0 only: members f ± 1, issued at +24 h (lead 24).
  @Test("--ensemble-model adds the stored ensemble's scores on the same cases, counting the rest")
  func storedEnsembleColumns() async throws {
    let harness = CLIHarness()
    try writeLaggedHistory(harness)
    let valid = march1 + 48 * hour
    try harness.store().database.run(
      """
      INSERT INTO ensemble_forecasts (city_id, model, variable, valid_at, issued_at, fetch_id,
        lead_hours, members) VALUES (1, 'ens_a', 'temperature_2m', ?, ?, 1, 24, ?)
      """,
      [
        .integer(valid), .integer(valid - 24 * hour),
        .blob(EnsembleBlob.pack([9.5, 11.5])),
      ])
    let result = await harness.run(
      "verify", "--lagged", "3", "--ensemble-model", "ens_a", "--obs", "era5", "--source",
      "forecast", "--format", "csv")
    #expect(result.exitCode == 0, "\(result)")
    let csv = CSVTable(result.stdout)
    #expect(
      Array(csv.header.suffix(6)) == [
        "ens_members", "ens_crps", "ens_crps_fair", "ens_spread", "ens_spread_skill", "ens_mae",
      ])
    let row = try #require(csv.row("lead_day", "0"))
    // One case (V_0): f = 10.5, o = 10; members 9.5 and 11.5 give CRPS 1 − 0.5.
    #expect(row["n"] == "1")
    #expect(close(row["latest_mae"], 0.5))
    #expect(close(row["ens_crps"], 0.5))
    #expect(close(row["ens_crps_fair"], 0))
    #expect(close(row["ens_spread"], 2.0.squareRoot()))
    let markdown = await harness.run(
      "verify", "--lagged", "3", "--ensemble-model", "ens_a", "--obs", "era5", "--source",
      "forecast", "--format", "markdown")
    #expect(markdown.stdout.contains("2 cases without one left out"), "\(markdown)")
  }

  @Test("the comment counts the valid times skipped for too few issues")
  func commentCountsSkipped() async throws {
    let harness = CLIHarness()
    try writeLaggedHistory(harness)
    let result = await harness.run(
      "verify", "--lagged", "3", "--obs", "era5", "--source", "forecast", "--format", "markdown")
    #expect(result.exitCode == 0, "\(result)")
    #expect(result.stdout.contains("1 valid time with fewer than 3 issues skipped"), "\(result)")
    #expect(result.stdout.contains("3 cases"), "\(result)")
  }

  @Test("--lagged --rank-histogram writes N + 1 ranks")
  func rankHistogram() async throws {
    let harness = CLIHarness()
    try writeLaggedHistory(harness)
    let result = await harness.run(
      "verify", "--lagged", "3", "--rank-histogram", "--obs", "era5", "--source", "forecast",
      "--format", "csv")
    #expect(result.exitCode == 0, "\(result)")
    let csv = CSVTable(result.stdout)
    #expect(csv.rows.map { $0["rank"] } == ["0", "1", "2", "3"])
    #expect(csv.rows.compactMap { Int($0["count"] ?? "") }.reduce(0, +) == 3)
    // One default seed everywhere (issue 42: --lagged used 2026 where the help says 20260301).
    let table = await harness.run(
      "verify", "--lagged", "3", "--rank-histogram", "--obs", "era5", "--source", "forecast",
      "--format", "table")
    #expect(
      table.stdout.contains("seed \(BootstrapSettings.defaultSeed))")
        && BootstrapSettings.defaultSeed == 20_260_301, "\(table.stdout.prefix(400))")
  }

  /// Ten valid times (+24 h + i) with two issues each: last revision 0.5 i, newest error
  /// ±(i + w), w = 0.25, 0, 0.5 repeating.
  func writeJumpyHistory(_ harness: CLIHarness) throws {
    let writer = HistoryWriter(store: try harness.store())
    try writer.city(1, "Alpha")
    let wiggle = [0.25, 0, 0.5]
    for i in 0..<10 {
      let valid = march1 + (24 + Int64(i)) * hour
      let revision = 0.5 * Double(i)
      let size = 2 * revision + wiggle[i % 3]
      let newest = 10 + (i % 2 == 0 ? size : -size)
      try writer.observation(city: 1, validAt: valid, ["temperature_2m": 10])
      try writer.forecast(
        city: 1, issuedAt: march1, lead: 24 + Int64(i), ["temperature_2m": newest - revision])
      try writer.forecast(
        city: 1, issuedAt: march1 + 12 * hour, lead: 12 + Int64(i), ["temperature_2m": newest])
    }
  }

  @Test("--jumpiness --revision-bins: n, mae per bin and r with its Fisher interval")
  func jumpinessTable() async throws {
    let harness = CLIHarness()
    try writeJumpyHistory(harness)
    let result = await harness.run(
      "verify", "--jumpiness", "--revision-bins", "1,2,3", "--obs", "era5", "--source", "forecast",
      "--format", "csv")
    #expect(result.exitCode == 0, "\(result)")
    let csv = CSVTable(result.stdout)
    #expect(
      csv.header == [
        "revision_bin", "revision_lo", "revision_hi", "n", "mean_revision", "bias", "mae", "rmse",
      ])
    #expect(csv.rows.map { $0["revision_bin"] } == ["< 1", "1–2", "2–3", "≥ 3"])
    #expect(csv.rows.map { $0["n"] } == ["2", "2", "2", "4"])
    for (row, mae) in zip(csv.rows, [0.625, 2.875, 4.75, 7.75]) {
      #expect(close(row["mae"], mae))
    }
    let md = await harness.run(
      "verify", "--jumpiness", "--revision-bins", "1,2,3", "--obs", "era5", "--source", "forecast",
      "--format", "markdown")
    #expect(md.stdout.contains("= 0.998 over 10 cases"), "\(md)")
    #expect(md.stdout.contains("95 % interval 0.990 to 1.000"), "\(md)")
  }

  @Test("--jumpiness --format svg draws mae and rmse by revision bin")
  func jumpinessFigure() async throws {
    let harness = CLIHarness()
    try writeJumpyHistory(harness)
    let result = await harness.run(
      "verify", "--jumpiness", "--obs", "era5", "--source", "forecast", "--format", "svg", "--by",
      "lead-day")
    #expect(result.exitCode == 0, "\(result)")
    #expect(result.stdout.hasPrefix("<svg") || result.stdout.contains("<svg"), "\(result)")
    #expect(result.stdout.contains("0 MAE") && result.stdout.contains("0 RMSE"))
    #expect(result.stdout.contains("r(|revision|, |error|)"))
  }

  @Test("--lagged --format svg draws the lagged, newest-issue and stored-ensemble CRPS by lead day")
  func laggedFigure() async throws {
    let harness = CLIHarness()
    try writeLaggedHistory(harness)
    let result = await harness.run(
      "verify", "--lagged", "3", "--obs", "era5", "--source", "forecast", "--format", "svg")
    #expect(result.exitCode == 0, "\(result)")
    #expect(result.stdout.contains("<svg"), "\(result)")
    #expect(result.stdout.contains("lagged 3"))
    #expect(result.stdout.contains("newest"))
    #expect(result.stdout.contains("by lead day"))
  }

  @Test(
    "usage errors exit 64",
    arguments: [
      (["--lagged", "1"], "--lagged needs N >= 2"),
      (["--lagged", "x"], "--lagged needs N >= 2"),
      (["--lagged", "3", "--ensemble"], "--lagged cannot be combined with --ensemble"),
      (["--lagged", "3", "--revisions"], "--lagged cannot be combined with --revisions"),
      (["--lagged", "3", "--jumpiness"], "--lagged and --jumpiness cannot be combined"),
      (["--lagged", "3", "--include-past"], "--lagged cannot be combined with --include-past"),
      (["--jumpiness", "--threshold", "1"], "--jumpiness cannot be combined with --threshold"),
      (["--jumpiness", "--by", "obs-range"], "--jumpiness groups by"),
      (["--jumpiness", "--revision-bins", "2,1"], "--revision-bins needs ascending edges"),
      (["--lagged", "3", "--revision-bins", "1"], "--revision-bins sets the bins of --jumpiness"),
      (["--lagged", "3", "--var", "temperature_2m_max"], "--lagged scores hourly variables"),
      (["--jumpiness", "--ensemble-model", "x"], "--ensemble-model needs --lagged N"),
      (
        ["--lagged", "3", "--rank-histogram", "--format", "svg"],
        "--format svg with --lagged draws CRPS by lead"
      ),
      (["--jumpiness", "--format", "svg", "--score", "mae"], "--jumpiness draws fixed lines"),
      (["--jumpiness", "--score", "mae"], "--score chooses what --format svg draws"),
      (["--lagged", "2", "--var", "wind_direction_10m"], "--lagged scores values on a line"),
      (
        ["--lagged", "3", "--ensemble-model", "x", "--obs", "era5"],
        "--ensemble-model x has no stored ensemble (none is stored)"
      ),
    ])
  func usageErrors(arguments: [String], message: String) async throws {
    let harness = CLIHarness()
    try writeLaggedHistory(harness)
    let result = await harness.run(["verify"] + arguments)
    #expect(result.exitCode == 64, "\(result)")
    #expect(result.stderr.contains("Error: " + message), "\(result)")
  }
}
