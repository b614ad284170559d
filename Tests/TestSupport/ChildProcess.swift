import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A spawned `skycast` process, for the tests that need a real process: SIGKILL mid-write and
/// several writers at once. Uses `posix_spawn` and `waitpid(WUNTRACED)` so a test can wait for a
/// child that stopped itself (`SKYCAST_TEST_STOP_AFTER_ROWS`).
public final class ChildProcess: @unchecked Sendable {
  // @unchecked: `pid` and the output paths are immutable after init; waiting is done by one test.
  public let pid: pid_t
  public let stdoutPath: String
  public let stderrPath: String

  /// How a wait ended.
  public enum State: Equatable, Sendable {
    case exited(Int32)
    case signalled(Int32)
    case stopped
  }

  /// The built `skycast` binary next to the test bundle (`swift test` builds executables too).
  public static var skycastPath: String {
    let candidates = [
      Bundle.main.bundleURL.appendingPathComponent("skycast").path,
      Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("skycast").path,
    ]
    return candidates.first { FileManager.default.isExecutableFile(atPath: $0) } ?? candidates[0]
  }

  /// Starts `skycast arguments…` with exactly `environment`; with `wrapper`, starts
  /// `wrapper… skycast arguments…` (for example GNU `time`).
  public init(
    arguments: [String], environment: [String: String], directory: TemporaryDirectory,
    wrapper: [String] = []
  ) throws {
    let name = UUID().uuidString
    stdoutPath = directory.file("\(name).out")
    stderrPath = directory.file("\(name).err")
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, stdoutPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    posix_spawn_file_actions_addopen(&actions, 2, stderrPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    let executable = wrapper.first ?? Self.skycastPath
    let argv = (wrapper + [Self.skycastPath] + arguments).map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { for pointer in envp { free(pointer) } }
    var child: pid_t = 0
    let result = posix_spawn(&child, executable, &actions, nil, argv, envp)
    guard result == 0 else {
      throw ChildProcessError(
        description: "cannot spawn \(executable): \(String(cString: strerror(result)))")
    }
    pid = child
  }

  /// Waits until the child exits, dies of a signal, or stops itself.
  public func wait() -> State {
    var status: Int32 = 0
    while waitpid(pid, &status, WUNTRACED) < 0 {
      if errno != EINTR { return .exited(-1) }
    }
    if status & 0xFF == 0x7F { return .stopped }
    if status & 0x7F == 0 { return .exited((status >> 8) & 0xFF) }
    return .signalled(status & 0x7F)
  }

  /// Waits like `wait()` on a thread of its own, so a test that runs several children at once
  /// does not hold Swift's cooperative threads (two on a 2-core machine) while they run.
  public func exited() async -> State {
    await withCheckedContinuation { continuation in
      Thread { continuation.resume(returning: self.wait()) }.start()
    }
  }

  /// SIGKILL, then reap.
  public func kill9() -> State {
    kill(pid, SIGKILL)
    return wait()
  }

  public var stdout: String { (try? String(contentsOfFile: stdoutPath, encoding: .utf8)) ?? "" }
  public var stderr: String { (try? String(contentsOfFile: stderrPath, encoding: .utf8)) ?? "" }
}

public struct ChildProcessError: Error, CustomStringConvertible {
  public let description: String
}
