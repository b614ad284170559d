import Foundation
import SkycastModel
import TestSupport
import Testing

/// `observe --source historical-forecast --model M`: a model analysis stored as its own
/// observation source, `analysis:M`, never mixed with ERA5.
@Suite struct ObserveHistoricalForecastTests {
  @Test("stored as analysis:MODEL beside era5; verify uses it only when --obs names it")
  func ownSource() async throws {
    let world = try Ingest.World()
    defer { world.stop() }
    let harness = world.harness
    try await Ingest.addCity(
      harness, "Berlin", latitude: 52.52, longitude: 13.41, zone: "Europe/Berlin")
    let analysis = await harness.run(
      "observe", "--source", "historical-forecast", "--model", "ecmwf_ifs025", "--from",
      "2026-03-10", "--to", "2026-03-12")
    #expect(analysis.exitCode == 0, "\(analysis)")
    let request = try #require(world.server.requests(path: "/v1/forecast").first)
    #expect(
      request.query["models"] == "ecmwf_ifs025" && request.query["start_date"] == "2026-03-10")
    #expect(world.server.requests(path: "/v1/archive").isEmpty)
    #expect(
      try Ingest.rows(
        harness, "SELECT source, count(*) FROM hourly_observations GROUP BY source")
        == [["analysis:ecmwf_ifs025", "72"]])
    #expect(
      try Ingest.rows(harness, "SELECT source, model FROM fetches") == [
        ["analysis:ecmwf_ifs025", "ecmwf_ifs025"]
      ])

    let era5 = await harness.run("observe", "--from", "2026-03-10", "--to", "2026-03-12")
    #expect(era5.exitCode == 0, "\(era5)")
    #expect(
      try Ingest.rows(
        harness, "SELECT source, count(*) FROM hourly_observations GROUP BY source ORDER BY 1")
        == [["analysis:ecmwf_ifs025", "72"], ["era5", "72"]])
    // The two series differ: one is the model's own analysis, the other the reanalysis.
    #expect(
      try Ingest.int(
        harness,
        "SELECT count(*) FROM hourly_observations a JOIN hourly_observations e ON e.city_id = a.city_id AND e.valid_at = a.valid_at AND e.source = 'era5' WHERE a.source LIKE 'analysis:%' AND a.temperature_2m IS NOT e.temperature_2m"
      ) > 0)

    #expect(
      await harness.run("backfill", "--from", "2026-03-10", "--to", "2026-03-12").exitCode == 0)
    let byDefault = await harness.run("verify", "--format", "table")
    #expect(byDefault.stdout.contains("forecast vs era5 observations"), "\(byDefault)")
    let named = await harness.run("verify", "--obs", "analysis:ecmwf_ifs025", "--format", "table")
    #expect(named.exitCode == 0, "\(named)")
    #expect(named.stdout.contains("forecast vs analysis:ecmwf_ifs025 observations"), "\(named)")
  }

  @Test(
    "refused: no model for the historical forecast, another model for the archive",
    arguments: [
      (["--source", "historical-forecast"], "needs --model"),
      (["--model", "icon_global"], "the archive has era5 and best_match"),
    ])
  func refused(extra: [String], message: String) async throws {
    let world = try Ingest.World()
    defer { world.stop() }
    try await Ingest.addCity(
      world.harness, "Berlin", latitude: 52.52, longitude: 13.41, zone: "Europe/Berlin")
    let result = await world.harness.run(
      ["observe", "--from", "2026-03-10", "--to", "2026-03-12"] + extra)
    #expect(result.exitCode == 64, "\(result)")
    #expect(result.stderr.contains(message), "\(result.stderr)")
  }
}
