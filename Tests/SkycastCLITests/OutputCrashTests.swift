import Foundation
import TestSupport
import Testing

@testable import Store

#if canImport(Glibc)
  import Glibc
#endif

/// Outputs under SIGKILL and under concurrent writes, with real processes and connections.
@Suite struct OutputCrashTests {
  /// A database with Berlin and Denver and `hours` hourly forecast rows each.
  func database(_ directory: TemporaryDirectory, hours: Int) throws -> String {
    let path = directory.file("skycast.sqlite")
    let store = try Store(path: path)
    let history = HistoryBuilder(store: store)
    try store.write {
      for name in ["Berlin", "Denver"] {
        let city = try history.city(name)
        let issued: Int64 = 1_774_000_000 / 3600 * 3600
        let fetch = try history.fetch(city, requestedAt: issued, issuedAt: issued)
        for hour in 0..<hours {
          try history.forecast(
            city, fetch: fetch, issuedAt: issued, validAt: issued + Int64(hour) * 3600,
            ["temperature_2m": Double(hour % 30) / 2])
        }
      }
    }
    return path
  }

  func environment(_ database: String, extra: [String: String] = [:]) -> [String: String] {
    var environment = [
      "PATH": "/usr/bin:/bin", "HOME": NSTemporaryDirectory(), "SKYCAST_DB": database,
      "LANG": "C.UTF-8",
    ]
    environment.merge(extra) { $1 }
    return environment
  }

  func contents(_ path: String) -> String? {
    FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
  }

  /// Visible (not hidden temporary) files of a folder.
  func visibleFiles(_ folder: String) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: folder).filter { !$0.hasPrefix(".") }
      .sorted()
  }

  @Test(
    "an export killed with SIGKILL half-way leaves the old -o file and old parts untouched",
    arguments: [false, true])
  func killedExport(split: Bool) async throws {
    let directory = TemporaryDirectory()
    let path = try database(directory, hours: 2000)
    let folder = directory.file("out")
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let target = folder + (split ? "/hourly-Berlin.csv" : "/hourly.csv")
    try "the previous export\n".write(toFile: target, atomically: false, encoding: .utf8)
    let arguments =
      ["export", "hourly", "--format", "csv", "-o"]
      + (split ? [folder + "/", "--split-by", "city"] : [target])
    let child = try ChildProcess(
      arguments: arguments,
      environment: environment(path, extra: ["SKYCAST_TEST_STOP_AFTER_ROWS": "3000"]),
      directory: directory)
    #expect((await child.exited()) == .stopped, "\(child.stderr)")
    #expect(child.kill9() == .signalled(SIGKILL))
    #expect(contents(target) == "the previous export\n")
    #expect(try visibleFiles(folder) == [(target as NSString).lastPathComponent])
    let rerun = try ChildProcess(
      arguments: arguments, environment: environment(path), directory: directory)
    #expect((await rerun.exited()) == .exited(0), "\(rerun.stderr)")
    let lines = contents(target)?.split(separator: "\r\n").count ?? 0
    #expect(lines == 1 + (split ? 2000 : 4000))
  }

  /// The writer commits as fast as it can until the backup is done (at most 120 s). A backup copied in small steps starts
  /// over whenever another connection commits between two steps, so under steady writes it may
  /// only finish once they stop; one step takes one snapshot and cannot be disturbed.
  @Test("db backup finishes while another connection keeps writing")
  func backupUnderSteadyWrites() async throws {
    let harness = CLIHarness()
    do {
      let store = try harness.store()
      try store.database.execute(
        """
        WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 16000)
        INSERT INTO settings SELECT 'k' || i, hex(randomblob(500)) FROM n;
        """)
    }
    let commits = LockedBox(0)
    let stop = LockedBox(false)
    let timedOut = LockedBox(false)
    let done = DispatchSemaphore(value: 0)
    let path = harness.databasePath
    let writer = Thread {
      defer { done.signal() }
      guard let database = try? Database(path: path) else { return }
      // Long enough for a loaded 2-core machine; the old backup loop never ended while writes went on.
      let deadline = Date().addingTimeInterval(900)
      var counter = 0
      while !stop.value {
        if Date() > deadline {
          timedOut.withLock { $0 = true }
          return
        }
        counter += 1
        // One small commit after another, each rewriting a row somewhere in the file.
        let written: Void? = try? database.run(
          "UPDATE settings SET value = hex(randomblob(500)) WHERE key = ?",
          [.text("k\(counter * 7919 % 16000 + 1)")])
        if written != nil { commits.withLock { $0 += 1 } }
      }
    }
    writer.start()
    while commits.value < 20 { try await Task.sleep(nanoseconds: 1_000_000) }
    let before = commits.value
    let result = await harness.run("db", "backup", "copy.sqlite")
    let during = commits.value - before
    let wasTimedOut = timedOut.value
    stop.withLock { $0 = true }
    done.wait()
    #expect(result.exitCode == 0, "\(result)")
    #expect(!wasTimedOut, "the backup only finished after the writes stopped")
    // How many commits land during the backup depends on the machine's load; that the writer
    // was still running when the backup ended is what `wasTimedOut` checks.
    _ = during
    let copy = try Database(path: harness.directory.file("copy.sqlite"), mode: .readOnly)
    #expect(try copy.scalarText("PRAGMA integrity_check") == "ok")
    #expect(try copy.scalarInt("SELECT count(*) FROM settings WHERE key LIKE 'k%'") == 16000)
  }
}
