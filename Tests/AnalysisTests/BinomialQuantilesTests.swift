import Testing

@testable import Analysis

@Suite struct BinomialQuantilesTests {
  /// Binomial(10, 0.5): P(X ≤ 1) = 11/1024 < 0.05 ≤ P(X ≤ 2) = 56/1024, and
  /// P(X ≤ 7) = 968/1024 < 0.95 ≤ P(X ≤ 8) = 1013/1024: the 90 % range of k/n is 0.2…0.8.
  @Test("quantiles of Binomial(10, 0.5) from the cumulative sums by hand")
  func fair() throws {
    #expect(BinomialQuantiles.quantile(0.05, trials: 10, probability: 0.5) == 2)
    #expect(BinomialQuantiles.quantile(0.95, trials: 10, probability: 0.5) == 8)
    #expect(BinomialQuantiles.quantile(0.5, trials: 10, probability: 0.5) == 5)
    let range = try #require(
      BinomialQuantiles.frequencyRange(level: 0.9, trials: 10, probability: 0.5))
    #expect(range.lower == 0.2 && range.upper == 0.8)
  }

  /// Binomial(20, 0.1): P(X = 0) = 0.9²⁰ = 0.1216 ≥ 0.05, so the lower end is 0; P(X ≤ 4) =
  /// 0.9568 ≥ 0.95 > P(X ≤ 3) = 0.8670.
  @Test("a skewed bin: 20 forecasts of 10 %")
  func skewed() {
    #expect(BinomialQuantiles.quantile(0.05, trials: 20, probability: 0.1) == 0)
    #expect(BinomialQuantiles.quantile(0.95, trials: 20, probability: 0.1) == 4)
  }

  /// Certain probabilities, no trials and bad arguments.
  @Test("edge cases")
  func edges() {
    #expect(BinomialQuantiles.quantile(0.95, trials: 7, probability: 0) == 0)
    #expect(BinomialQuantiles.quantile(0.05, trials: 7, probability: 1) == 7)
    #expect(BinomialQuantiles.quantile(0.5, trials: 5, probability: 1.5) == nil)
    #expect(BinomialQuantiles.frequencyRange(level: 0.9, trials: 0, probability: 0.5) == nil)
  }
}
