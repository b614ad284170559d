import Foundation
import Testing

@testable import Analysis
@testable import SkycastModel

/// The Diebold–Mariano test with the equal-weighted cosine long-run variance and its Student t
/// reference with ν degrees of freedom (Lazarus, Lewis, Stock & Watson 2018), by value, and its
/// size for two equally good forecasts whose loss differential is MA(h − 1).
@Suite struct DieboldMarianoFixedSmoothingTests {
  /// d = 1, 2, 3, 4, h = 1: ν = min(⌊0.4 · 4^{2/3}⌋, ⌊4/2⌋) = 1;
  /// Λ₁ = √(1/2) Σ cos(π(t − ½)/4)(dₜ − 2.5) = −√(1/2) (3 cos(π/8) + cos(3π/8)), Ω̂ = Λ₁²,
  /// DM = √4 · 2.5 / |Λ₁| (NumPy: 2.2417076458398255, SciPy t(1): p 0.267123340621555).
  @Test("a hand-computed statistic and p-value with one cosine")
  func handExample() throws {
    let result = try #require(DieboldMariano.fixedSmoothingTest([1, 2, 3, 4], horizon: 1))
    let lambda = (0.5).squareRoot() * (3 * cos(Double.pi / 8) + cos(3 * Double.pi / 8))
    #expect(result.degreesOfFreedom == 1)
    #expect(abs(result.statistic - 5 / lambda) < 1e-12)
    #expect(abs(result.statistic - 2.2417076458398255) < 1e-12)
    // t(1) is Cauchy: p = 1 − (2/π) arctan|t|.
    #expect(abs(result.pValue - (1 - 2 / Double.pi * atan(5 / lambda))) < 1e-12)
    #expect(abs(result.mean - 2.5) < 1e-15)
  }

  @Test("statistic and p-value equal a NumPy/SciPy computation of the same formula at h = 2")
  func numpyExample() throws {
    let d = [0.3, -1.2, 0.8, 2.0, -0.4, 1.1, 0.0, 0.9, -0.7, 1.5, 0.6, -0.2]
    let result = try #require(DieboldMariano.fixedSmoothingTest(d, horizon: 2))
    #expect(result.degreesOfFreedom == 2)
    #expect(abs(result.statistic - 3.038671408877855) < 1e-12)
    #expect(abs(result.pValue - 0.09337908816201933) < 1e-10)
  }

  @Test("ν follows 0.4 n^(2/3) (Lazarus et al. 2018), capped at n/(2h), at least 1")
  func degreesOfFreedom() {
    #expect(DieboldMariano.cosineDegreesOfFreedom(days: 180, horizon: 1) == 12)
    #expect(DieboldMariano.cosineDegreesOfFreedom(days: 180, horizon: 16) == 5)
    #expect(DieboldMariano.cosineDegreesOfFreedom(days: 48, horizon: 16) == 1)
    #expect(DieboldMariano.cosineDegreesOfFreedom(days: 60, horizon: 4) == 6)
    #expect(DieboldMariano.cosineDegreesOfFreedom(days: 21, horizon: 7) == 1)
  }

  @Test(
    "the variance is positive where the HLN one is not, and the test is undefined without spread")
  func positive() throws {
    // Alternating differences: the lag-1 autocovariance cancels γ̂₀ under the rectangular kernel.
    let d = (0..<21).map { $0 % 2 == 0 ? 1.0 : -0.8 }
    #expect(DieboldMariano.test(d, horizon: 2) == nil)
    let result = try #require(DieboldMariano.fixedSmoothingTest(d, horizon: 2))
    #expect(result.statistic.isFinite && result.pValue > 0)
    #expect(DieboldMariano.fixedSmoothingTest([0, 0, 0, 0], horizon: 1) == nil)
    #expect(DieboldMariano.fixedSmoothingTest([1, .nan, 3, 4], horizon: 1) == nil)
    #expect(DieboldMariano.fixedSmoothingTest([1, 2, 3, 4], horizon: 0) == nil)
  }

  /// d = Σₖ₌₀^{h−1} εₜ₋ₖ (the flat MA(h − 1) differential of h-step forecasts, the hardest
  /// case for a long-run variance): how often p < 0.05 for the fixed-smoothing test and for the
  /// HLN test it replaces, at the day counts `verify --compare` tests (at least 3h).
  @Test(
    "under equal accuracy the fixed-smoothing test rejects at most 7 % at 12–180 days and h 1–16")
  func size() {
    let reps = 1000
    var lines: [String] = []
    var worst = 0.0
    for h in [1, 2, 4, 7, 10, 16] {
      for days in [12, 20, 30, 48, 60, 90, 120, 180] where days >= max(10, 3 * h) {
        var random = SplitMix64(seed: UInt64(h * 1000 + days))
        var rejected = (fixed: 0, hln: 0)
        for _ in 0..<reps {
          let noise = (0..<(days + h - 1)).map { _ in random.nextGaussian() }
          let d = (0..<days).map { t in noise[t..<(t + h)].reduce(0, +) }
          if let p = DieboldMariano.fixedSmoothingTest(d, horizon: h)?.pValue, p < 0.05 {
            rejected.fixed += 1
          }
          if let p = DieboldMariano.test(d, horizon: h)?.pValue, p < 0.05 { rejected.hln += 1 }
        }
        let rate = Double(rejected.fixed) / Double(reps)
        worst = max(worst, rate)
        lines.append(
          "h \(h), \(days) days: fixed-smoothing \(rate), HLN \(Double(rejected.hln) / Double(reps))"
        )
        #expect(rate <= 0.07, "\(lines.last!)")
      }
    }
    print(lines.joined(separator: "\n") + "\nworst fixed-smoothing size \(worst)")
  }
}
