import Foundation
import TestSupport
import Testing

@testable import SkycastModel
@testable import Store

#if canImport(Glibc)
  import Glibc
#endif

/// A full disk and a read-only database, made real with mounts in a private mount namespace
/// (as root, `chmod` proves nothing). Each test is skipped with a note where mounting is not
/// allowed.
@Suite struct MountTests {
  /// Runs `script` with `sh` in a private mount namespace; nil when that is not possible (the
  /// script exits 99 when its first mount fails).
  func run(_ script: String, environment: [String: String]) async throws -> (
    stdout: String, stderr: String
  )? {
    guard geteuid() == 0, FileManager.default.isExecutableFile(atPath: "/usr/bin/unshare") else {
      print("note: mount test skipped (needs root and unshare)")
      return nil
    }
    let outcome = try await Subprocess.run(
      "/usr/bin/unshare", ["--mount", "--propagation", "private", "sh", "-c", script],
      environment: environment.merging(["PATH": "/usr/bin:/bin"]) { $1 })
    let (stdout, stderr) = (outcome.stdout, outcome.stderr)
    guard outcome.status != 99 else {
      print("note: mount test skipped (mount not permitted here): \(stderr)")
      return nil
    }
    return (stdout, stderr)
  }

  /// A Skycast database of about 2 MB.
  func database(at path: String) throws {
    let store = try Store(path: path)
    try store.addCity(City(name: "Berlin", latitude: 52.5, longitude: 13.4, timezone: "UTC"))
    try store.database.execute(
      """
      WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 2000)
      INSERT INTO settings SELECT 'k' || i, hex(randomblob(500)) FROM n;
      """)
  }

  @Test("a backup onto a full disk leaves nothing under its name, and the retry works")
  func backupOnFullDisk() async throws {
    let directory = TemporaryDirectory()
    let path = directory.file("skycast.sqlite")
    try database(at: path)
    let small = directory.file("small")
    try FileManager.default.createDirectory(atPath: small, withIntermediateDirectories: true)
    let binary = ChildProcess.skycastPath
    let script = """
      mount -t tmpfs -o size=256k tmpfs '\(small)' || exit 99
      '\(binary)' db backup '\(small)/copy.sqlite'; echo "backup=$?"
      echo "left: $(ls -A '\(small)')."
      mount -o remount,size=64m '\(small)'
      '\(binary)' db backup '\(small)/copy.sqlite'; echo "retry=$?"
      '\(binary)' --db '\(small)/copy.sqlite' city list --format csv
      """
    guard
      let result = try await run(script, environment: ["SKYCAST_DB": path, "HOME": directory.path])
    else { return }
    #expect(result.stdout.contains("backup=1"), "\(result)")
    #expect(
      result.stderr.contains(
        "Error: backup to \(small)/copy.sqlite failed: the disk is full; nothing was written under that name"
      ), "\(result.stderr)")
    #expect(result.stdout.contains("left: ."), "nothing, not even a temporary file: \(result)")
    #expect(result.stdout.contains("retry=0"), "\(result)")
    #expect(result.stdout.contains("1,Berlin,"), "\(result)")
  }

  @Test("db vacuum on a full disk says so and leaves the database as it was")
  func vacuumOnFullDisk() async throws {
    let directory = TemporaryDirectory()
    let source = directory.file("source.sqlite")
    try database(at: source)
    let small = directory.file("small")
    try FileManager.default.createDirectory(atPath: small, withIntermediateDirectories: true)
    let binary = ChildProcess.skycastPath
    let path = small + "/skycast.sqlite"
    // The database fills most of a small disk; 64 KB stay free, room to open it but not to
    // rebuild it.
    let script = """
      mount -t tmpfs -o size=3m tmpfs '\(small)' || exit 99
      cp '\(source)' '\(path)'
      dd if=/dev/zero of='\(small)/filler' bs=4k 2>/dev/null
      truncate -s -64K '\(small)/filler'
      SQLITE_TMPDIR='\(small)' '\(binary)' db vacuum; echo "vacuum=$?"
      '\(binary)' db check; echo "check=$?"
      """
    guard
      let result = try await run(script, environment: ["SKYCAST_DB": path, "HOME": directory.path])
    else { return }
    #expect(result.stdout.contains("vacuum=1"), "\(result)")
    #expect(
      result.stderr.contains("Error: cannot vacuum \(path): the disk is full"), "\(result.stderr)")
    #expect(!result.stderr.contains("SQLite error"), "\(result.stderr)")
    #expect(result.stdout.contains("ok\ncheck=0"), "\(result)")
  }

  @Test("now reads a database on a read-only mount; --refresh says why it shows stored data")
  func nowReadOnly() async throws {
    let harness = ViewsFixtures.harness(at: NowCommandTests.soon)
    try ViewsFixtures.storeCopenhagen(harness)
    let folder = harness.directory.path
    let binary = ChildProcess.skycastPath
    let script = """
      mount --bind -o ro '\(folder)' '\(folder)' || exit 99
      '\(binary)' now Copenhagen; echo "now=$?"
      '\(binary)' now --refresh --width 300; echo "refresh=$?"
      """
    guard
      let result = try await run(
        script,
        environment: [
          "SKYCAST_DB": harness.databasePath, "HOME": folder,
          "SKYCAST_FORECAST_URL": LoopbackServer.refusingBaseURL,
        ])
    else { return }
    #expect(result.stdout.contains("Copenhagen, Capital Region (DK)\n"), "\(result)")
    #expect(result.stdout.contains("now=0"), "\(result)")
    #expect(result.stdout.contains("refresh=0"), "\(result)")
    #expect(
      result.stdout.contains("refresh failed: the database \(harness.databasePath) is read-only"),
      "\(result)")
  }
}
