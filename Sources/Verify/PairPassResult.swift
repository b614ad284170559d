import Analysis
import Store

/// What ``Verifier/pairPass(_:sums:)`` read.
package struct PairPassResult {
  package var sums: VerifyGroupedSums
  package var distributions: [[VerifyKeyValue]: DistributionScores]
  package var sameCases: SameCases?
  package var climate: ClimateThresholds?
}
