import Analysis
import Foundation
import SkycastModel
import Store

/// Running sums of one group.
package struct EnsembleSums {
  package var n = 0
  package var members = 0
  package var crps = 0.0
  package var error = 0.0
  package var absolute = 0.0
  package var squared = 0.0
  package var variance = 0.0
  /// Σ of each case's member standard deviation with divisor M (verif 1.4.0's `spread`).
  package var populationDeviation = 0.0
  package var varianceCases = 0
  package var referenceCases = 0
  package var crpsWithReference = 0.0
  package var reference = 0.0
  package var ranks = RankTally()
  package var bins = BrierDecomposition.emptyBins()
  package var brierSum = 0.0
  package var roc: [Double: (events: Int, nonEvents: Int)] = [:]

  /// Adds one case: its members' scores against `observation`, the reference's CRPS when there
  /// is one, and the rank (nil for an observation that is not finite).
  @inline(__always)
  mutating func add(_ scored: EnsembleCase, observation: Double, referenceCRPS: Double?, rank: Int?)
  {
    n += 1
    members += scored.members
    if let crps = scored.crps { self.crps += crps }
    let error = scored.mean - observation
    self.error += error
    absolute += abs(error)
    squared += error * error
    if let variance = scored.variance {
      self.variance += variance
      populationDeviation +=
        (variance * Double(scored.members - 1) / Double(scored.members)).squareRoot()
      varianceCases += 1
    }
    if let referenceCRPS, let crps = scored.crps {
      referenceCases += 1
      crpsWithReference += crps
      reference += referenceCRPS
    }
    if let rank {
      ranks.add(rank: rank, members: scored.members, below: scored.below, ties: scored.ties)
    }
  }

  /// Adds one case's event probability: `hits` of `members` members are events.
  mutating func add(hits: Int, members: Int, observed: Bool) {
    let p = Double(hits) / Double(members)
    let bin = BrierDecomposition.bin(percent: Double(hits) * 100 / Double(members))
    bins[bin].n += 1
    bins[bin].sumProbability += p
    if observed { bins[bin].events += 1 }
    brierSum += (p - (observed ? 1 : 0)) * (p - (observed ? 1 : 0))
    var count = roc[p] ?? (0, 0)
    if observed { count.events += 1 } else { count.nonEvents += 1 }
    roc[p] = count
  }
}
