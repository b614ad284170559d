import Foundation
import SkycastModel
import TestSupport
import Testing

/// One model, three histories (issue 29 item 5): the same runs reached by `collect` (with the
/// run from `meta.json`), by `backfill --runs` (Single Runs) and by `backfill` (Previous Runs),
/// verified side by side with `verify --compare source:A source:B`.
///
/// Where they must agree: a collected forecast and the single run it names are the same model
/// run, so at every shared valid time and lead from the run their values, pairs and scores are
/// equal. Previous Runs is a different product (a blend, leads fixed at 24·N h from the valid
/// day), so it is compared but not expected to agree.
@Suite struct ThreeHistoriesTests {
  /// ecmwf_ifs for Berlin collected at 09:46:40Z (run 00Z) and 21:46:40Z (run 12Z) on
  /// 2026-03-20; the same two runs backfilled from Single Runs; Previous Runs for the days;
  /// ERA5 once the archive has them.
  static func histories() async throws -> Ingest.World {
    let world = try Ingest.World()
    let harness = world.harness
    try await Ingest.addCity(
      harness, "Berlin", latitude: 52.52, longitude: 13.41, zone: "Europe/Berlin")
    #expect(await harness.run("collect", "--models", "ecmwf_ifs").exitCode == 0)
    world.advance(days: 0.5)
    #expect(await harness.run("collect", "--models", "ecmwf_ifs").exitCode == 0)
    let runs = await harness.run(
      "backfill", "--runs", "--model", "ecmwf_ifs", "--from", "2026-03-20", "--to",
      "2026-03-20", "--every", "12h")
    #expect(runs.exitCode == 0, "\(runs)")
    world.advance(days: 10)
    let previous = await harness.run(
      "backfill", "--from", "2026-03-20", "--to", "2026-03-24", "--days", "2",
      "--model", "ecmwf_ifs")
    #expect(previous.exitCode == 0, "\(previous)")
    #expect(
      world.server.requests(path: "/v1/forecast").contains { $0.query["models"] == "ecmwf_ifs" })
    let observe = await harness.run("observe", "--from", "2026-03-19", "--to", "2026-03-27")
    #expect(observe.exitCode == 0, "\(observe)")
    return world
  }

  @Test("a collected forecast and the single run it names are equal at every shared hour")
  func collectedEqualsSingleRun() async throws {
    let world = try await Self.histories()
    defer { world.stop() }
    let harness = world.harness
    // Both paths name the same two runs: collect from meta.json, backfill from run=.
    #expect(
      try Ingest.rows(
        harness,
        """
        SELECT source, coalesce(run_at, issued_at) - 1773964800 FROM fetches
        WHERE source IN ('forecast', 'single-runs') AND status = 'ok' ORDER BY 1, 2
        """)
        == [
          ["forecast", "0"], ["forecast", "43200"], ["single-runs", "0"], ["single-runs", "43200"],
        ]
    )
    // Row by row: every collected hour at or after its run has the single run's value.
    let counts = try Ingest.rows(
      harness,
      """
      SELECT count(*), count(*) FILTER (WHERE c.temperature_2m IS NOT s.temperature_2m)
      FROM hourly_forecasts c
      JOIN fetches fc ON fc.id = c.fetch_id
      JOIN hourly_forecasts s ON s.source = 'single-runs' AND s.city_id = c.city_id
        AND s.model = c.model AND s.valid_at = c.valid_at AND s.issued_at = fc.run_at
      WHERE c.source = 'forecast' AND c.valid_at >= fc.run_at
      """)[0].map { Int($0) ?? -1 }
    let (shared, differing) = (counts[0], counts[1])
    #expect(shared > 300 && differing == 0, "\(differing) of \(shared) shared hours differ")

    // The comparison on leads from the run: the same cases, the same scores, difference 0.
    let compared = await harness.run(
      "verify", "--compare", "source:forecast", "source:single-runs", "--model", "ecmwf_ifs",
      "--by", "lead-day", "--lead-from", "run", "--format", "csv")
    #expect(compared.exitCode == 0, "\(compared)")
    let rows = CSVTable(compared.stdout).rows
    #expect(!rows.isEmpty, "\(compared)")
    for row in rows {
      let a = try #require(Double(row["rmse_a"] ?? ""), "\(row)")
      let b = try #require(Double(row["rmse_b"] ?? ""), "\(row)")
      #expect(a == b, "lead day \(row["lead_day"] ?? "?"): \(a) vs \(b)")
      #expect(row["rmse_diff"] == "0.0", "\(row)")
    }

    // Previous Runs of the named model, not the blend.
    #expect(
      try Ingest.rows(
        harness, "SELECT DISTINCT model FROM hourly_forecasts WHERE source = 'previous-runs'")
        == [["ecmwf_ifs"]])
    // Previous Runs answers the same valid times from a blend: compared, not equal.
    let againstPrevious = await harness.run(
      "verify", "--compare", "source:single-runs", "source:previous-runs", "--by", "lead-day",
      "--format", "csv")
    #expect(againstPrevious.exitCode == 0, "\(againstPrevious)")
    #expect(
      CSVTable(againstPrevious.stdout).rows.contains { $0["rmse_diff"] != "0.0" },
      "\(againstPrevious.stdout)")
  }
}
