import Testing

@testable import Analysis

@Suite struct BrierAccumulatorTests {
  /// p = 0.9 (yes), 0.1 (no), 0.5 (yes): (0.01 + 0.01 + 0.25) / 3 = 0.09.
  @Test("Brier score of a hand-worked sample")
  func handWorked() {
    var brier = BrierAccumulator()
    brier.add(probability: 0.9, observed: true)
    brier.add(probability: 0.1, observed: false)
    brier.add(probability: 0.5, observed: true)
    #expect(brier.n == 3)
    #expect(Approx.equal(brier.score, 0.09, within: 1e-12))
  }

  /// Perfect forecasts score 0, the opposite score 1, nothing scores nil.
  @Test("Brier score is 0 when perfect, 1 when always wrong, nil when empty")
  func extremes() {
    var perfect = BrierAccumulator()
    perfect.add(probability: 1, observed: true)
    perfect.add(probability: 0, observed: false)
    #expect(perfect.score == 0)
    var wrong = BrierAccumulator()
    wrong.add(probability: 0, observed: true)
    #expect(wrong.score == 1)
    #expect(BrierAccumulator().score == nil)
  }

  /// A percentage passed by mistake is rejected, not clamped.
  @Test("probabilities outside 0 to 1 are rejected and counted")
  func rejects() {
    var brier = BrierAccumulator()
    brier.add(probability: 45, observed: true)
    brier.add(probability: -0.1, observed: false)
    brier.add(probability: .nan, observed: false)
    brier.add(probability: 0.5, observed: false)
    #expect(brier.n == 1)
    #expect(brier.rejected == 3)
    #expect(brier.score == 0.25)
  }
}
