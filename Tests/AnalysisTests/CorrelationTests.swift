import Testing

@testable import Analysis

@Suite struct CorrelationTests {
  /// x = 1…6, y = 2 1 4 3 7 5: Σdxdy = 16, Σdx² = 17.5, Σdy² = 70/3, so r = 16/√(17.5 · 70/3).
  @Test("Pearson's r of a hand example")
  func pearsonHandExample() {
    let r = Correlation.pearson([1, 2, 3, 4, 5, 6], [2, 1, 4, 3, 7, 5])
    #expect(Approx.equal(r, 16 / (17.5 * 70.0 / 3).squareRoot(), within: 1e-12))
    #expect(Approx.equal(r, 0.791_794_654_888_629_7, within: 1e-12))
  }

  /// A constant series has no correlation, and neither has a single pair.
  @Test("r is nil without variance or with fewer than two pairs")
  func undefined() {
    #expect(Correlation.pearson([1, 1, 1], [1, 2, 3]) == nil)
    #expect(Correlation.pearson([1], [2]) == nil)
    #expect(Correlation.pearson([1, 2], [1]) == nil)
  }

  /// tanh(atanh r ± 1.959964/√(n − 3)), checked against Python's math.tanh/atanh.
  @Test(
    "Fisher's z interval matches a reference computation",
    arguments: [
      (0.5, 28, 0.156_028_362_529_085_95, 0.735_818_479_443_937_6),
      (-0.3, 103, -0.466_444_131_532_044_4, -0.113_038_029_222_520_22),
    ])
  func fisherInterval(r: Double, n: Int, lower: Double, upper: Double) throws {
    let interval = try #require(Correlation.fisherInterval95(r: r, n: n))
    #expect(Approx.equal(interval.lower, lower, within: 1e-12))
    #expect(Approx.equal(interval.upper, upper, within: 1e-12))
  }

  /// n − 3 must be positive; a perfect correlation has no width.
  @Test("the interval needs n > 3 and is a point at |r| = 1")
  func intervalEdges() {
    #expect(Correlation.fisherInterval95(r: 0.5, n: 3) == nil)
    let perfect = Correlation.fisherInterval95(r: 1, n: 10)
    #expect(perfect?.lower == 1 && perfect?.upper == 1)
  }
}
