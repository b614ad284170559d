import Foundation
import TestSupport
import Testing

@testable import Analysis

/// The Diebold–Mariano test (HLN, Student t) and the t distribution behind it, against `scores`
/// and SciPy (the versions are in the reference file).
@Suite struct DieboldMarianoTests {
  @Test("DM statistic, confidence and two-sided p-value equal scores' HLN implementation to 1e-6")
  func matchesScores() throws {
    let reference = try ReferenceVectors.load()
    let cases = try #require(reference["diebold_mariano"] as? [[String: Any]])
    #expect(cases.count >= 6)
    for item in cases {
      let series = ReferenceVectors.doubles(item["series"]).compactMap { $0 }
      let h = try #require(item["h"] as? Int)
      let result = DieboldMariano.test(series, horizon: h)
      guard let statistic = ReferenceVectors.double(item["statistic"]) else {
        #expect(result == nil, "scores gives NaN for h \(h): \(series)")
        continue
      }
      let value = try #require(result, "h \(h), n \(series.count)")
      #expect(value.count == item["n"] as? Int)
      #expect(
        abs(value.statistic - statistic) <= 1e-6, "h \(h): \(value.statistic) vs \(statistic)")
      #expect(
        abs(value.confidenceGreaterThanZero - ReferenceVectors.double(item["confidence_gt_0"])!)
          <= 1e-6)
      #expect(abs(value.pValue - ReferenceVectors.double(item["p_value"])!) <= 1e-6)
      #expect(abs(value.mean - ReferenceVectors.double(item["mean"])!) <= 1e-9)
    }
  }

  /// d = 1, 2, 3, 4 with h = 1: d̄ = 2.5, γ̂₀ = 5, V̂ = 5/16, correction (4 + 1 − 2)/4 = 3/4,
  /// DM = √0.75 · 2.5 / √(5/16) = √15 ≈ 3.873 (the scores docstring's HLN example with h = 1).
  @Test("a hand-computed HLN statistic")
  func handExample() throws {
    let result = try #require(DieboldMariano.test([1, 2, 3, 4], horizon: 1))
    #expect(abs(result.statistic - 15.0.squareRoot()) < 1e-12)
    let p = try #require(StudentT.twoSidedPValue(15.0.squareRoot(), degreesOfFreedom: 3))
    #expect(abs(result.pValue - p) < 1e-15)
  }

  @Test("the test is undefined for h ≥ n, an all-zero series and a non-finite value")
  func undefined() {
    #expect(DieboldMariano.test([1, 2, 3], horizon: 3) == nil)
    #expect(DieboldMariano.test([0, 0, 0, 0], horizon: 1) == nil)
    #expect(DieboldMariano.test([1, .nan, 3, 4], horizon: 1) == nil)
    #expect(DieboldMariano.test([1, 2, 3, 4], horizon: 0) == nil)
  }

  @Test("Student t CDF equals SciPy's to 1e-10 from 1 to 199 degrees of freedom")
  func studentT() throws {
    let rows = try #require(try ReferenceVectors.load()["student_t"] as? [[String: Any]])
    for row in rows {
      let t = ReferenceVectors.double(row["t"])!
      let df = ReferenceVectors.double(row["df"])!
      let expected = ReferenceVectors.double(row["cdf"])!
      let value = try #require(StudentT.cdf(t, degreesOfFreedom: df))
      #expect(abs(value - expected) <= 1e-10, "t \(t), df \(df): \(value) vs \(expected)")
    }
    #expect(StudentT.cdf(0, degreesOfFreedom: 0) == nil)
    #expect(StudentT.cdf(.infinity, degreesOfFreedom: 3) == 1)
  }

  @Test("the regularized incomplete beta function equals SciPy's betainc to 1e-12")
  func incompleteBeta() throws {
    let rows = try #require(try ReferenceVectors.load()["incomplete_beta"] as? [[String: Any]])
    for row in rows {
      let x = ReferenceVectors.double(row["x"])!
      let a = ReferenceVectors.double(row["a"])!
      let b = ReferenceVectors.double(row["b"])!
      let value = try #require(StudentT.regularizedIncompleteBeta(x: x, a: a, b: b))
      #expect(abs(value - ReferenceVectors.double(row["value"])!) <= 1e-12, "\(row)")
    }
    #expect(StudentT.regularizedIncompleteBeta(x: 1.5, a: 1, b: 1) == nil)
    #expect(StudentT.regularizedIncompleteBeta(x: 0.3, a: 1, b: 1) == 0.3)
  }
}
