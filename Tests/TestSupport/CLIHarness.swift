import Foundation
import SkycastCLI
import SkycastModel

import Store

/// What one in-process CLI run printed and returned.
public struct CLIResult: Sendable, CustomStringConvertible {
  public let stdout: String
  public let stderr: String
  public let exitCode: Int32

  public var description: String {
    "exit \(exitCode)\n--- stdout\n\(stdout)--- stderr\n\(stderr)"
  }
}

/// Runs `skycast` commands in-process against a private temporary database and environment, so
/// tests run in parallel. Set `environment["SKYCAST_FORECAST_URL"]` etc. to a `LoopbackServer`.
public final class CLIHarness: @unchecked Sendable {
  // @unchecked: a harness is used by one test at a time; the recorded sleeps are behind a lock.
  public let directory = TemporaryDirectory()
  public var environment: [String: String]
  /// The clock commands see (fixed unless a test changes it).
  public var now: Date
  public var stdinIsTTY = false
  public var stdoutIsTTY = false
  public var stderrIsTTY = false
  public var terminalColumns: Int?
  public var workingDirectory: String
  private let sleepLock = NSLock()
  private var recordedSleeps: [Double] = []

  public init(now: Date = Date(timeIntervalSince1970: 1_774_000_000)) {
    self.now = now
    workingDirectory = directory.path
    environment = [
      "HOME": directory.path,
      "SKYCAST_DB": directory.file("skycast.sqlite"),
      "XDG_CONFIG_HOME": directory.file("config"),
      "XDG_DATA_HOME": directory.file("data"),
      "no_proxy": "127.0.0.1,localhost",
    ]
  }

  /// The database path the commands use.
  public var databasePath: String { environment["SKYCAST_DB"]! }

  /// Points every Open-Meteo base URL at `baseURL`.
  public func use(server baseURL: String) {
    for name in [
      "SKYCAST_FORECAST_URL", "SKYCAST_ARCHIVE_URL", "SKYCAST_GEOCODING_URL",
      "SKYCAST_PREVIOUS_RUNS_URL", "SKYCAST_ENSEMBLE_URL", "SKYCAST_SINGLE_RUNS_URL",
      "SKYCAST_HISTORICAL_FORECAST_URL",
    ] {
      environment[name] = baseURL
    }
  }

  /// Seconds the commands asked to sleep between retries (they return at once).
  public var sleeps: [Double] {
    sleepLock.lock()
    defer { sleepLock.unlock() }
    return recordedSleeps
  }

  private func record(sleep seconds: Double) {
    sleepLock.withLock { recordedSleeps.append(seconds) }
  }

  /// Runs one command line.
  public func run(_ arguments: [String], stdin: String = "") async -> CLIResult {
    let out = MemorySink()
    let err = MemorySink()
    let clock = now
    let input = Array(stdin.utf8)
    var lines = stdin.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let context = CommandContext(
      environment: environment, workingDirectory: workingDirectory, stdout: out, stderr: err,
      stdinIsTTY: stdinIsTTY, stdoutIsTTY: stdoutIsTTY, stderrIsTTY: stderrIsTTY,
      terminalColumns: terminalColumns, now: { clock },
      sleep: { [self] seconds in record(sleep: seconds) },
      readStandardInput: { input },
      readLine: { lines.isEmpty ? nil : lines.removeFirst() })
    let code = await CLI.run(arguments, context: context)
    return CLIResult(stdout: out.text, stderr: err.text, exitCode: code)
  }

  /// Runs one command line given as words.
  public func run(_ arguments: String..., stdin: String = "") async -> CLIResult {
    await run(arguments, stdin: stdin)
  }

  /// Opens the harness's database (read-write) for assertions.
  public func store() throws -> Store {
    try Store(path: databasePath)
  }

  /// The first column of the first row of `sql` on the harness's database, as text.
  public func scalar(_ sql: String) throws -> String? {
    try store().scalarText(sql)
  }
}
