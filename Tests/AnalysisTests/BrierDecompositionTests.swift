import Foundation
import TestSupport
import Testing

@testable import Analysis

/// Brier decomposition, Brier skill and ROC area by hand and against `scores` and `verif`.
@Suite struct BrierDecompositionTests {
  /// Builds the bins and per-probability counts of (percent, event) pairs.
  static func tally(_ pairs: [(percent: Double, event: Bool)])
    -> (bins: [BrierDecomposition.Bin], counts: [ROCArea.Count], brierSum: Double)
  {
    var bins = BrierDecomposition.emptyBins()
    var counts: [Double: (Int, Int)] = [:]
    var sum = 0.0
    for (percent, event) in pairs {
      let index = BrierDecomposition.bin(percent: percent)
      bins[index].n += 1
      bins[index].sumProbability += percent / 100
      if event { bins[index].events += 1 }
      let previous = counts[percent] ?? (0, 0)
      counts[percent] = event ? (previous.0 + 1, previous.1) : (previous.0, previous.1 + 1)
      let error = percent / 100 - (event ? 1 : 0)
      sum += error * error
    }
    return (
      bins,
      counts.map {
        ROCArea.Count(probability: $0.key / 100, events: $0.value.0, nonEvents: $0.value.1)
      },
      sum
    )
  }

  /// Pairs (p %, o): (10,0) (10,1) (30,0) (30,0) (80,1) (80,1) (80,0) (90,1).
  /// ō = 1/2; bins 10 %: p̄ .1 ō .5 n 2; 30 %: .3, 0, 2; 80 %: .8, 2/3, 3; 90 %: .9, 1, 1.
  /// REL = [2(.4)² + 2(.3)² + 3(.8 − 2/3)² + (.1)²] / 8 = (.32 + .18 + .05333… + .01)/8 = .0704166…
  /// RES = [2·0 + 2(.5)² + 3(1/6)² + (.5)²] / 8 = (.5 + .08333… + .25)/8 = .1041666…
  /// UNC = .25; BS = (.01 + .81 + .09 + .09 + .04 + .04 + .64 + .01)/8 = .21625
  /// = REL − RES + UNC (constant probabilities per bin). ROC: events at 10, 80, 80, 90 against
  /// non-events at 10, 30, 30, 80 win ½ + 3½ + 3½ + 4 = 11.5 of 16 pairs → 0.71875.
  @Test("decomposition, identity and ROC area match a hand computation")
  func handComputation() throws {
    let pairs: [(Double, Bool)] = [
      (10, false), (10, true), (30, false), (30, false), (80, true), (80, true), (80, false),
      (90, true),
    ]
    let (bins, counts, sum) = Self.tally(pairs.map { (percent: $0.0, event: $0.1) })
    let result = try #require(BrierDecomposition.decompose(bins, brierSum: sum))
    #expect(abs(result.bs - 0.21625) < 1e-12)
    #expect(abs(result.reliability - 0.5633333333333333 / 8) < 1e-12)
    #expect(abs(result.resolution - 0.8333333333333333 / 8) < 1e-12)
    #expect(result.uncertainty == 0.25)
    #expect(abs(result.binnedBS - result.bs) < 1e-12)
    #expect(abs((result.reliability - result.resolution + result.uncertainty) - result.bs) < 1e-12)
    #expect(abs((result.skill ?? 0) - (1 - 0.21625 / 0.25)) < 1e-12)
    #expect(ROCArea.area(counts) == 11.5 / 16)
  }

  @Test("bins are [0, 10 %) … [90 %, 100 %], compared in percent")
  func binning() {
    #expect(BrierDecomposition.bin(percent: 0) == 0)
    #expect(BrierDecomposition.bin(percent: 9.99) == 0)
    #expect(BrierDecomposition.bin(percent: 10) == 1)
    #expect(BrierDecomposition.bin(percent: 30) == 3)
    #expect(BrierDecomposition.bin(percent: 99) == 9)
    #expect(BrierDecomposition.bin(percent: 100) == 9)
  }

  @Test("Brier score, resolution, uncertainty, skill and ROC area equal scores and verif to 1e-6")
  func matchesScoresAndVerif() throws {
    let reference = try #require(try ReferenceVectors.load()["probabilities"] as? [String: Any])
    let observed = ReferenceVectors.doubles(reference["observed"]).map { $0 ?? 0 }
    for (name, percents) in [("raw", "percent"), ("binned", "binned_percent")] {
      let percent = ReferenceVectors.doubles(reference[percents]).map { $0 ?? 0 }
      let expected = try #require(reference[name] as? [String: Any])
      func value(_ key: String) -> Double { ReferenceVectors.double(expected[key])! }
      let (bins, counts, sum) = Self.tally(
        zip(percent, observed).map { (percent: $0, event: $1 > 0.1) })
      let result = try #require(BrierDecomposition.decompose(bins, brierSum: sum))
      #expect(abs(result.bs - value("bs")) <= 1e-6, "\(name)")
      #expect(abs(result.bs - value("verif_bs")) <= 1e-6, "\(name)")
      #expect(abs(result.resolution - value("res")) <= 1e-6, "\(name)")
      #expect(abs(result.uncertainty - value("unc")) <= 1e-6, "\(name)")
      #expect(abs((result.skill ?? .nan) - value("bss")) <= 1e-6, "\(name)")
      #expect(abs((ROCArea.area(counts) ?? .nan) - value("roc_area")) <= 1e-6, "\(name)")
      #expect(
        abs(result.binnedBS - (result.reliability - result.resolution + result.uncertainty)) < 1e-15
      )
      if name == "binned" {
        // verif's reliability uses each forecast; with one probability per bin it is the
        // bin-mean reliability, and the decomposition adds up to the Brier score itself.
        #expect(abs(result.reliability - value("rel")) <= 1e-6)
        #expect(abs(result.binnedBS - result.bs) <= 1e-12)
      } else {
        #expect(result.reliability < value("rel"), "the bin means remove the within-bin spread")
      }
    }
  }

  @Test("ROC area is undefined without both outcomes and 0.5 for a constant forecast")
  func rocEdges() {
    #expect(ROCArea.area([ROCArea.Count(probability: 0.3, events: 4, nonEvents: 0)]) == nil)
    #expect(ROCArea.area([ROCArea.Count(probability: 0.3, events: 4, nonEvents: 6)]) == 0.5)
    #expect(BrierDecomposition.decompose(BrierDecomposition.emptyBins(), brierSum: 0) == nil)
  }
}
