import CSQLite
import Foundation
import Testing

@testable import SQLiteKit

/// Connection hardening and the reading authorizer, on the wrapper itself.
@Suite struct ReadOnlyGuardTests {
  /// Debian's SQLite enables the two-argument `fts3_tokenizer()`; every connection turns it off,
  /// with extension loading, and runs defensive with an untrusted schema.
  @Test("every connection is opened defensive, with an untrusted schema and no extensions")
  func hardenedConnection() throws {
    let directory = TemporaryDirectory()
    for database in [try Database(path: ":memory:"), try Database(path: directory.file("a.db"))] {
      #expect(database.configurationValue(SQLITE_DBCONFIG_DEFENSIVE) == 1)
      #expect(database.configurationValue(SQLITE_DBCONFIG_TRUSTED_SCHEMA) == 0)
      #expect(database.configurationValue(SQLITE_DBCONFIG_ENABLE_LOAD_EXTENSION) == 0)
      #expect(database.configurationValue(SQLITE_DBCONFIG_ENABLE_FTS3_TOKENIZER) == 0)
      #expect(throws: SQLiteError.self) {
        _ = try database.scalar("SELECT fts3_tokenizer('evil', X'0000000000000000')")
      }
    }
  }

  /// Our SQL functions are innocuous, so a view calling one still works with the schema
  /// untrusted.
  @Test("views may call registered functions with the schema untrusted")
  func innocuousFunctions() throws {
    let database = try Database(path: ":memory:")
    try database.createFunction("twice", argumentCount: 1) { values in
      .real((values[0].doubleValue ?? 0) * 2)
    }
    try database.execute("CREATE VIEW v AS SELECT twice(21) AS x")
    #expect(try database.scalar("SELECT x FROM v") == .real(42))
  }

  @Test(
    "a reading connection refuses statements that write, attach, set pragmas or leak pointers",
    arguments: [
      ("ATTACH ':memory:' AS x", "ATTACH"),
      ("DETACH main", "DETACH"),
      ("PRAGMA user_version = 5", "PRAGMA user_version = 5"),
      ("PRAGMA journal_mode = delete", "PRAGMA journal_mode = delete"),
      ("PRAGMA optimize", "PRAGMA optimize"),
      ("INSERT INTO t VALUES (1)", "INSERT"),
      ("UPDATE t SET a = 2", "UPDATE"),
      ("DELETE FROM t", "DELETE"),
      ("CREATE TABLE u (a)", ReadingPolicy.schemaChange),
      ("CREATE INDEX i ON t (a)", ReadingPolicy.schemaChange),
      ("DROP TABLE t", ReadingPolicy.schemaChange),
      ("ALTER TABLE t ADD COLUMN b", ReadingPolicy.schemaChange),
      ("BEGIN", "transactions"),
      ("SELECT hex(fts3_tokenizer('simple'))", "the function fts3_tokenizer()"),
      ("SELECT load_extension('x')", "the function load_extension()"),
    ])
  func refused(sql: String, denial: String) throws {
    let database = try Database(path: ":memory:")
    try database.execute("CREATE TABLE t (a)")
    database.allowOnlyReading()
    #expect(throws: SQLiteError.self) { _ = try database.prepare(sql) }
    #expect(database.lastDenial == denial)
  }

  @Test("a reading connection still runs queries, CTEs and reporting pragmas")
  func allowed() throws {
    let database = try Database(path: ":memory:")
    try database.execute("CREATE TABLE t (a); INSERT INTO t VALUES (1), (2)")
    database.allowOnlyReading()
    #expect(try database.scalarInt("SELECT sum(a) FROM t") == 3)
    #expect(
      try database.scalarInt(
        "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 10) SELECT max(x) FROM c"
      ) == 10)
    #expect(try database.query("PRAGMA table_info(t)").count == 1)
    #expect(try database.scalarText("SELECT name FROM pragma_table_info('t')") == "a")
    #expect(try database.scalarInt("PRAGMA user_version") == 0)
    #expect(database.lastDenial == nil)
  }

  @Test("interrupt(after:) stops a statement that runs past its deadline")
  func deadline() throws {
    let database = try Database(path: ":memory:")
    database.interrupt(after: 0.2)
    let statement = try database.prepare(
      "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT count(*) FROM c")
    #expect {
      _ = try statement.step()
    } throws: { error in
      (error as? SQLiteError)?.isInterrupted == true
    }
    // The endless statement ended, and by the deadline's interrupt (no wall-clock bound:
    // without the interrupt the step would never return).
    #expect(database.wasInterrupted)
  }
}
