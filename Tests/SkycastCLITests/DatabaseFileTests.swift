import Foundation
import TestSupport
import Testing

@testable import SkycastModel
@testable import Store

#if canImport(Glibc)
  import Glibc
#endif

/// What every command does with database files it cannot or must not use.
@Suite struct DatabaseFileTests {
  @Test("a database from a newer Skycast is refused with a clear message and left unchanged")
  func newerVersion() async throws {
    let harness = CLIHarness()
    do {
      let database = try Database(path: harness.databasePath)
      try database.setUserVersion(99)
    }
    let before = try Data(contentsOf: URL(fileURLWithPath: harness.databasePath))
    for command in [["city", "list"], ["collect"], ["sql", "SELECT 1"], ["db", "info"]] {
      let result = await harness.run(command)
      #expect(result.exitCode == 1, "\(command)")
      #expect(
        result.stderr.contains("was written by a newer Skycast (schema version 99"),
        "\(result.stderr)")
    }
    #expect(try Data(contentsOf: URL(fileURLWithPath: harness.databasePath)) == before)
  }

  @Test("a file that is not SQLite gets a clear error from every command")
  func notSQLite() async throws {
    let harness = CLIHarness()
    let text = Data(
      String(repeating: "city,time,temperature_2m\nBerlin,2026-03-01T00:00,1.0\n", count: 100).utf8)
    try text.write(to: URL(fileURLWithPath: harness.databasePath))
    for command in [
      ["city", "list"], ["city", "add", "--name", "A", "--lat", "1", "--lon", "1"],
      ["sql", "SELECT 1"],
    ] {
      let result = await harness.run(command)
      #expect(result.exitCode == 1)
      #expect(
        result.stderr
          == "Error: \(harness.databasePath) is not a Skycast database (not a SQLite file); choose another --db\n"
      )
    }
    #expect(try Data(contentsOf: URL(fileURLWithPath: harness.databasePath)) == text)
  }

  @Test("an older schema is migrated in place after a backup, keeping its data")
  func migration() async throws {
    let harness = CLIHarness()
    do {
      let database = try Database(path: harness.databasePath)
      try Migrator.migrate(database, to: 1)
      try database.run(
        "INSERT INTO cities (name, latitude, longitude, timezone, added_at) VALUES ('Old Town', 1, 2, 'UTC', 0)"
      )
    }
    let result = await harness.run("city", "list", "--format", "csv")
    #expect(result.exitCode == 0)
    #expect(result.stdout.contains("1,Old Town,"))
    let backup = Migrator.backupPath(
      for: harness.databasePath, version: 1, now: Int64(harness.now.timeIntervalSince1970))
    #expect(FileManager.default.fileExists(atPath: backup))
    #expect(try Database(path: backup, mode: .readOnly).userVersion() == 1)
    #expect(try harness.store().database.userVersion() == Schema.currentVersion)
  }

  @Test("on a read-only mount writers fail clearly and readers still read")
  func readOnlyMount() async throws {
    // chmod proves nothing as root (CI runs as root): bind-mount the folder read-only in a
    // private mount namespace instead.
    guard geteuid() == 0, FileManager.default.isExecutableFile(atPath: "/usr/bin/unshare") else {
      print("note: read-only mount test skipped (needs root and unshare)")
      return
    }
    let directory = TemporaryDirectory()
    let path = directory.file("skycast.sqlite")
    do {
      let store = try Store(path: path)
      try store.addCity(
        City(name: "Berlin", latitude: 52.5, longitude: 13.4, timezone: "Europe/Berlin"))
    }
    let binary = ChildProcess.skycastPath
    let script = """
      mount --bind -o ro '\(directory.path)' '\(directory.path)' || exit 99
      '\(binary)' city add --name B --lat 1 --lon 1 --timezone UTC; echo "add=$?"
      '\(binary)' city list --format csv; echo "list=$?"
      '\(binary)' sql 'SELECT count(*) AS n FROM cities' --format csv; echo "sql=$?"
      """
    let outcome = try await Subprocess.run(
      "/usr/bin/unshare", ["--mount", "--propagation", "private", "sh", "-c", script],
      environment: ["SKYCAST_DB": path, "PATH": "/usr/bin:/bin", "HOME": directory.path])
    let (stdout, stderr) = (outcome.stdout, outcome.stderr)
    guard outcome.status != 99, !stdout.isEmpty else {
      print("note: read-only mount test skipped (mount not permitted here): \(stderr)")
      return
    }
    #expect(stdout.contains("add=1"))
    #expect(stderr.contains("database \(path) is read-only (file or folder not writable)"))
    #expect(stdout.contains("1,Berlin,"))
    #expect(stdout.contains("list=0"))
    #expect(stdout.contains("n\r\n1\r\n"))
    #expect(stdout.contains("sql=0"))
  }
}
