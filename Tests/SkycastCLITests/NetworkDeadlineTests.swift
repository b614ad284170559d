import Foundation
import TestSupport
import Testing

@testable import SkycastKit

/// A network call can never hang: `collect` against servers that never answer, answer too
/// late, or send a gzip bomb ends within its budget every time and logs a `failed` fetch.
@Suite struct NetworkDeadlineTests {
  /// The hostile servers of the soak, by name.
  static let servers: [(name: String, reply: Reply)] = [
    ("silent", .hang),
    ("late", .delayed(seconds: 3, .ok("{}"))),
    ("gzip bomb", HostileReplies.gzipBombReply()),
  ]

  /// The budget of `--timeout 0.4 --retries 1`: 2 × 0.4 s + 1.5 s backoff.
  static let budget = RetryPolicy(timeout: 0.4, retries: 1).budget

  /// One `collect` of one city against `server` with a 0.4 s timeout and one retry: its budget
  /// is 2 × 0.4 s + 1.5 s backoff, but the harness's sleeper returns at once, so 0.8 s of
  /// waiting plus start-up is what a run may take.
  static func collectOnce(against server: LoopbackServer) async throws -> (CLIResult, Double) {
    let harness = CLIHarness()
    harness.use(server: server.baseURL)
    _ = await harness.run(
      "city", "add", "--name", "Berlin", "--lat", "52.52", "--lon", "13.41", "--timezone",
      "Europe/Berlin")
    let started = Date()
    let result = await harness.run("collect", "--timeout", "0.4", "--retries", "1")
    let elapsed = Date().timeIntervalSince(started)
    let failed = try harness.scalar("SELECT count(*) FROM fetches WHERE status = 'failed'")
    #expect(failed == "1", "a failed fetch row is always written: \(result)")
    return (result, elapsed)
  }

  /// 30 runs against each server, five at a time: every run ends within its budget with exit 1,
  /// a one-line reason and a failed fetch row.
  @Test(
    "the soak: 30 runs each against a silent server, a late server and a gzip bomb",
    arguments: [0, 1, 2])
  func soak(server index: Int) async throws {
    let (name, reply) = Self.servers[index]
    let server = try LoopbackServer { _ in reply }
    defer { server.stop() }
    for _ in 0..<6 {
      try await withThrowingTaskGroup(of: (CLIResult, Double).self) { group in
        for _ in 0..<5 { group.addTask { try await Self.collectOnce(against: server) } }
        for try await (result, elapsed) in group {
          #expect(result.exitCode == 1, "\(name): \(result)")
          // Within the budget; the slack is for a loaded 2-core machine (a hang is forever).
          #expect(elapsed < Self.budget + 5, "\(name): a run took \(elapsed) s")
          #expect(result.stderr.contains("Berlin: failed:"), "\(name): \(result.stderr)")
        }
      }
    }
  }

  @Test("the reason names what happened: a timeout, or a compressed reply that was not asked for")
  func reasons() async throws {
    for (name, reply) in Self.servers {
      let server = try LoopbackServer { _ in reply }
      defer { server.stop() }
      let (result, _) = try await Self.collectOnce(against: server)
      if name == "gzip bomb" {
        #expect(result.stderr.contains("compressed with gzip"), "\(result.stderr)")
      } else {
        #expect(result.stderr.contains("timed out after 0.4 s"), "\(result.stderr)")
      }
    }
  }

  /// The budget is stated where the options are: attempts × timeout + backoff.
  @Test(
    "every network command prints its request budget in --help",
    arguments: [
      ("collect", "at most 4 × 10 s + 10.5 s backoff = 50.5 s per request"),
      ("observe", "at most 4 × 10 s + 10.5 s backoff = 50.5 s per request"),
      ("backfill", "at most 4 × 10 s + 10.5 s backoff = 50.5 s per request"),
      ("city add", "at most 4 × 10 s + 10.5 s backoff = 50.5 s per request"),
      // The weather-app view keeps its 10-second promise: one attempt, no backoff.
      ("now", "at most 1 × 9 s + 0 s backoff = 9 s per request"),
    ])
  func budgetInHelp(command: String, budget: String) async throws {
    let harness = CLIHarness()
    let result = await harness.run(command.split(separator: " ").map(String.init) + ["--help"])
    #expect(result.exitCode == 0)
    let flat = result.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    #expect(flat.contains(budget), "\(result.stdout)")
  }
}
