import Analysis
import TestSupport
import Testing

/// Percentiles, MAD, within-X shares and Spearman against numpy, scipy, scores 2.7 and verif
/// 1.4 (`Tests/Reference/make_verification_reference.py`, entry `distribution`).
@Suite struct ErrorDistributionTests {
  static func close(_ value: Double?, _ expected: Double?) -> Bool {
    guard let value, let expected else { return value == nil && expected == nil }
    return abs(value - expected) <= 1e-9 * max(1, abs(expected))
  }

  @Test(
    "percentiles equal numpy.percentile, MAD scipy's median_abs_deviation, within scores' percent_within_x, Spearman scores' spearmanr and verif's RankCorr"
  )
  func matchReference() throws {
    let groups = try #require(ReferenceVectors.load()["distribution"] as? [[String: Any]])
    #expect(groups.count >= 5)
    for group in groups {
      let forecasts = ReferenceVectors.doubles(group["forecast"]).compactMap { $0 }
      let observations = ReferenceVectors.doubles(group["observed"]).compactMap { $0 }
      let bounds = ReferenceVectors.doubles(group["bounds"]).compactMap { $0 }
      let errors = zip(forecasts, observations).map { $0 - $1 }
      let scores = DistributionScores(
        errors: errors, forecasts: forecasts, observations: observations, bounds: bounds)
      let label = "n \(errors.count)"
      for (value, expected) in zip(
        scores.percentiles, ReferenceVectors.doubles(group["percentiles"]))
      {
        #expect(
          Self.close(value, expected),
          "\(label) percentile \(String(describing: value)) vs \(String(describing: expected))")
      }
      #expect(Self.close(scores.mad, ReferenceVectors.double(group["mad"])), "\(label) mad")
      #expect(
        Self.close(scores.spearman, ReferenceVectors.double(group["spearman"])), "\(label) spearman"
      )
      #expect(
        Self.close(scores.spearman, ReferenceVectors.double(group["verif_rank_corr"])),
        "\(label) verif")
      let within = ReferenceVectors.doubles(group["within"])
      #expect(within.count == bounds.count)
      for (value, expected) in zip(scores.within, within) {
        #expect(
          Self.close(value, expected),
          "\(label) within \(String(describing: value)) vs \(String(describing: expected))")
      }
    }
  }

  /// numpy: percentile([1, 2, 3, 4], 10) = 1 + 0.3·(2 − 1) = 1.3; 90 → 3.7.
  @Test("linear percentiles, MAD and ties by hand")
  func handExamples() {
    #expect(
      ErrorDistribution.percentile(sorted: [1, 2, 3, 4], 10).map { abs($0 - 1.3) < 1e-12 } == true)
    #expect(
      ErrorDistribution.percentile(sorted: [1, 2, 3, 4], 90).map { abs($0 - 3.7) < 1e-12 } == true)
    #expect(ErrorDistribution.percentile(sorted: [5], 25) == 5)
    #expect(ErrorDistribution.percentile(sorted: [], 50) == nil)
    // median 2, |e − 2| = 1, 0, 0, 2, 7 → MAD 1.
    #expect(ErrorDistribution.medianAbsoluteDeviation([1, 2, 2, 4, 9]) == 1)
    #expect(ErrorDistribution.ranks([10, 20, 20, 5]) == [2, 3.5, 3.5, 1])
    #expect(ErrorDistribution.spearman([1, 2, 3], [3, 2, 1]).map { abs($0 + 1) < 1e-15 } == true)
    #expect(ErrorDistribution.spearman([1, 1, 1], [3, 2, 1]) == nil)
    #expect(ErrorDistribution.spearman([1], [3]) == nil)
    // 1.3 − 0.3 is 1.0000000000000002 in binary, and counts as within 1.
    #expect(ErrorDistribution.share(of: [1.3 - 0.3, 2, -0.5], within: 1) == 2.0 / 3)
    #expect(ErrorDistribution.share(of: [], within: 1) == nil)
  }
}
