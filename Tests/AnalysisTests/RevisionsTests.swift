import Testing

@testable import Analysis

@Suite struct RevisionsTests {
  /// 20, 22, 19, 21, 21: |Δ| = 2, 3, 2, 0 (Σ 7), range 22 − 19 = 3, so the flip-flop index is
  /// (7 − 3) / (5 − 2) = 4/3 and the mean absolute revision 7/4.
  @Test("flip-flop index and mean absolute revision of a hand example")
  func handExample() {
    let forecasts: [Double] = [20, 22, 19, 21, 21]
    #expect(Approx.equal(Revisions.flipFlopIndex(forecasts), 4.0 / 3, within: 1e-12))
    #expect(Approx.equal(Revisions.meanAbsoluteRevision(forecasts), 1.75, within: 1e-12))
  }

  /// A forecast that only trends one way never flip-flops.
  @Test(
    "a monotonic series has flip-flop index 0",
    arguments: [[1.0, 2, 3], [5.0, 5, 4, 1], [7.0, 7, 7]])
  func monotonic(_ forecasts: [Double]) {
    #expect(Revisions.flipFlopIndex(forecasts) == 0)
  }

  /// A pure oscillation 0, 10, 0, 10: Σ 30, range 10, index 20/2 = 10.
  @Test("an oscillating series has a large flip-flop index")
  func oscillating() {
    #expect(Revisions.flipFlopIndex([0, 10, 0, 10]) == 10)
  }

  /// Definitions: revision needs 2 forecasts, flip-flop needs 3.
  @Test("too short series have no index")
  func tooShort() {
    #expect(Revisions.meanAbsoluteRevision([]) == nil)
    #expect(Revisions.meanAbsoluteRevision([3]) == nil)
    #expect(Revisions.meanAbsoluteRevision([3, 5]) == 2)
    #expect(Revisions.flipFlopIndex([3, 5]) == nil)
    #expect(Revisions.flipFlopIndex([3, 5, .nan]) == nil)
  }
}
