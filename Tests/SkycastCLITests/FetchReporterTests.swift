import Foundation
import TestSupport
import Testing

/// `FetchReporter` is the one reporter of the fetching commands: each prints its progress lines
/// on a terminal (and only there) in its own words, and its summary.
@Suite struct FetchReporterTests {
  @Test(
    "each fetching command prints its progress lines on a terminal only, and its summary",
    arguments: [
      (
        ["collect"], ["collecting 1-2/2: Berlin, Paris…"], "collected 2/2 cities"
      ),
      (
        ["collect", "--ensemble", "ecmwf_ifs025_ensemble"],
        ["collecting ensembles 1-2/2: Berlin, Paris…"], "collected 2/2 cities"
      ),
      (
        ["observe", "--from", "2026-03-01", "--to", "2026-03-02"],
        [
          "observing 1/2: Berlin 2026-03-01…2026-03-02…",
          "observing 2/2: Paris 2026-03-01…2026-03-02…",
        ],
        "observed 2/2 cities in 2 requests: 96 hourly and 4 daily rows"
      ),
      (
        ["backfill", "--from", "2026-03-01", "--to", "2026-03-02", "--days", "1"],
        [
          "backfilling 1/2: Berlin 2026-03-01…2026-03-02…",
          "backfilling 2/2: Paris 2026-03-01…2026-03-02…",
        ],
        "backfilled 2/2 cities in 2 requests:"
      ),
    ])
  func progressAndSummary(arguments: [String], progress: [String], summary: String) async throws {
    for terminal in [false, true] {
      let world = try Ingest.World()
      defer { world.stop() }
      let harness = world.harness
      try await Ingest.addCity(
        harness, "Berlin", latitude: 52.52, longitude: 13.41, zone: "Europe/Berlin")
      try await Ingest.addCity(
        harness, "Paris", latitude: 48.85, longitude: 2.35, zone: "Europe/Paris")
      harness.stderrIsTTY = terminal
      let result = await harness.run(arguments)
      #expect(result.exitCode == 0, "\(result)")
      for line in progress {
        #expect(result.stderr.contains(line) == terminal, "\(terminal): \(result.stderr)")
      }
      #expect(result.stderr.contains(summary), "\(result.stderr)")
    }
  }
}
