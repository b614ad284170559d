import Foundation
import SkycastModel
import TestSupport
import Testing

/// `collect` records the model run behind each fetch from the model's `meta.json`, read before
/// and after the forecast call (the fake's file is derived; SOURCES.md).
@Suite struct CollectRunTimesTests {
  /// 2026-03-20T09:46:40Z; the latest run at least 4 h old is 00 UTC.
  static let now = Date(timeIntervalSince1970: 1_774_000_000)
  static let run: Int64 = 1_773_964_800

  static func harness(_ fake: FakeOpenMeteo) async throws -> (CLIHarness, LoopbackServer) {
    let server = try fake.makeServer()
    let harness = CLIHarness(now: now)
    harness.use(server: server.baseURL)
    try await Ingest.addCity(
      harness, "Berlin", latitude: 52.52, longitude: 13.41, zone: "Europe/Berlin")
    return (harness, server)
  }

  static func runs(_ harness: CLIHarness) throws -> [[String]] {
    try Ingest.rows(
      harness,
      "SELECT model, run_at, run_available_at, coalesce(run_note, '') FROM fetches WHERE source = 'forecast' ORDER BY model"
    )
  }

  @Test("each model's run is stored with its fetch; a blend says why it has none")
  func stored() async throws {
    let (harness, server) = try await Self.harness(FakeOpenMeteo(.all, now: { Self.now }))
    defer { server.stop() }
    let result = await harness.run("collect", "--models", "ecmwf_ifs025,icon_global,icon_seamless")
    #expect(result.exitCode == 0, "\(result)")
    let rows = try Self.runs(harness)
    #expect(rows.count == 3)
    let available = String(Self.run + 4 * 3600 + 600)
    #expect(rows[0] == ["ecmwf_ifs025", String(Self.run), available, ""], "\(rows)")
    #expect(rows[1] == ["icon_global", String(Self.run), available, ""], "\(rows)")
    #expect(rows[2][0] == "icon_seamless" && rows[2][1] == "NULL")
    #expect(rows[2][3].contains("blends several models' runs"), "\(rows)")
    let paths = Set(server.requests.map(\.path))
    #expect(paths.contains("/data/dwd_icon/static/meta.json"), "icon_global's domain")
    #expect(paths.contains("/data/ecmwf_ifs025/static/meta.json"))
    #expect(!paths.contains { $0.contains("seamless") }, "a blend's metadata is not asked for")
    // Read before and after the call: two reads per model with a run.
    #expect(server.requests.filter { $0.path.hasSuffix("meta.json") }.count == 4)

    let blend = await harness.run("collect", "--force")
    #expect(blend.exitCode == 0, "\(blend)")
    #expect(
      try Ingest.rows(
        harness,
        "SELECT run_at IS NULL, run_note LIKE 'best_match blends%' FROM fetches WHERE model = 'best_match'"
      ) == [["1", "1"]])
  }

  @Test("a run that changes between the two reads is flagged, not guessed")
  func changed() async throws {
    let reads = LockedBox(0)
    var fake = FakeOpenMeteo(.all, now: { Self.now })
    fake.runInitialisation = { _ in
      let count = reads.withLock { value -> Int in
        value += 1
        return value
      }
      return count == 1 ? Self.run : Self.run + 21_600
    }
    let (harness, server) = try await Self.harness(fake)
    defer { server.stop() }
    let result = await harness.run("collect", "--models", "ecmwf_ifs025")
    #expect(result.exitCode == 0, "\(result)")
    let rows = try Self.runs(harness)
    #expect(rows.count == 1 && rows[0][1] == "NULL" && rows[0][2] == "NULL", "\(rows)")
    #expect(
      rows.first?[3]
        == "the run changed during the call (2026-03-20T00:00Z before, 2026-03-20T06:00Z after)")
  }

  /// meta.json naming a run in 2199 (after the fetch) or in 1970 (before 2000): the forecast is
  /// stored, its run is not, and the note says why.
  @Test(
    "a meta.json run after the fetch or before 2000 is refused, with the reason",
    arguments: [
      (Int64(7_226_582_400), "meta.json refused: its run 2199-01-01T00:00Z"),
      (Int64(0), "no run metadata: unexpected response: meta.json's last_run_initialisation_time"),
    ])
  func impossibleRun(run: Int64, note: String) async throws {
    var fake = FakeOpenMeteo(.all, now: { Self.now })
    fake.runInitialisation = { _ in run }
    let (harness, server) = try await Self.harness(fake)
    defer { server.stop() }
    let result = await harness.run("collect", "--models", "ecmwf_ifs025")
    #expect(result.exitCode == 0, "\(result)")
    let rows = try Self.runs(harness)
    #expect(rows.count == 1 && rows[0][1] == "NULL" && rows[0][2] == "NULL", "\(rows)")
    #expect(rows.first?[3].hasPrefix(note) == true, "\(rows)")
  }

  @Test("metadata the server does not have leaves the run unknown, with the reason")
  func missing() async throws {
    var fake = FakeOpenMeteo(.all, now: { Self.now })
    fake.runInitialisation = { _ in nil }
    let (harness, server) = try await Self.harness(fake)
    defer { server.stop() }
    let result = await harness.run("collect", "--models", "ecmwf_ifs025")
    #expect(result.exitCode == 0, "\(result)")
    let rows = try Self.runs(harness)
    #expect(rows.first?[1] == "NULL")
    #expect(rows.first?[3].hasPrefix("no run metadata: HTTP 404") == true, "\(rows)")
  }
}
