import Testing

@testable import SQLiteKit

@Suite struct StatementReadingTests {
  @Test("blob bytes: a blob's bytes, an empty blob as no bytes, NULL as nil")
  func blobBytes() throws {
    let database = try Database(path: ":memory:")
    let statement = try database.prepare(
      "SELECT column1 FROM (VALUES (x'0102ff'), (x''), (NULL), (7)) ")
    var read: [[UInt8]?] = []
    while try statement.step() {
      read.append(statement.withBlobBytes(0) { Array($0) })
    }
    // The integer 7 reads as its text's bytes, as sqlite3_column_blob converts it.
    #expect(read == [[1, 2, 255], [], nil, Array("7".utf8)])
  }

  @Test("a NOT NULL integer column reads in one call, NULL as 0")
  func notNullIntegers() throws {
    let database = try Database(path: ":memory:")
    let statement = try database.prepare(
      "SELECT column1 FROM (VALUES (-5), (9007199254740993), (NULL))")
    var read: [Int64] = []
    while try statement.step() { read.append(statement.int64NotNull(0)) }
    #expect(read == [-5, 9_007_199_254_740_993, 0])
  }
}
