import Testing

@testable import Analysis
@testable import SkycastModel
@testable import Store
@testable import Verify

/// One `verify --compare` group: an interval and a test only where its series is long enough,
/// with a note naming what is missing and why (issue: 16 days gave `-0.139 -0.139 -0.139`, and
/// a DM statistic of −44.6 on 18 days at h = 10 was printed as significant).
@Suite struct ComparisonRowTests {
  /// `days` day vectors (n, loss A, loss B) where A's squared error is about 1 and B's about 4.
  static func days(_ count: Int, seed: UInt64 = 3) -> [Double] {
    var random = SplitMix64(seed: seed)
    return (0..<count).flatMap { _ -> [Double] in
      let a = 1 + 0.3 * random.nextGaussian()
      let b = 4 + 0.3 * random.nextGaussian()
      return [1, a * a, b * b]
    }
  }

  static func row(_ days: [Double], horizon: Int, blockDays: Int? = nil) -> ComparisonRow {
    Verifier.comparisonRow(
      key: [], days: days, horizon: horizon, loss: .se,
      settings: BootstrapSettings(blockDays: blockDays))
  }

  @Test("18 days at h = 10: no test, no verdict, and no interval of zero width")
  func eighteenDaysAtTen() {
    let row = Self.row(Self.days(18), horizon: 10)
    #expect(row.test == nil)
    #expect(row.verdict(level: 0.95) == nil)
    #expect(row.interval == nil && row.blockDays == nil)
    #expect(
      row.note
        == "18 days: too few for 10-day blocks (an interval needs 3 blocks: 30 days); 18 days: too few for the DM test at h = 10 (needs 30)"
    )
  }

  @Test("16 days at h = 1 get blocks of at most 5 days and an interval of non-zero width")
  func sixteenDays() throws {
    let row = Self.row(Self.days(16), horizon: 1)
    let interval = try #require(row.interval)
    #expect(interval.lo < interval.hi)
    #expect(try #require(row.blockDays) <= 5)
    #expect(row.test != nil && row.note == nil)
    #expect(row.verdict(level: 0.95) == "A better")
  }

  @Test("a given --block-days too long for the series is refused for that group only")
  func requestedBlocks() {
    let short = Self.row(Self.days(20), horizon: 1, blockDays: 8)
    #expect(short.interval == nil)
    #expect(short.note?.hasPrefix("20 days: too few for 8-day blocks") == true)
    let long = Self.row(Self.days(40), horizon: 1, blockDays: 8)
    #expect(long.interval != nil && long.blockDays == 8)
  }

  @Test("identical sides: no interval, no test, and the note says why")
  func identical() {
    var same: [Double] = []
    for day in 0..<30 {
      let loss = Double(day % 5) + 1
      same += [1, loss, loss]
    }
    let row = Self.row(same, horizon: 1)
    #expect(row.interval == nil && row.test == nil)
    #expect(row.note?.contains("no interval") == true, "\(String(describing: row.note))")
    #expect(row.note?.contains("no DM test") == true, "\(String(describing: row.note))")
  }
}
