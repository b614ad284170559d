import Testing

@testable import Analysis

@Suite struct PITHistogramTests {
  /// One member (two ranks), counts 30 and 10: rank 0 covers PIT [0, 0.5], five bins of 6
  /// each (0.15), rank 1 the other five with 2 each (0.05).
  @Test("two ranks spread over ten bins")
  func twoRanks() throws {
    let frequencies = try #require(PITHistogram.frequencies(rankCounts: [30, 10]))
    for (bin, value) in frequencies.enumerated() {
      #expect(Approx.equal(value, bin < 5 ? 0.15 : 0.05, within: 1e-12))
    }
  }

  /// Two members (three ranks), equal counts: flat, 0.1 per bin, although the rank edges 1/3
  /// and 2/3 fall inside bins 3 and 6.
  @Test("a flat rank histogram gives a flat PIT histogram")
  func flat() throws {
    let frequencies = try #require(PITHistogram.frequencies(rankCounts: [3, 3, 3]))
    #expect(frequencies.count == 10)
    for value in frequencies { #expect(Approx.equal(value, 0.1, within: 1e-12)) }
    // All cases at the lowest of 3 ranks: PIT in [0, 1/3]: bins 0–2 get 0.3 each, bin 3 0.1.
    let low = try #require(PITHistogram.frequencies(rankCounts: [5, 0, 0]))
    #expect(Approx.equal(low[0], 0.3, within: 1e-12))
    #expect(Approx.equal(low[3], 0.1, within: 1e-12))
    #expect(Approx.equal(low[4], 0, within: 1e-12))
    #expect(PITHistogram.frequencies(rankCounts: [0, 0]) == nil)
  }

  /// One member equal to the observation (M = 1, K = 2): the tie spreads the case over ranks 0
  /// and 1, so its PIT is uniform on [0, 1] and every bin gets 0.1; the drawn rank 0 alone would
  /// put 0.2 in each of the lower five bins.
  @Test("tie weights spread a tied case over its ranks; the histogram needs no draw")
  func tieWeights() throws {
    let spread = try #require(PITHistogram.frequencies(rankWeights: [0.5, 0.5], bins: 10))
    for value in spread { #expect(abs(value - 0.1) < 1e-12) }
    let drawn = try #require(PITHistogram.frequencies(rankCounts: [1, 0], bins: 10))
    #expect(drawn.prefix(5).allSatisfy { abs($0 - 0.2) < 1e-12 })
    #expect(PITHistogram.frequencies(rankWeights: [0, 0], bins: 10) == nil)
  }
}
