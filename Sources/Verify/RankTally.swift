import Analysis
import Foundation
import SkycastModel
import Store

/// A group's rank counts per number of present members (almost always one number, so a short
/// list searched in order beats a dictionary lookup per case).
package struct RankTally {
  private var sizes: [Int] = []
  private var counts: [[Int]] = []

  @inline(__always)
  mutating func add(rank: Int, members: Int) {
    if let index = sizes.firstIndex(of: members) {
      counts[index][rank] += 1
    } else {
      sizes.append(members)
      var bins = [Int](repeating: 0, count: members + 1)
      bins[rank] += 1
      counts.append(bins)
    }
  }

  /// The counts by member count: `[m: [count of rank 0, …, count of rank m]]`.
  package var byMembers: [Int: [Int]] {
    Dictionary(uniqueKeysWithValues: zip(sizes, counts))
  }
}
