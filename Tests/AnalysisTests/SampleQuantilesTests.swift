import Testing

@testable import Analysis

@Suite struct SampleQuantilesTests {
  /// 1 2 3 4 (type 7, as numpy.percentile): p = 0.25 → h = 0.75 → 1.75; p = 0.5 → 2.5;
  /// p = 0.9 → h = 2.7 → 3.7; the ends are the extremes.
  @Test(
    "type-7 quantiles of 1 2 3 4",
    arguments: [(0.25, 1.75), (0.5, 2.5), (0.9, 3.7), (0, 1), (1, 4)])
  func byHand(_ testCase: (Double, Double)) {
    let value = SampleQuantiles.quantile(sorted: [1, 2, 3, 4], testCase.0)
    #expect(Approx.equal(value, testCase.1, within: 1e-12))
  }

  /// No values or a p outside [0, 1] have no quantile; one value is every quantile.
  @Test("edge cases")
  func edges() {
    #expect(SampleQuantiles.quantile(sorted: [], 0.5) == nil)
    #expect(SampleQuantiles.quantile(sorted: [1, 2], 1.5) == nil)
    #expect(SampleQuantiles.quantile(sorted: [7], 0.3) == 7)
    #expect(SampleQuantiles.percentiles.count == 99)
  }
}
