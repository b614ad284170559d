import Analysis
import Foundation
import SkycastModel
import Store

/// A group's rank counts per number of present members (almost always one number, so a short
/// list searched in order beats a dictionary lookup per case).
package struct RankTally {
  private var sizes: [Int] = []
  private var counts: [[Int]] = []
  /// Per member count, each rank's weight with ties spread evenly over the tied ranks.
  private var weights: [[Double]] = []

  /// Counts `rank` (ties drawn) and spreads the case's weight over ranks `below…below + ties`.
  @inline(__always)
  mutating func add(rank: Int, members: Int, below: Int, ties: Int) {
    let index: Int
    if let known = sizes.firstIndex(of: members) {
      index = known
    } else {
      sizes.append(members)
      counts.append([Int](repeating: 0, count: members + 1))
      weights.append([Double](repeating: 0, count: members + 1))
      index = sizes.count - 1
    }
    counts[index][rank] += 1
    let share = 1 / Double(ties + 1)
    for tied in below...min(members, below + ties) { weights[index][tied] += share }
  }

  /// The counts by member count: `[m: [count of rank 0, …, count of rank m]]`.
  package var byMembers: [Int: [Int]] {
    Dictionary(uniqueKeysWithValues: zip(sizes, counts))
  }

  /// The tie-spread weights by member count, for the PIT histogram (no draw in them).
  package var weightsByMembers: [Int: [Double]] {
    Dictionary(uniqueKeysWithValues: zip(sizes, weights))
  }
}
