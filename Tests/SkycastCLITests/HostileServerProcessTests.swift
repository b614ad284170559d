import Foundation
import TestSupport
import Testing

/// The real binary against hostile servers, measured by GNU `time`: waiting costs no CPU, and
/// a huge or explosive reply ends with a failed fetch, a clear reason and bounded memory.
@Suite struct HostileServerProcessTests {
  /// What GNU `time` reported for one run.
  struct Measured {
    let elapsed: Double
    let cpu: Double
    let peakKilobytes: Int
    let exitCode: Int32
    let stderr: String
  }

  static let time = "/usr/bin/time"

  /// Runs `skycast collect` for one saved city against `server` under GNU `time`.
  static func collect(against server: LoopbackServer, timeout: String, retries: String = "0")
    async throws -> (Measured, CLIHarness)
  {
    let harness = CLIHarness()
    _ = await harness.run(
      "city", "add", "--name", "Berlin", "--lat", "52.52", "--lon", "13.41", "--timezone",
      "Europe/Berlin")
    var environment = harness.environment
    environment["SKYCAST_FORECAST_URL"] = server.baseURL
    let report = harness.directory.file("time.txt")
    let child = try ChildProcess(
      arguments: ["collect", "--timeout", timeout, "--retries", retries], environment: environment,
      directory: harness.directory, wrapper: [time, "-f", "%e %U %S %M", "-o", report])
    let state = await child.exited()
    let fields =
      try String(contentsOfFile: report, encoding: .utf8)
      .split(separator: "\n").last?.split(separator: " ").compactMap { Double($0) } ?? []
    try #require(fields.count == 4, "GNU time wrote \(fields)")
    guard case .exited(let code) = state else {
      Issue.record("collect did not exit: \(state)")
      return (Measured(elapsed: 0, cpu: 0, peakKilobytes: 0, exitCode: -1, stderr: ""), harness)
    }
    let measured = Measured(
      elapsed: fields[0], cpu: fields[1] + fields[2], peakKilobytes: Int(fields[3]),
      exitCode: code, stderr: child.stderr)
    return (measured, harness)
  }

  static var hasGNUTime: Bool { FileManager.default.isExecutableFile(atPath: time) }

  @Test(
    "waiting on a silent server costs under 0.1 s of CPU per second",
    .enabled(if: hasGNUTime, "needs GNU time (apt install time)"))
  func idleWait() async throws {
    let server = try LoopbackServer { _ in .hang }
    defer { server.stop() }
    let (run, _) = try await Self.collect(against: server, timeout: "3")
    #expect(run.exitCode == 1, "\(run.stderr)")
    #expect(run.elapsed >= 2.9)
    #expect(run.cpu / run.elapsed < 0.1, "CPU \(run.cpu) s in \(run.elapsed) s")
  }

  @Test(
    "a huge body, a chunked flood and a gzip bomb each end in a failed fetch under 200 MB",
    .enabled(if: hasGNUTime, "needs GNU time (apt install time)"),
    arguments: ["chunked flood", "huge body", "gzip bomb"])
  func boundedMemory(kind: String) async throws {
    let reply: Reply =
      switch kind {
      case "chunked flood": .flood(chunked: true, totalBytes: 400 << 20)
      case "huge body": .flood(chunked: false, totalBytes: 200 << 20)
      default: HostileReplies.gzipBombReply()
      }
    let server = try LoopbackServer { _ in reply }
    defer { server.stop() }
    let (run, harness) = try await Self.collect(against: server, timeout: "5")
    #expect(run.exitCode == 1, "\(run.stderr)")
    #expect(run.peakKilobytes < 200_000, "peak \(run.peakKilobytes) kB")
    // The reason below is the cap's, not the 5 s deadline's: that, not a wall-clock bound
    // (which measures the machine's load), shows it stopped at the cap.
    #expect(!run.stderr.contains("timed out"), "\(run.stderr)")
    let reason = kind == "gzip bomb" ? "reply too large once decompressed" : "reply too large"
    #expect(run.stderr.contains(reason), "\(run.stderr)")
    let error = try harness.scalar("SELECT error FROM fetches WHERE status = 'failed'")
    #expect(error?.contains(reason) == true, "\(String(describing: error))")
  }
}
