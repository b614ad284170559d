import Testing

@testable import SQLiteKit

/// `Database.reportProgress`: the ticks of a long statement, a sort's included, and none after.
@Suite struct ProgressReportTests {
  /// A statement of about a million virtual-machine steps that returns one row only when its
  /// sort is done.
  static let longSort = """
    WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 100000)
    SELECT i FROM n ORDER BY (i * 7919) % 100003 LIMIT 1
    """

  @Test("ticks while a long sort runs, before its first row")
  func ticksDuringSort() throws {
    let database = try Database(path: ":memory:")
    var ticks = 0
    let row = try database.reportProgress(
      every: 1_000, { ticks += 1 }, { try database.query(Self.longSort) })
    #expect(row.count == 1)
    #expect(ticks > 100)
  }

  @Test("the handler is gone afterwards, also after a throw")
  func removedAfterwards() throws {
    let database = try Database(path: ":memory:")
    var ticks = 0
    struct Stop: Error {}
    #expect(throws: Stop.self) {
      try database.reportProgress(every: 1_000, { ticks += 1 }, { throw Stop() })
    }
    _ = database.reportProgress(every: 1_000, { ticks += 1 }, { 0 })
    let before = ticks
    _ = try database.query(Self.longSort)
    #expect(ticks == before)
  }
}
