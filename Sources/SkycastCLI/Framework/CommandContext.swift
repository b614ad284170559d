import Foundation
import SkycastModel

#if canImport(Glibc)
  import Glibc
#endif

/// Everything a command may read from or write to the outside world, injected so tests run
/// commands in parallel, in-process: environment, working directory, standard streams, terminal
/// facts, the clock and the sleeper used between retries. Commands never read globals.
public final class CommandContext {
  public var environment: [String: String]
  public var workingDirectory: String
  /// Reads all of standard input (for `spark -` and prompts).
  public var readStandardInput: () -> [UInt8]
  /// Reads one line from standard input for interactive prompts; nil at end of input.
  public var readLine: () -> String?
  public let stdout: any ByteSink
  public let stderr: any ByteSink
  public var stdinIsTTY: Bool
  public var stdoutIsTTY: Bool
  public var stderrIsTTY: Bool
  /// Columns reported by the terminal (ioctl), nil when unknown.
  public var terminalColumns: Int?
  /// The current time.
  public var now: @Sendable () -> Date
  /// Waits between retries; tests replace it to avoid real waiting.
  public var sleep: @Sendable (Double) async -> Void
  /// Path of the running `skycast` binary (for messages), if known.
  public var executableName: String = "skycast"

  public init(
    environment: [String: String], workingDirectory: String, stdout: any ByteSink,
    stderr: any ByteSink, stdinIsTTY: Bool = false, stdoutIsTTY: Bool = false,
    stderrIsTTY: Bool = false, terminalColumns: Int? = nil,
    now: @escaping @Sendable () -> Date = { Date() },
    sleep: @escaping @Sendable (Double) async -> Void = { seconds in
      try? await Task.sleep(nanoseconds: UInt64(max(0, seconds) * 1e9))
    },
    readStandardInput: @escaping () -> [UInt8] = { [] },
    readLine: @escaping () -> String? = { nil }
  ) {
    self.environment = environment
    self.workingDirectory = workingDirectory
    self.stdout = stdout
    self.stderr = stderr
    self.stdinIsTTY = stdinIsTTY
    self.stdoutIsTTY = stdoutIsTTY
    self.stderrIsTTY = stderrIsTTY
    self.terminalColumns = terminalColumns
    self.now = now
    self.sleep = sleep
    self.readStandardInput = readStandardInput
    self.readLine = readLine
  }

  /// The real process: environment, cwd, file descriptors 0–2, isatty and ioctl.
  public static func process() -> CommandContext {
    var columns: Int?
    var size = winsize()
    if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 {
      columns = Int(size.ws_col)
    }
    return CommandContext(
      environment: ProcessInfo.processInfo.environment,
      workingDirectory: FileManager.default.currentDirectoryPath,
      stdout: FileDescriptorSink(descriptor: STDOUT_FILENO, name: "standard output"),
      stderr: FileDescriptorSink(descriptor: STDERR_FILENO, name: "standard error"),
      stdinIsTTY: isatty(STDIN_FILENO) == 1, stdoutIsTTY: isatty(STDOUT_FILENO) == 1,
      stderrIsTTY: isatty(STDERR_FILENO) == 1, terminalColumns: columns,
      readStandardInput: { Array(FileHandle.standardInput.readDataToEndOfFile()) },
      readLine: { Swift.readLine() })
  }

  /// The current time in whole epoch seconds.
  public var nowEpoch: Int64 { Int64(now().timeIntervalSince1970.rounded(.down)) }

  /// Terminal width for output fitting: `--width` > `$COLUMNS` > ioctl > 80.
  public func width(override: Int?) -> Int {
    if let override, override > 0 { return override }
    if let columns = environment["COLUMNS"].flatMap(Int.init), columns > 0 { return columns }
    if let terminalColumns, terminalColumns > 0 { return terminalColumns }
    return 80
  }

  /// Resolves a user-given path against the working directory (after `~` expansion).
  public func resolve(path: String) -> String {
    var path = path
    if path == "~" || path.hasPrefix("~/"), let home = environment["HOME"] {
      path = home + path.dropFirst()
    }
    if path.hasPrefix("/") || path == ":memory:" { return path }
    return (workingDirectory as NSString).appendingPathComponent(path)
  }
}

@available(*, unavailable)
extension CommandContext: Sendable {}
