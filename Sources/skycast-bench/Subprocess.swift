import Foundation

#if canImport(Glibc)
  import Glibc
#endif

enum Subprocess {
  /// `stdoutPath` that sends the output into a pipe the benchmark reads and discards, as a
  /// shell pipeline (`skycast … | consumer`) would.
  static let pipe = "|"

  /// Runs `executable` with `arguments`, stdout to `stdoutPath` (default /dev/null; ``pipe``: a
  /// pipe drained by this process), stderr to a temporary capture that is returned on failure.
  static func run(
    _ executable: String, _ arguments: [String], stdoutPath: String = "/dev/null",
    environment: [String: String]? = nil
  ) throws -> ProcessCost {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    var pipeEnds: [Int32] = [-1, -1]
    if stdoutPath == Self.pipe {
      guard Glibc.pipe(&pipeEnds) == 0 else { throw BenchError("pipe failed") }
      posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], 1)
      posix_spawn_file_actions_addclose(&actions, pipeEnds[0])
      posix_spawn_file_actions_addclose(&actions, pipeEnds[1])
    } else {
      posix_spawn_file_actions_addopen(
        &actions, 1, stdoutPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    }
    let errorPath = NSTemporaryDirectory() + "skycast-bench-\(UUID().uuidString).err"
    posix_spawn_file_actions_addopen(&actions, 2, errorPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    defer { unlink(errorPath) }
    let memoryPath = NSTemporaryDirectory() + "skycast-bench-\(UUID().uuidString).rss"
    defer { unlink(memoryPath) }
    let timeTool = "/usr/bin/time"
    let measured = FileManager.default.isExecutableFile(atPath: timeTool)
    let command = measured ? [timeTool, "-f", "%M", "-o", memoryPath, executable] : [executable]
    let argv = (command + arguments).map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    let env =
      (environment ?? ProcessInfo.processInfo.environment).map { strdup("\($0.key)=\($0.value)") }
      + [nil]
    defer { for pointer in env { free(pointer) } }
    var pid: pid_t = 0
    let start = DispatchTime.now().uptimeNanoseconds
    let spawned = posix_spawnp(&pid, command[0], &actions, nil, argv, env)
    guard spawned == 0 else {
      for end in pipeEnds where end >= 0 { close(end) }
      throw BenchError("cannot start \(executable): \(String(cString: strerror(spawned)))")
    }
    if pipeEnds[0] >= 0 {
      // Drain the pipe as a fast consumer would, then wait for the exit.
      close(pipeEnds[1])
      var buffer = [UInt8](repeating: 0, count: 1 << 16)
      while true {
        let count = buffer.withUnsafeMutableBytes { read(pipeEnds[0], $0.baseAddress, $0.count) }
        if count > 0 { continue }
        if count < 0, errno == EINTR { continue }
        break
      }
      close(pipeEnds[0])
    }
    var status: Int32 = 0
    var usage = rusage()
    while wait4(pid, &status, 0, &usage) < 0 {
      guard errno == EINTR else { throw BenchError("wait4 failed for \(executable)") }
    }
    let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    let exitCode = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
    if exitCode != 0 {
      let message = (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? ""
      throw BenchError(
        "\(executable) \(arguments.joined(separator: " ")) exited \(exitCode): \(message.prefix(500))"
      )
    }
    let reported = (try? String(contentsOfFile: memoryPath, encoding: .utf8))?
      .split(separator: "\n").last.flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }
    var cost = ProcessCost(
      seconds: seconds, peakRSSKilobytes: reported ?? Int(usage.ru_maxrss), status: exitCode)
    cost.cpuSeconds =
      Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
      + Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
    return cost
  }

  /// The full path of a program on `PATH`, or nil.
  static func which(_ name: String) -> String? {
    for directory in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(
      separator: ":")
    {
      let path = "\(directory)/\(name)"
      if access(path, X_OK) == 0 { return path }
    }
    return nil
  }
}

/// Wall-clock seconds of `body`.
func measure<T>(_ body: () throws -> T) rethrows -> (T, Double) {
  let start = DispatchTime.now().uptimeNanoseconds
  let value = try body()
  return (value, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
}

extension Benchmark {
  /// The first row of `sql` on `database`, as the sqlite3 shell prints it (CSV cells): the
  /// benchmark reads its files with the baseline tool, not through Skycast's own store.
  func shellRow(_ database: String, _ sql: String) throws -> [String] {
    let output = directory + "/shell-row.csv"
    _ = try Subprocess.run(sqlite3, ["-csv", "-readonly", database, sql], stdoutPath: output)
    let text = try String(contentsOfFile: output, encoding: .utf8)
    return (text.split(whereSeparator: \.isNewline).first ?? "").split(
      separator: ",", omittingEmptySubsequences: false
    ).map(String.init)
  }

  /// `SELECT count(*) …` through ``shellRow(_:_:)``.
  func shellCount(_ database: String, _ sql: String) throws -> Int {
    guard let count = try shellRow(database, sql).first.flatMap({ Int($0) }) else {
      throw BenchError("no count from: \(sql)")
    }
    return count
  }
}
