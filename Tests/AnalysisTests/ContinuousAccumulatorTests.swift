import Testing

@testable import Analysis

/// Hand example: F = 1, 2, 3, 4 and O = 2, 2, 4, 3. Errors −1, 0, −1, 1: bias −0.25, MAE 0.75,
/// RMSE √0.75. Deviations give Σdf·do = 2.5, Σdf² = 5, Σdo² = 2.75, so r = 2.5/√13.75.
@Suite struct ContinuousAccumulatorTests {
  static let forecasts: [Double] = [1, 2, 3, 4]
  static let observations: [Double] = [2, 2, 4, 3]
  static let correlation = 2.5 / 13.75.squareRoot()

  static func accumulate(_ forecasts: [Double], _ observations: [Double], offset: Double = 0)
    -> ContinuousAccumulator
  {
    var accumulator = ContinuousAccumulator()
    for (f, o) in zip(forecasts, observations) {
      accumulator.add(forecast: f + offset, observed: o + offset)
    }
    return accumulator
  }

  /// Bias, MAE, RMSE and Pearson r of the hand example.
  @Test("pooled scores of a hand-worked sample")
  func handExample() {
    let scores = Self.accumulate(Self.forecasts, Self.observations).scores
    #expect(scores.n == 4)
    #expect(Approx.equal(scores.bias, -0.25, within: 1e-12))
    #expect(Approx.equal(scores.mae, 0.75, within: 1e-12))
    #expect(Approx.equal(scores.rmse, 0.75.squareRoot(), within: 1e-12))
    #expect(Approx.equal(scores.corr, Self.correlation, within: 1e-12))
  }

  /// Shifting both series by 10⁹ changes no score beyond the data's own resolution (1 ulp of 10⁹
  /// is 1.2e−7); naive Σx² − (Σx)²/n loses every digit of the variance here.
  @Test("the co-moment update stays exact far from zero")
  func stability() {
    let scores = Self.accumulate(Self.forecasts, Self.observations, offset: 1e9).scores
    #expect(Approx.equal(scores.bias, -0.25, within: 1e-6))
    #expect(Approx.equal(scores.rmse, 0.75.squareRoot(), within: 1e-6))
    #expect(Approx.equal(scores.corr, Self.correlation, within: 1e-6))
  }

  /// Pearson r is undefined under two pairs or with a constant series.
  @Test("correlation is nil with one pair or a constant series")
  func undefinedCorrelation() {
    let one = Self.accumulate([1], [3]).scores
    #expect(one.n == 1 && one.corr == nil)
    #expect(one.bias == -2 && one.mae == 2 && one.rmse == 2)
    let constant = Self.accumulate([1.1, 1.1, 1.1], [1, 2, 3]).scores
    #expect(constant.corr == nil)
    #expect(Approx.equal(constant.bias, -0.9, within: 1e-12))
  }

  /// No pairs: every score is nil, n is 0.
  @Test("an empty accumulator has n 0 and no scores")
  func empty() {
    #expect(
      ContinuousAccumulator().scores
        == ContinuousScores(n: 0, bias: nil, mae: nil, rmse: nil, corr: nil))
  }

  /// A non-finite side drops the pair, as a NULL would.
  @Test("pairs with a non-finite side are dropped")
  func dropsNonFinite() {
    var accumulator = Self.accumulate(Self.forecasts, Self.observations)
    accumulator.add(forecast: .nan, observed: 1)
    accumulator.add(forecast: 1, observed: .infinity)
    #expect(accumulator.scores == Self.accumulate(Self.forecasts, Self.observations).scores)
  }

  /// Merging two halves gives the scores of the whole.
  @Test("merging partial accumulators equals accumulating everything")
  func merge() {
    var first = Self.accumulate([1, 2], [2, 2])
    first.merge(Self.accumulate([3, 4], [4, 3]))
    let scores = first.scores
    #expect(scores.n == 4)
    #expect(Approx.equal(scores.bias, -0.25, within: 1e-12))
    #expect(Approx.equal(scores.mae, 0.75, within: 1e-12))
    #expect(Approx.equal(scores.corr, Self.correlation, within: 1e-12))
    var empty = ContinuousAccumulator()
    empty.merge(first)
    #expect(empty == first)
  }
}
