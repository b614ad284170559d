import Testing

@testable import Analysis

/// Which daily series are long enough for an interval or a Diebold–Mariano test.
@Suite struct SeriesSufficiencyTests {
  @Test(
    "intervals need 10 days and 3 blocks",
    arguments: [
      (9, 1, "9 days: too few for an interval (needs 10)"),
      (1, 1, "1 day: too few for an interval (needs 10)"),
      (16, 16, "16 days: too few for 16-day blocks (an interval needs 3 blocks: 48 days)"),
      (17, 6, "17 days: too few for 6-day blocks (an interval needs 3 blocks: 18 days)"),
      (18, 6, nil), (10, 3, nil),
    ] as [(Int, Int, String?)])
  func intervals(days: Int, block: Int, problem: String?) {
    #expect(SeriesSufficiency.intervalProblem(days: days, blockLength: block) == problem)
  }

  @Test(
    "the DM test needs 10 days and 3h days",
    arguments: [
      (18, 10, "18 days: too few for the DM test at h = 10 (needs 30)"),
      (9, 1, "9 days: too few for the DM test at h = 1 (needs 10)"), (30, 10, nil), (10, 2, nil),
    ] as [(Int, Int, String?)])
  func tests(days: Int, horizon: Int, problem: String?) {
    #expect(SeriesSufficiency.testProblem(days: days, horizon: horizon) == problem)
  }

  @Test("blocks: at least h and the automatic length; studentized twice that, at most D/3")
  func blockLengths() {
    #expect(SeriesSufficiency.baseBlockLength(days: 60, lag1: 0, horizon: 1, requested: nil) == 4)
    #expect(SeriesSufficiency.baseBlockLength(days: 60, lag1: 0, horizon: 9, requested: nil) == 9)
    #expect(SeriesSufficiency.baseBlockLength(days: 60, lag1: 0, horizon: 9, requested: 5) == 5)
    #expect(SeriesSufficiency.studentizedBlockLength(base: 4, days: 60, requested: nil) == 8)
    #expect(SeriesSufficiency.studentizedBlockLength(base: 9, days: 30, requested: nil) == 10)
    #expect(SeriesSufficiency.studentizedBlockLength(base: 5, days: 60, requested: 5) == 5)
  }
}
