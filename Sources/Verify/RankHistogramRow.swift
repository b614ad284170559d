import Analysis
import Foundation
import SkycastModel
import Store

/// One group's rank histogram: `counts[r]` cases had the observation at rank r (0…members).
public struct RankHistogramRow: Sendable, Equatable {
  public var keys: [VerifyKeyValue]
  public var members: Int
  public var counts: [Int]
  /// Each rank's weight with ties spread evenly over the tied ranks (the PIT histogram's input,
  /// which so does not depend on `--seed`); nil where only counts are known.
  public var pitWeights: [Double]? = nil
  /// Cases left out because they had another number of present members.
  public var skipped: Int

  /// Relative frequency of each rank.
  public var frequencies: [Double] {
    let total = counts.reduce(0, +)
    return counts.map { total > 0 ? Double($0) / Double(total) : 0 }
  }
}
