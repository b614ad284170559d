import Foundation
import Testing

@testable import SQLiteKit

/// A temporary directory removed when the value is released.
final class TemporaryDirectory {
  let path: String
  init() {
    path = NSTemporaryDirectory() + "sqlitekit-tests-" + UUID().uuidString
    try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  }
  deinit { try? FileManager.default.removeItem(atPath: path) }
  func file(_ name: String) -> String { path + "/" + name }
}

@Suite struct DatabaseTests {
  @Test("a file database opens with the configuration it is given")
  func connectionSetup() throws {
    let directory = TemporaryDirectory()
    let configuration = Database.Configuration(
      busyTimeout: 2_500, journalMode: .wal, synchronous: .normal, walAutocheckpointPages: 5_000)
    let database = try Database(path: directory.file("a.sqlite"), configuration: configuration)
    #expect(database.configuration == configuration)
    #expect(try database.scalarText("PRAGMA journal_mode") == "wal")
    #expect(try database.scalarInt("PRAGMA foreign_keys") == 1)
    #expect(try database.scalarInt("PRAGMA synchronous") == 1)
    #expect(try database.scalarInt("PRAGMA busy_timeout") == 2_500)
    #expect(try database.scalarInt("PRAGMA wal_autocheckpoint") == 5_000)
  }

  @Test("the default configuration leaves SQLite's defaults, except foreign keys on")
  func defaultConfiguration() throws {
    let directory = TemporaryDirectory()
    let database = try Database(path: directory.file("b.sqlite"))
    #expect(try database.scalarText("PRAGMA journal_mode") == "delete")
    #expect(try database.scalarInt("PRAGMA foreign_keys") == 1)
    #expect(try database.scalarInt("PRAGMA busy_timeout") == 0)
  }

  @Test("a deferred journal mode leaves the file alone until it is applied")
  func deferredJournalMode() throws {
    let directory = TemporaryDirectory()
    let path = directory.file("c.sqlite")
    let policy = Database.Configuration(journalMode: .wal, synchronous: .normal)
    let database = try Database(path: path, configuration: policy.deferringJournalMode)
    try database.execute("CREATE TABLE t (x)")
    #expect(try database.scalarText("PRAGMA journal_mode") == "delete")
    try database.applyJournalMode(policy)
    #expect(try database.scalarText("PRAGMA journal_mode") == "wal")
  }

  @Test("result codes have names, and a primary code matches its extended codes")
  func resultCodes() throws {
    let database = try Database(path: ":memory:")
    try database.execute("CREATE TABLE t (x UNIQUE)")
    try database.run("INSERT INTO t VALUES (1)")
    let error = #expect(throws: SQLiteError.self) { try database.run("INSERT INTO t VALUES (1)") }
    let code = try #require(error?.extendedCode)
    #expect(code == .uniqueConstraint)
    #expect(error?.code == .constraint)
    var matched = ""
    switch code {
    case .busy: matched = "busy"
    case .constraint: matched = "constraint"
    default: matched = "other"
    }
    #expect(matched == "constraint")
    #expect(!(ResultCode.primaryKeyConstraint ~= code), "an extended pattern matches only itself")
  }

  @Test("the wrapper's helpers never reset a statement a caller is stepping")
  func helpersKeepCallersStatement() throws {
    let database = try Database(path: ":memory:")
    try database.execute("CREATE TABLE t (x); INSERT INTO t VALUES (1), (2), (3)")
    let sql = "SELECT x FROM t ORDER BY x"
    let statement = try database.cachedStatement(sql)
    #expect(try statement.step())
    #expect(statement.int64(0) == 1)
    // The same SQL through a helper, mid-iteration: before the split this reset the caller's
    // statement, and the next step started again at 1.
    #expect(try database.query(sql).count == 3)
    #expect(try statement.step())
    #expect(statement.int64(0) == 2)
  }

  @Test("nested savepoints undo only the inner work")
  func nestedSavepoints() throws {
    let database = try Database(path: ":memory:")
    try database.execute("CREATE TABLE t (x)")
    try database.transaction {
      try database.run("INSERT INTO t VALUES (1)")
      _ = try? database.savepoint(named: "inner") {
        try database.run("INSERT INTO t VALUES (2)")
        throw SQLiteError(code: 1, message: "undo")
      }
      try database.savepoint { try database.run("INSERT INTO t VALUES (3)") }
    }
    #expect(try database.query("SELECT x FROM t ORDER BY x").map { $0[0].int64Value } == [1, 3])
  }

  @Test("values of every storage class round-trip through binding and reading")
  func bindingRoundTrip() throws {
    let database = try Database(path: ":memory:")
    try database.execute("CREATE TABLE t (a, b, c, d, e)")
    let values: [SQLiteValue] = [
      .null, .integer(-42), .real(2.5), .text("北京 'quoted' 😀"), .blob([0, 1, 255]),
    ]
    try database.run("INSERT INTO t VALUES (?, ?, ?, ?, ?)", values)
    let rows = try database.query("SELECT * FROM t")
    #expect(rows.count == 1)
    #expect(rows[0].values == values)
    #expect(rows[0].columns == ["a", "b", "c", "d", "e"])
  }

  @Test("errors carry the code, SQLite's message and the SQL, never bound values")
  func errorFunnel() throws {
    let database = try Database(path: ":memory:")
    try database.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT UNIQUE)")
    try database.run("INSERT INTO t (name) VALUES (?)", ["secret-value"])
    let error = #expect(throws: SQLiteError.self) {
      try database.run("INSERT INTO t (name) VALUES (?)", ["secret-value"])
    }
    #expect(error?.code == 19)
    #expect(error?.extendedCode == 2067)  // SQLITE_CONSTRAINT_UNIQUE
    #expect(error?.message == "UNIQUE constraint failed: t.name")
    #expect(error?.sql == "INSERT INTO t (name) VALUES (?)")
    #expect(
      error?.description
        == "SQLite error 19: UNIQUE constraint failed: t.name - while executing `INSERT INTO t (name) VALUES (?)`"
    )
    #expect(!(error?.description.contains("secret-value") ?? true))
  }

  @Test("a syntax error names the statement")
  func syntaxError() throws {
    let database = try Database(path: ":memory:")
    let error = #expect(throws: SQLiteError.self) { _ = try database.prepare("SELEKT 1") }
    #expect(error?.code == 1)
    #expect(error?.message.contains("syntax error") == true)
  }

  @Test("prepare refuses trailing statements but accepts trailing comments and semicolons")
  func trailingStatements() throws {
    let database = try Database(path: ":memory:")
    #expect(throws: SQLiteError.self) { _ = try database.prepare("SELECT 1; DROP TABLE x") }
    _ = try database.prepare("SELECT 1; -- done\n /* c */ ;")
  }

  @Test("a throwing transaction rolls back and the first error wins")
  func transactionRollback() throws {
    struct Boom: Error {}
    let database = try Database(path: ":memory:")
    try database.execute("CREATE TABLE t (x)")
    #expect(throws: Boom.self) {
      try database.transaction {
        try database.run("INSERT INTO t VALUES (1)")
        throw Boom()
      }
    }
    #expect(try database.scalarInt("SELECT count(*) FROM t") == 0)
    #expect(database.isAutocommit)
    try database.transaction { try database.run("INSERT INTO t VALUES (1)") }
    #expect(try database.scalarInt("SELECT count(*) FROM t") == 1)
  }

  @Test("a nested transaction is a savepoint: its failure undoes only its own changes")
  func nestedSavepoint() throws {
    struct Boom: Error {}
    let database = try Database(path: ":memory:")
    try database.execute("CREATE TABLE t (x)")
    try database.transaction {
      try database.transaction { try database.run("INSERT INTO t VALUES (1)") }
      var caught: (any Error)?
      do {
        try database.transaction { () throws -> Void in
          try database.run("INSERT INTO t VALUES (2)")
          throw Boom()
        }
      } catch {
        caught = error
      }
      #expect(caught is Boom, "\(String(describing: caught))")
      try database.transaction { try database.run("INSERT INTO t VALUES (3)") }
    }
    #expect(
      try database.query("SELECT x FROM t ORDER BY x").map { $0[0] } == [.integer(1), .integer(3)])
    #expect(database.isAutocommit)
  }

  @Test("a full database fails with SQLITE_FULL and keeps nothing of the transaction")
  func diskFull() throws {
    let directory = TemporaryDirectory()
    let database = try Database(path: directory.file("full.sqlite"))
    try database.execute("CREATE TABLE t (x)")
    try database.run("INSERT INTO t VALUES ('kept')")
    try database.setMaxPageCount(Int(try database.scalarInt("PRAGMA page_count") ?? 2) + 1)
    let error = #expect(throws: SQLiteError.self) {
      try database.transaction {
        for _ in 0..<200 {
          try database.run("INSERT INTO t VALUES (?)", [.text(String(repeating: "x", count: 2000))])
        }
      }
    }
    #expect(error?.isFull == true)
    #expect(try database.scalarInt("SELECT count(*) FROM t") == 1)
  }

  @Test("a read-only connection refuses writes")
  func readOnly() throws {
    let directory = TemporaryDirectory()
    let path = directory.file("ro.sqlite")
    do {
      let database = try Database(path: path)
      try database.execute("CREATE TABLE t (x)")
    }
    let reader = try Database(path: path, mode: .readOnly)
    let error = #expect(throws: SQLiteError.self) { try reader.run("INSERT INTO t VALUES (1)") }
    #expect(error?.isReadOnly == true)
    #expect(try reader.prepare("SELECT 1").isReadOnly)
    #expect(try !reader.prepare("VACUUM INTO '/tmp/x.sqlite'").isReadOnly)
  }

  @Test("a file that is not a database is reported as SQLITE_NOTADB")
  func notADatabase() throws {
    let directory = TemporaryDirectory()
    let path = directory.file("text.sqlite")
    try Data(repeating: 0x41, count: 4096).write(to: URL(fileURLWithPath: path))
    let error = #expect(throws: SQLiteError.self) {
      let database = try Database(path: path)
      _ = try database.scalar("SELECT count(*) FROM sqlite_schema")
    }
    #expect(error?.isNotADatabase == true)
  }

  @Test("cached statements are reused and reset between runs")
  func statementCache() throws {
    let database = try Database(path: ":memory:")
    let first = try database.cachedStatement("SELECT ?")
    let second = try database.cachedStatement("SELECT ?")
    #expect(first === second)
    #expect(try database.scalarInt("SELECT ?", [.integer(1)]) == 1)
    #expect(try database.scalarInt("SELECT ?", [.integer(2)]) == 2)
  }

  @Test("named parameters bind by name")
  func namedParameters() throws {
    let database = try Database(path: ":memory:")
    let statement = try database.prepare("SELECT :a || :b")
    #expect(statement.parameterNames == [":a", ":b"])
    try statement.bind(named: ["a": "x", ":b": "y"])
    #expect(try statement.step())
    #expect(statement.text(0) == "xy")
  }

  @Test("user version reads back what was set")
  func userVersion() throws {
    let database = try Database(path: ":memory:")
    #expect(try database.userVersion() == 0)
    try database.setUserVersion(7)
    #expect(try database.userVersion() == 7)
  }

  @Test("online backup copies every row into a new file")
  func backup() throws {
    let directory = TemporaryDirectory()
    let database = try Database(path: directory.file("source.sqlite"))
    try database.execute("CREATE TABLE t (x); INSERT INTO t VALUES (1), (2), (3);")
    try database.backup(to: directory.file("copy.sqlite"))
    let copy = try Database(path: directory.file("copy.sqlite"), mode: .readOnly)
    #expect(try copy.scalarInt("SELECT sum(x) FROM t") == 6)
  }

  /// Each try first waits out the busy timeout, so the patience, not a count of tries, ends it.
  @Test("online backup gives up with busy while another connection holds an exclusive lock")
  func backupBusy() throws {
    let directory = TemporaryDirectory()
    let path = directory.file("source.sqlite")
    let configuration = Database.Configuration(busyTimeout: 100, journalMode: .delete)
    let database = try Database(path: path, configuration: configuration)
    try database.execute("CREATE TABLE t (x); INSERT INTO t VALUES (1);")
    let holder = try Database(path: path, configuration: configuration)
    try holder.execute("BEGIN EXCLUSIVE; INSERT INTO t VALUES (2);")
    #expect {
      try database.backup(to: directory.file("copy.sqlite"), patience: .milliseconds(300))
    } throws: { error in
      [ResultCode.busy, .locked].contains((error as? SQLiteError)?.code ?? .ok)
    }
    try holder.execute("COMMIT")
    try database.backup(to: directory.file("copy2.sqlite"))
    let copy = try Database(path: directory.file("copy2.sqlite"), mode: .readOnly)
    #expect(try copy.scalarInt("SELECT count(*) FROM t") == 2)
  }
}

@Suite struct FunctionRegistrationTests {
  final class SumOfSquares: SQLiteAggregate {
    var total = 0.0
    func step(_ arguments: [SQLiteValue]) throws { total += pow(arguments[0].doubleValue ?? 0, 2) }
    func finalize() throws -> SQLiteValue { .real(total) }
  }

  @Test("a scalar function is callable from SQL and NaN becomes NULL")
  func scalarFunction() throws {
    let database = try Database(path: ":memory:")
    try database.createFunction("twice", argumentCount: 1) { arguments in
      guard let value = arguments[0].doubleValue else { return .null }
      return .real(value * 2)
    }
    try database.createFunction("not_a_number", argumentCount: 0) { _ in .real(.nan) }
    #expect(try database.scalar("SELECT twice(21)") == .real(42))
    #expect(try database.scalar("SELECT twice(NULL)") == .null)
    #expect(try database.scalar("SELECT not_a_number()") == .null)
  }

  @Test("a throwing function reports an SQL error with its message")
  func throwingFunction() throws {
    struct Nope: Error, CustomStringConvertible { var description: String { "nope" } }
    let database = try Database(path: ":memory:")
    try database.createFunction("fails", argumentCount: 0) { _ in throw Nope() }
    let error = #expect(throws: SQLiteError.self) { _ = try database.scalar("SELECT fails()") }
    #expect(error?.message == "nope")
  }

  @Test("an aggregate keeps one state per group, including empty input")
  func aggregate() throws {
    let database = try Database(path: ":memory:")
    try database.createAggregate("sum_sq", argumentCount: 1) { SumOfSquares() }
    try database.execute(
      "CREATE TABLE t (g, x); INSERT INTO t VALUES ('a', 1), ('a', 2), ('b', 3);")
    let rows = try database.query("SELECT g, sum_sq(x) FROM t GROUP BY g ORDER BY g")
    #expect(rows.map { $0[1] } == [.real(5), .real(9)])
    #expect(try database.scalar("SELECT sum_sq(x) FROM t WHERE 0") == .real(0))
  }
}
