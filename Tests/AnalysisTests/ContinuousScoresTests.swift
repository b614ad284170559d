import Testing

@testable import Analysis

@Suite struct ContinuousScoresTests {
  /// The sums of F = 1, 2, 3, 4 and O = 2, 2, 4, 3 worked by hand give the same scores as the
  /// definitions: bias −0.25, MAE 0.75, RMSE √0.75, r = 2.5/√13.75.
  @Test("scores from SQL sums match the hand-worked sample")
  func fromSums() {
    let scores = ContinuousScores.scores(
      fromSums: 4, sumF: 10, sumO: 11, sumFF: 30, sumOO: 33, sumFO: 30, sumError: -1,
      sumAbsError: 3, sumSquaredError: 3)
    #expect(scores.n == 4)
    #expect(Approx.equal(scores.bias, -0.25, within: 1e-12))
    #expect(Approx.equal(scores.mae, 0.75, within: 1e-12))
    #expect(Approx.equal(scores.rmse, 0.75.squareRoot(), within: 1e-12))
    #expect(Approx.equal(scores.corr, 2.5 / 13.75.squareRoot(), within: 1e-12))
  }

  /// A constant forecast of 1.1 has sums whose variance rounds to about 4e−16, not 0: that must
  /// not become a correlation.
  @Test("rounding noise in a constant series' sums gives no correlation")
  func constantFromSums() {
    let f: [Double] = [1.1, 1.1, 1.1]
    let o: [Double] = [1, 2, 3]
    let scores = ContinuousScores.scores(
      fromSums: 3, sumF: f.reduce(0, +), sumO: o.reduce(0, +),
      sumFF: f.map { $0 * $0 }.reduce(0, +), sumOO: o.map { $0 * $0 }.reduce(0, +),
      sumFO: zip(f, o).map { $0 * $1 }.reduce(0, +),
      sumError: zip(f, o).map { $0 - $1 }.reduce(0, +),
      sumAbsError: zip(f, o).map { abs($0 - $1) }.reduce(0, +),
      sumSquaredError: zip(f, o).map { ($0 - $1) * ($0 - $1) }.reduce(0, +))
    #expect(scores.corr == nil)
    #expect(Approx.equal(scores.bias, -0.9, within: 1e-12))
  }

  /// n = 0 gives no score; n = 1 gives errors but no correlation.
  @Test("scores from sums are nil for n 0 and correlation nil for n 1")
  func smallSamples() {
    let none = ContinuousScores.scores(
      fromSums: 0, sumF: 0, sumO: 0, sumFF: 0, sumOO: 0, sumFO: 0, sumError: 0, sumAbsError: 0,
      sumSquaredError: 0)
    #expect(none == ContinuousScores(n: 0, bias: nil, mae: nil, rmse: nil, corr: nil))
    let one = ContinuousScores.scores(
      fromSums: 1, sumF: 5, sumO: 3, sumFF: 25, sumOO: 9, sumFO: 15, sumError: 2, sumAbsError: 2,
      sumSquaredError: 4)
    #expect(one == ContinuousScores(n: 1, bias: 2, mae: 2, rmse: 2, corr: nil))
  }
}
