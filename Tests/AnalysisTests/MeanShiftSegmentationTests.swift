import SkycastModel
import Testing

@testable import Analysis

@Suite struct MeanShiftSegmentationTests {
  /// Kolmogorov's distribution: the 5% and 1% critical values are 1.358 and 1.628 (tables of
  /// the Kolmogorov–Smirnov statistic), and P(sup|B| > 1) = 0.26999967.
  @Test("Kolmogorov's tail matches its tabulated values")
  func kolmogorov() {
    #expect(Approx.equal(MeanShiftSegmentation.kolmogorovTail(1.3581), 0.05, within: 1e-4))
    #expect(Approx.equal(MeanShiftSegmentation.kolmogorovTail(1.6276), 0.01, within: 1e-4))
    #expect(Approx.equal(MeanShiftSegmentation.kolmogorovTail(1), 0.269_999_67, within: 1e-7))
    #expect(MeanShiftSegmentation.kolmogorovTail(0) == 1)
  }

  /// x = 1, 2, 4, 7: differences 1, 2, 3, Σ d² = 14, so σ̂² = 14 / (2·3) = 7/3.
  @Test("sigma from neighbour differences by hand")
  func sigma() {
    #expect(
      Approx.equal(
        MeanShiftSegmentation.differenceSigma([1, 2, 4, 7]),
        (7.0 / 3).squareRoot(), within: 1e-12))
  }

  /// Alternating 0/1 around a step of 3 after 20 of 40 values, σ = 1: S₂₀ = 10, S₄₀ = 80, so
  /// |S₂₀ − (20/40)·S₄₀| = 30 (k = 19 and 21 give 29) and T = 30/√40.
  @Test("the CUSUM peaks at a step with the hand statistic")
  func step() {
    let values = (0..<40).map { Double($0 % 2) + ($0 < 20 ? 0 : 3) }
    let change = MeanShiftSegmentation.cusum(values, 0..<40, sigma: 1, minimumSegment: 5)
    #expect(change?.index == 20)
    #expect(Approx.equal(change?.statistic, 30 / 40.0.squareRoot(), within: 1e-12))
    #expect(
      Approx.equal(
        change?.pValue, MeanShiftSegmentation.kolmogorovTail(30 / 40.0.squareRoot()), within: 0))
  }

  /// Gaussian noise (σ = 1) with the mean 0 → 2.5 at 30 and 2.5 → 0 at 55: both are found.
  @Test("binary segmentation finds two changes in noise")
  func twoSteps() {
    var random = SplitMix64(seed: 7)
    let values = (0..<90).map { random.nextGaussian() + ($0 >= 30 && $0 < 55 ? 2.5 : 0) }
    let changes = MeanShiftSegmentation.changes(values, alpha: 0.01, minimumSegment: 7)
    #expect(changes.count == 2)
    #expect(abs((changes.first?.index ?? 0) - 30) <= 2)
    #expect(abs((changes.last?.index ?? 0) - 55) <= 2)
  }

  @Test("a series without a shift, a short one, or a constant one has no change")
  func noChange() {
    var random = SplitMix64(seed: 11)
    let flat = (0..<90).map { _ in random.nextGaussian() }
    #expect(MeanShiftSegmentation.changes(flat, alpha: 0.01, minimumSegment: 7).isEmpty)
    #expect(MeanShiftSegmentation.changes([1, 5, 1], alpha: 0.01, minimumSegment: 5).isEmpty)
    let constant = [Double](repeating: 2, count: 30)
    #expect(MeanShiftSegmentation.changes(constant, alpha: 0.01, minimumSegment: 5).isEmpty)
  }
}
