import Foundation
import TestSupport
import Testing

/// `sql` and `report` run users' SQL on a connection that can only read, with a deadline.
@Suite struct ReadOnlySQLTests {
  static func harness() throws -> CLIHarness {
    let harness = CLIHarness()
    try HistoryBuilder(store: try harness.store()).smallHistory()
    return harness
  }

  /// Runs `sql` as `skycast sql` and as a user report.
  static func both(_ harness: CLIHarness, _ sql: String, extra: [String] = []) async throws
    -> [(String, CLIResult)]
  {
    try ReportCommandTests.userReport(harness, "mine", "-- description: test\n\(sql)\n")
    return [
      ("sql", await harness.run(["sql", sql, "--format", "csv"] + extra)),
      ("report", await harness.run(["report", "mine", "--format", "csv"] + extra)),
    ]
  }

  @Test(
    "pointer leaks, ATTACH, setting pragmas, load_extension and VACUUM INTO are refused",
    arguments: [
      ("SELECT hex(fts3_tokenizer('simple'))", "the function fts3_tokenizer() is refused"),
      ("SELECT fts3_tokenizer('simple', X'0102030405060708')", "fts3_tokenizer() is refused"),
      ("ATTACH DATABASE 'other.sqlite' AS other", "ATTACH is refused"),
      ("PRAGMA journal_mode = delete", "PRAGMA journal_mode = delete is refused"),
      ("PRAGMA user_version = 5", "PRAGMA user_version = 5 is refused"),
      (
        "SELECT load_extension('/usr/lib/x86_64-linux-gnu/libsqlite3.so.0')",
        "load_extension() is refused"
      ),
      ("VACUUM INTO 'copy.sqlite'", "only read-only statements are allowed"),
    ])
  func refused(sql: String, message: String) async throws {
    let harness = try Self.harness()
    let version = try harness.scalar("PRAGMA user_version")
    for (command, result) in try await Self.both(harness, sql) {
      #expect(result.exitCode == 1, "\(command) \(sql): \(result)")
      #expect(result.stdout.isEmpty, "\(command) \(sql): \(result)")
      let shown =
        command == "sql"
        ? message
        : message.replacingOccurrences(
          of: "only read-only statements are allowed", with: "would change the database")
      #expect(result.stderr.contains(shown), "\(command) \(sql): \(result)")
    }
    for file in ["other.sqlite", "copy.sqlite"] {
      #expect(!FileManager.default.fileExists(atPath: harness.directory.file(file)))
    }
    #expect(try harness.scalar("PRAGMA user_version") == version)
    #expect(try harness.scalar("PRAGMA journal_mode") == "wal")
  }

  @Test("reading pragmas and pragma functions are allowed")
  func readingPragmas() async throws {
    let harness = try Self.harness()
    for sql in [
      "PRAGMA table_info(cities)", "SELECT name FROM pragma_table_info('cities') WHERE cid = 1",
      "PRAGMA user_version",
    ] {
      for (command, result) in try await Self.both(harness, sql) {
        #expect(result.exitCode == 0, "\(command) \(sql): \(result)")
        #expect(result.stdout.contains("name") || result.stdout.contains("user_version"))
      }
    }
  }

  @Test("--timeout interrupts a long recursive CTE with a clear message")
  func timeout() async throws {
    let harness = try Self.harness()
    let endless =
      "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT count(*) FROM c"
    // Without the interrupt the endless CTE would never return; the message says it was
    // the --timeout that ended it (no wall-clock bound, which would measure the machine).
    for (command, result) in try await Self.both(harness, endless, extra: ["--timeout", "0.3"]) {
      #expect(result.exitCode == 1, "\(command): \(result)")
      #expect(
        result.stderr.contains("SQL error: query interrupted after 0.3 s (--timeout)"),
        "\(command): \(result)")
    }
    let quick = await harness.run("sql", "SELECT count(*) FROM cities", "--timeout", "5")
    #expect(quick.exitCode == 0, "\(quick)")
    let bad = await harness.run("sql", "SELECT 1", "--timeout", "soon")
    #expect(bad.exitCode == 64)
  }
}
