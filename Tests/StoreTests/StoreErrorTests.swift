import Foundation
import TestSupport
import Testing

@testable import Store

/// After `Store.init`, every failure SQLite reports reaches the caller as a `StoreError`: the
/// layers above cannot name the wrapper's error type, so one that slipped through could not be
/// told apart (a busy lock from a broken row).
@Suite struct StoreErrorTests {
  @Test(
    "each SQLite result code becomes its StoreError case",
    arguments: [
      (Int32(5), StoreError.busy(path: "p")), (6, .busy(path: "p")), (9, .interrupted),
      (11, .damaged(path: "p")), (13, .full(path: "p")), (26, .notADatabase(path: "p")),
      (8, .readOnly(path: "p")), (19, .constraint(message: "m")), (23, .refused(message: "m")),
      (1, .failed(code: 1, message: "m", sql: "SELECT 1")), (2067, .constraint(message: "m")),
    ])
  func translate(code: Int32, expected: StoreError) {
    let error = SQLiteError(code: code, message: "m", sql: "SELECT 1")
    #expect(Store.translate(error, path: "p") == expected)
  }

  @Test("a broken constraint, a bad statement and a full file arrive as StoreErrors")
  func thrownThroughTheStore() throws {
    let directory = TemporaryDirectory()
    let store = try Store(path: directory.file("errors.sqlite"))
    #expect(throws: StoreError.constraint(message: "NOT NULL constraint failed: cities.name")) {
      try store.write { try store.database.run("INSERT INTO cities (name) VALUES (NULL)") }
    }
    let query = try store.prepareUserQuery("SELECT 1 AS one")
    #expect(throws: StoreError.self) { try query.bind(named: ["missing": .integer(1)]) }
    do {
      _ = try store.prepareUserQuery("SELEC 1")
      Issue.record("a syntax error was accepted")
    } catch let error as StoreError {
      #expect(!error.isAboutTheFile)
      #expect(error.reason == #"near "SELEC": syntax error"#)
    }
    let writer = try Store(path: directory.file("full.sqlite"))
    let pages = try writer.database.scalarInt("PRAGMA page_count") ?? 0
    try writer.database.setMaxPageCount(Int(pages) + 1)
    do {
      try writer.write {
        for index in 0..<2_000 {
          try writer.database.run(
            "INSERT INTO cities (name, latitude, longitude, elevation, timezone, added_at) VALUES (?, 0, 0, 0, 'UTC', 0)",
            [.text("City \(index) " + String(repeating: "x", count: 200))])
        }
      }
      Issue.record("the page limit was not reached")
    } catch let error as StoreError {
      #expect(error == .full(path: directory.file("full.sqlite")))
      #expect(error.isAboutTheFile)
    }
  }

  @Test("a lock held by another connection is StoreError.busy, and the row is not written")
  func busy() throws {
    let directory = TemporaryDirectory()
    let path = directory.file("busy.sqlite")
    let holder = try Store(path: path)
    let waiter = try Store(path: path)
    try waiter.database.execute("PRAGMA busy_timeout = 0")
    _ = try holder.write {
      #expect(throws: StoreError.busy(path: path)) {
        try waiter.write { try waiter.database.run("DELETE FROM cities") }
      }
    }
  }
}
