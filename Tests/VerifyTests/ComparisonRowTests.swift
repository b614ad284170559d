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

  /// Two models equal on all but `differing` of 30 days (issue 42: a studentized lower bound of
  /// −5.8e11 from resamples that missed the differing days).
  static func almostEqual(differing: Int) -> [Double] {
    var random = SplitMix64(seed: 5)
    return (0..<30).flatMap { day -> [Double] in
      let loss = 24 * (1 + random.nextUniform())
      return [24, loss, day < differing ? loss + 30 : loss]
    }
  }

  @Test(
    "models differing on 1 or 2 of 30 days get a finite percentile interval within 100× the scores, and a note"
  )
  func degenerate() throws {
    for differing in [1, 2] {
      let days = Self.almostEqual(differing: differing)
      let row = Self.row(days, horizon: 1)
      let interval = try #require(row.interval, "\(String(describing: row.note))")
      let scale = max(row.scoreA ?? 0, row.scoreB ?? 0)
      #expect(interval.lo.isFinite && interval.hi.isFinite)
      #expect(abs(interval.lo) <= 100 * scale && abs(interval.hi) <= 100 * scale, "\(interval)")
      #expect(
        row.note?.contains("percentile interval, not studentized") == true,
        "\(String(describing: row.note))")
      let outcome = try #require(
        StudentizedBlockBootstrap.interval(
          days: days, score: .root, blockLength: 2, resamples: 1000, seed: 1, level: 0.95))
      #expect(outcome.method != .studentized)
    }
  }

  @Test("a row never has a star whose own interval covers 0; the note says why there is none")
  func noContradiction() {
    let test = DieboldMariano.Result(
      mean: 0.5, statistic: 7.49, count: 21, degreesOfFreedom: 20, confidenceGreaterThanZero: 1,
      pValue: 3e-7)
    var row = ComparisonRow(keys: [], n: 500, days: 21, horizon: 7, scoreA: 2, scoreB: 1.4)
    row.test = test
    row.interval = ScoreInterval(lo: -0.214, hi: 0.992)
    #expect(!row.isSignificant(level: 0.95))
    #expect(row.verdict(level: 0.95) == "inconclusive")
    let request = ComparisonRequest(
      base: VerifyRequest(observationSource: "era5"), a: .model("a"), b: .model("b"))
    let cells = ComparisonTable.cells(row, request: request)
    #expect(cells[cells.count - 3] == .text("inconclusive"))
    #expect(cells[cells.count - 2] == .text(""), "no star on an inconclusive row")
    #expect(
      row.disagreement(level: 0.95) == "no star: DM p = 3e-07 < 0.05 but the interval covers 0")
    row.interval = ScoreInterval(lo: 0.1, hi: 0.992)
    #expect(row.isSignificant(level: 0.95) && row.verdict(level: 0.95) == "B better")
    #expect(row.disagreement(level: 0.95) == nil)
    row.test?.pValue = 0.2
    #expect(!row.isSignificant(level: 0.95))
    #expect(
      row.disagreement(level: 0.95) == "no star: the interval excludes 0 but DM p = 0.2 ≥ 0.05")
  }
}
