import Foundation
import TestSupport
import Testing

@testable import Store

/// Files that are not Skycast's are recognised before anything in them changes.
@Suite struct SchemaCheckTests {
  /// A rollback-journal SQLite file made by "another application".
  func foreignFile(_ directory: TemporaryDirectory, version: Int, sql: String) throws -> String {
    let path = directory.file("other.sqlite")
    let database = try Database(path: path)
    try database.execute(sql)
    try database.setUserVersion(version)
    return path
  }

  func bytes(_ path: String) throws -> Data { try Data(contentsOf: URL(fileURLWithPath: path)) }

  /// Header bytes 18 and 19 are 2 in WAL mode, 1 in rollback-journal mode.
  func isWAL(_ path: String) throws -> Bool { try bytes(path)[18] == 2 }

  @Test(
    "another application's file is refused for every kind of access and left byte for byte unchanged",
    arguments: [
      (
        0,
        "CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT); INSERT INTO notes VALUES (1, 'x')"
      ),
      (1, "CREATE TABLE cities (id INTEGER PRIMARY KEY, label TEXT); CREATE TABLE t (x)"),
      (2, "CREATE TABLE accounts (id INTEGER PRIMARY KEY)"),
    ])
  func foreignRefused(version: Int, sql: String) throws {
    let directory = TemporaryDirectory()
    let path = try foreignFile(directory, version: version, sql: sql)
    let before = try bytes(path)
    for access in [Store.Access.readWrite, .readOnly, .inspect] {
      #expect {
        _ = try Store(path: path, access: access, now: 1_000)
      } throws: { error in
        guard case StoreError.foreign(let failed, let reason) = error else { return false }
        return failed == path && reason.contains("version is \(version)") == (version > 0)
      }
    }
    #expect(try bytes(path) == before)
    #expect(try !isWAL(path))
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["other.sqlite"])
    let text = StoreError.foreign(path: path, reason: "r").description
    #expect(
      text
        == "\(path) is not a Skycast database: r; Skycast leaves it unchanged; choose another --db")
  }

  @Test("a negative schema version is refused, not a crash", arguments: [-1, -2_147_483_648])
  func negativeVersion(version: Int) throws {
    let directory = TemporaryDirectory()
    let path = try foreignFile(directory, version: version, sql: "SELECT 1")
    #expect(
      throws: StoreError.foreign(
        path: path, reason: "its schema version is \(version), which Skycast never writes")
    ) {
      _ = try Store(path: path)
    }
    #expect(try !isWAL(path))
  }

  @Test("a file refused as newer is not switched to WAL first")
  func newerStaysInRollbackMode() throws {
    let directory = TemporaryDirectory()
    let path = try foreignFile(directory, version: 99, sql: "CREATE TABLE future (x)")
    let before = try bytes(path)
    #expect(throws: StoreError.newerSchema(path: path, found: 99, supported: Schema.currentVersion))
    {
      _ = try Store(path: path)
    }
    #expect(try bytes(path) == before)
  }

  @Test("an empty file gets the schema; Skycast's own file may hold the user's extra tables")
  func ownAndEmpty() throws {
    let directory = TemporaryDirectory()
    let path = directory.file("empty.sqlite")
    #expect(FileManager.default.createFile(atPath: path, contents: Data()))
    do {
      let store = try Store(path: path)
      #expect(store.foundVersion == 0)
      try store.database.execute("CREATE TABLE my_notes (x); CREATE VIEW my_view AS SELECT 1")
    }
    #expect(try isWAL(path))
    let again = try Store(path: path)
    #expect(again.foundVersion == Schema.currentVersion)
    let old = directory.file("v1.sqlite")
    do {
      let database = try Database(path: old)
      try Migrator.migrate(database, to: 1)
    }
    #expect(try Store(path: old, access: .inspect).foundVersion == 1)
    #expect(try Database(path: old).userVersion() == 1, "inspecting never migrates")
  }
}
