import Foundation
import TestSupport
import Testing

@testable import Store

/// `now --refresh` keeps a weather app's 10-second rule: one attempt of at most 9 s, no
/// backoff, a "refreshing…" note on a terminal, then the fresh or the cached view.
@Suite struct NowRefreshTests {
  /// A harness the morning after the stored Copenhagen fetch (so a refresh is due), pointed at
  /// `server`.
  static func harness(server: String) throws -> CLIHarness {
    let harness = try NowHonestyTests.copenhagen(at: NowHonestyTests.morning)
    harness.use(server: server)
    return harness
  }

  /// A server error and a refused connection: one attempt, no backoff, the cached view.
  @Test("one attempt and no backoff when the server fails", arguments: [false, true])
  func oneAttempt(refused: Bool) async throws {
    let server = try LoopbackServer { _ in .openMeteoError(status: 500, reason: "busy") }
    defer { server.stop() }
    let harness = try Self.harness(
      server: refused ? LoopbackServer.refusingBaseURL : server.baseURL)
    let result = await harness.run("now", "--refresh")
    #expect(result.exitCode == 0, "\(result)")
    #expect(
      result.stdout.hasPrefix("offline — showing data from 2026-07-26 23:00 (refresh failed: "))
    #expect(harness.sleeps.isEmpty, "no backoff: \(harness.sleeps)")
    #expect(server.requestCount(path: "/v1/forecast") == (refused ? 0 : 1))
  }

  /// A server that never answers costs the 9-second budget, not the collecting commands' 50 s.
  /// Timed on the real binary, so no other suite's work counts.
  @Test("a silent server costs at most the 9-second budget")
  func silentServer() async throws {
    let server = try LoopbackServer { _ in .hang }
    defer { server.stop() }
    let harness = try Self.harness(server: server.baseURL)
    // The child reads the real clock: months after the stored fetch, so a refresh is due.
    let environment = harness.environment
    let started = Date()
    let child = try ChildProcess(
      arguments: ["now", "--refresh", "--width", "200"], environment: environment,
      directory: harness.directory)
    // The end is read on the waiting thread: resuming this test can wait for a cooperative
    // thread that other suites hold, which is no part of the child's time.
    let (state, ended) = await withCheckedContinuation { continuation in
      Thread { continuation.resume(returning: (child.wait(), Date())) }.start()
    }
    let elapsed = ended.timeIntervalSince(started)
    #expect(state == .exited(0), "\(child.stderr)")
    #expect(child.stdout.contains("(refresh failed: timed out after 9 s"), "\(child.stdout)")
    // One attempt (the old policy made 4, with backoff between them) that gave up at its 9 s
    // deadline: the message is the deadline's and the server saw one request. The time is
    // only a hang detector, generous because a loaded 2-core machine can delay the child.
    #expect(elapsed >= 9, "gave up before its deadline after \(elapsed) s")
    #expect(elapsed < 60, "hung: no end at the 9 s deadline after \(elapsed) s")
    #expect(server.requestCount(path: "/v1/forecast") == 1)
  }

  /// The note goes to a terminal's stderr only; stdout stays the view.
  @Test("a refreshing note only on a terminal", arguments: [false, true])
  func refreshingNote(terminal: Bool) async throws {
    let clock = Date(timeIntervalSince1970: TimeInterval(NowHonestyTests.morning))
    let server = try FakeOpenMeteo.server(.forecast, now: { clock })
    defer { server.stop() }
    let harness = try Self.harness(server: server.baseURL)
    harness.stderrIsTTY = terminal
    let result = await harness.run("now", "--refresh")
    #expect(result.exitCode == 0, "\(result)")
    #expect(
      result.stderr.contains("refreshing the forecast for Copenhagen…") == terminal, "\(result)")
    #expect(!result.stdout.contains("refreshing"))
    #expect(result.stdout.contains("updated just now"), "\(result)")
  }

  /// The collector's freshness rule holds for `now --refresh` too, re-checked inside the write
  /// transaction: a fetch that another run (a cron `collect`) stores while the refresh waits
  /// for the server makes the refresh store nothing.
  @Test("a forecast another run stores during the refresh is not stored a second time")
  func freshnessRecheckedInTransaction() async throws {
    let clock = Date(timeIntervalSince1970: TimeInterval(NowHonestyTests.morning))
    let harness = try Self.harness(server: LoopbackServer.refusingBaseURL)
    let path = harness.databasePath
    let cityID = try harness.store().cities()[0].id
    let server = try FakeOpenMeteo.server(
      .forecast, now: { clock },
      faults: { _ in
        let other = try? Store(path: path)
        var stored = FetchRecord(
          cityID: cityID, source: .forecast, model: "best_match",
          requestedAt: NowHonestyTests.morning, status: .ok)
        stored.rows = 24  // only a fetch that stored rows makes a city fresh
        _ = try? other?.insertFetch(stored)
        return nil
      })
    defer { server.stop() }
    harness.use(server: server.baseURL)
    let count = "SELECT count(*) FROM fetches"
    let before = try harness.store().database.scalarInt(count) ?? 0
    let result = await harness.run("now", "--refresh")
    #expect(result.exitCode == 0, "\(result)")
    #expect(server.requestCount(path: "/v1/forecast") == 1)
    let after = try harness.store().database.scalarInt(count) ?? 0
    #expect(after == before + 1, "only the other run's fetch: \(before) → \(after)")
  }
}
