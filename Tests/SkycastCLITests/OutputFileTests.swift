import Foundation
import TestSupport
import Testing

@testable import Store

/// `-o`, `--split-by` parts and `db backup`: an output never destroys what it replaces.
@Suite struct OutputFileTests {
  func contents(_ path: String) -> String? {
    FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
  }

  /// Hidden temporary files left in a folder.
  func temporaryFiles(_ folder: String) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".tmp") }
  }

  /// A harness with one saved city.
  func harness() async -> CLIHarness {
    let harness = CLIHarness()
    _ = await harness.run(
      "city", "add", "--name", "Berlin", "--lat", "52.52", "--lon", "13.41", "--timezone",
      "Europe/Berlin")
    return harness
  }

  @Test("-o onto the database, its -wal or -shm is refused however it is spelled; the data stays")
  func refusesDatabase() async throws {
    let harness = await harness()
    let database = harness.databasePath
    // An open connection keeps the -wal and -shm files in place while the commands run.
    let open = try harness.store()
    defer { withExtendedLifetime(open) {} }
    try FileManager.default.linkItem(atPath: database, toPath: harness.directory.file("hard"))
    try FileManager.default.createSymbolicLink(
      atPath: harness.directory.file("soft"), withDestinationPath: database)
    let names = [
      "skycast.sqlite", "./skycast.sqlite", database, "skycast.sqlite-wal", "skycast.sqlite-shm",
      "hard", "soft",
    ]
    for name in names {
      let result = await harness.run("export", "cities", "-o", name)
      #expect(result.exitCode == 1, "\(name): \(result)")
      #expect(result.stderr.contains("refusing to write to "), "\(result.stderr)")
      #expect(result.stderr.contains("it is the database \(database)"), "\(result.stderr)")
      let sql = await harness.run("sql", "SELECT 1 AS one", "-o", name)
      #expect(sql.exitCode == 1, "\(name): \(sql)")
    }
    let check = await harness.run("db", "check")
    #expect(check.stdout == "ok\n", "\(check)")
    let list = await harness.run("city", "list", "--format", "csv")
    #expect(list.stdout.contains("1,Berlin,"))
    #expect(try temporaryFiles(harness.directory.path).isEmpty)
  }

  /// `abs(INT64_MIN)` is an SQL error raised on the 11th row, after 10 rows were written.
  @Test("an SQL error after 10 rows leaves the old -o file exactly as it was")
  func sqlErrorKeepsOldFile() async throws {
    let harness = await harness()
    let path = harness.directory.file("out.csv")
    try "the previous export\n".write(toFile: path, atomically: false, encoding: .utf8)
    let query = """
      WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 20)
      SELECT i, CASE WHEN i > 10 THEN abs(-9223372036854775807 - 1 + 0 * i) ELSE i END AS v FROM n
      """
    let result = await harness.run("sql", query, "--format", "csv", "-o", path)
    #expect(result.exitCode == 1, "\(result)")
    #expect(result.stderr.contains("integer overflow"), "\(result.stderr)")
    #expect(contents(path) == "the previous export\n")
    #expect(try temporaryFiles(harness.directory.path).isEmpty)
    let fine = await harness.run("sql", "SELECT 1 AS one", "--format", "csv", "-o", path)
    #expect(fine.exitCode == 0, "\(fine)")
    #expect(contents(path) == "one\r\n1\r\n")
  }

  /// The second city's row holds a hand-edited time; nothing of the split export appears.
  @Test("a split export that fails half-way replaces no part and creates none")
  func failedSplitKeepsParts() async throws {
    let harness = CLIHarness()
    let history = HistoryBuilder(store: try harness.store())
    let berlin = try history.city("Berlin", timezone: "Europe/Berlin")
    let denver = try history.city("Denver", timezone: "America/Denver")
    let issued = history.instant(berlin, "2026-03-10", hour: 6)
    for (city, valid) in [(berlin, issued + 3600), (denver, issued + 3600), (denver, .max)] {
      let fetch = try history.fetch(city, requestedAt: issued, issuedAt: issued)
      try history.forecast(
        city, fetch: fetch, issuedAt: issued, validAt: valid, ["temperature_2m": 1])
    }
    let folder = harness.directory.file("parts")
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    try "old Berlin part\n".write(
      toFile: folder + "/hourly-Berlin.csv", atomically: false, encoding: .utf8)
    let result = await harness.run(
      "export", "hourly", "--split-by", "city", "--format", "csv", "-o", "parts/")
    #expect(result.exitCode == 1, "\(result)")
    #expect(result.stderr.contains("valid_at holds 9223372036854775807"), "\(result.stderr)")
    #expect(contents(folder + "/hourly-Berlin.csv") == "old Berlin part\n")
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["hourly-Berlin.csv"])
  }

  @Test("-o replaces a symbolic link instead of writing through it; devices are written in place")
  func symlinkReplaced() async throws {
    let harness = await harness()
    let precious = harness.directory.file("thesis.txt")
    try "chapter one\n".write(toFile: precious, atomically: false, encoding: .utf8)
    let link = harness.directory.file("cities.csv")
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: precious)
    let result = await harness.run("export", "cities", "--format", "csv", "-o", "cities.csv")
    #expect(result.exitCode == 0, "\(result)")
    #expect(contents(precious) == "chapter one\n")
    #expect(contents(link)?.hasPrefix("id,name,") == true)
    let type = try FileManager.default.attributesOfItem(atPath: link)[.type] as? FileAttributeType
    #expect(type == .typeRegular)
    let null = await harness.run("export", "cities", "-o", "/dev/null")
    #expect(null.exitCode == 0, "\(null)")
    #expect(
      try FileManager.default.attributesOfItem(atPath: "/dev/null")[.type] as? FileAttributeType
        == .typeCharacterSpecial)
  }

  @Test("db backup onto a dangling symbolic link replaces the link and creates nothing elsewhere")
  func backupDanglingLink() async throws {
    let harness = await harness()
    let elsewhere = harness.directory.file("mnt/usb/skycast.bak")
    let link = harness.directory.file("latest.bak")
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: elsewhere)
    let result = await harness.run("db", "backup", "latest.bak")
    #expect(result.exitCode == 0, "\(result)")
    #expect(!FileManager.default.fileExists(atPath: harness.directory.file("mnt")))
    let type = try FileManager.default.attributesOfItem(atPath: link)[.type] as? FileAttributeType
    #expect(type == .typeRegular)
    let copy = try Database(path: link, mode: .readOnly)
    #expect(try copy.scalarText("SELECT name FROM cities") == "Berlin")
    #expect(try temporaryFiles(harness.directory.path).isEmpty)
    let again = await harness.run("db", "backup", "latest.bak")
    #expect(again.exitCode == 1)
    #expect(again.stderr.contains("already exists; choose a new file name"))
  }

  @Test("db check never gives an empty file a schema; it says the file holds no data")
  func checkEmptyFile() async throws {
    let harness = CLIHarness()
    #expect(FileManager.default.createFile(atPath: harness.databasePath, contents: Data()))
    let result = await harness.run("db", "check")
    #expect(result.exitCode == 1, "\(result)")
    #expect(
      result.stderr
        == "Error: \(harness.databasePath) holds no Skycast data: it is an empty database (0 B); if it held your history, restore it from a backup\n"
    )
    #expect(result.stdout.isEmpty)
    let size = try FileManager.default.attributesOfItem(atPath: harness.databasePath)[.size] as? Int
    #expect(size == 0)
    let missing = CLIHarness()
    let none = await missing.run("db", "check")
    #expect(none.exitCode == 1)
    #expect(none.stderr.contains("no such file"), "\(none.stderr)")
    #expect(!FileManager.default.fileExists(atPath: missing.databasePath))
  }

  @Test("db check on a truncated file says it was cut short, not SQLite's text")
  func checkTruncated() async throws {
    let harness = await harness()
    do {
      let store = try harness.store()
      try store.database.execute(
        """
        WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 2000)
        INSERT INTO settings SELECT 'k' || i, hex(randomblob(500)) FROM n;
        PRAGMA wal_checkpoint(TRUNCATE);
        """)
    }
    let size = try #require(
      try FileManager.default.attributesOfItem(atPath: harness.databasePath)[.size] as? Int)
    let handle = try #require(FileHandle(forWritingAtPath: harness.databasePath))
    try handle.truncate(atOffset: UInt64(size / 2))
    try handle.close()
    let result = await harness.run("db", "check")
    #expect(result.exitCode == 1)
    #expect(
      result.stderr.hasPrefix(
        "Error: \(harness.databasePath) is damaged: it was cut short (truncated): the file has \(size / 2) bytes but its header says \(size)"
      ), "\(result.stderr)")
    #expect(!result.stderr.contains("SQLite error"))
    let other = await harness.run("city", "list")
    #expect(other.stderr.contains("is damaged"), "\(other.stderr)")
    #expect(!other.stderr.contains("SQLite error"))
  }

  @Test("import of a device says it is a device, not 'permission denied'")
  func importDevice() async throws {
    let harness = await harness()
    let result = await harness.run("import", "observations", "/dev/zero", "--source", "station")
    #expect(result.exitCode == 1)
    #expect(
      result.stderr
        == "Error: cannot read /dev/zero: it is a device, not a file; give the path of a CSV file\n"
    )
    let folder = await harness.run("import", "observations", "/", "--source", "station")
    #expect(folder.stderr == "Error: cannot read /: it is a folder\n")
  }
}
