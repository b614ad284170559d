import Testing

@testable import SQLiteKit

/// `Database.translateError` is applied to every error the connection throws: preparing,
/// binding, stepping and running, so its owner (the Store) never lets `SQLiteError` out.
@Suite struct ErrorTranslationTests {
  struct Translated: Error, Equatable {
    var code: ResultCode
    var message: String
  }

  @Test("prepare, bind, step and execute failures all go through the translator")
  func everyThrowIsTranslated() throws {
    let database = try Database(path: ":memory:")
    try database.execute("CREATE TABLE t (x INTEGER NOT NULL)")
    database.translateError = { Translated(code: $0.code, message: $0.message) }
    #expect(throws: Translated.self) { try database.prepare("SELEC 1") }
    #expect(throws: Translated.self) { try database.prepare("SELECT 1; SELECT 2") }
    let statement = try database.prepare("SELECT :a")
    #expect(throws: Translated.self) { try statement.bind(named: ["b": .integer(1)]) }
    #expect(throws: Translated.self) { try statement.bind([.integer(1), .integer(2)]) }
    #expect(throws: Translated(code: .constraint, message: "NOT NULL constraint failed: t.x")) {
      try database.run("INSERT INTO t VALUES (NULL)")
    }
    #expect(throws: Translated.self) { try database.execute("INSERT INTO nowhere VALUES (1)") }
    database.translateError = nil
    #expect(throws: SQLiteError.self) { try database.execute("INSERT INTO nowhere VALUES (1)") }
  }
}
