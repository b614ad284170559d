import Foundation
import TestSupport
import Testing

@testable import Analysis
@testable import SkycastModel
@testable import Store
@testable import Verify

/// The ensemble formulas against `scores` (Tests/Reference/ensemble-reference.json) and by hand.
@Suite struct EnsembleScoresTests {
  @Test("per-case CRPS equals scores.crps_for_ensemble, ecdf and fair, to 1e-9")
  func crpsMatchesScores() throws {
    let sets = try EnsembleReferenceSet.load()
    #expect(sets.count == 3)
    for set in sets {
      for (index, row) in set.members.enumerated() {
        let members = row.compactMap { $0 }
        let observation = set.observations[index]
        let ecdf = try #require(EnsembleScores.crps(members, observation: observation))
        let fair = try #require(EnsembleScores.crps(members, observation: observation, fair: true))
        #expect(abs(ecdf - set.crpsECDF[index]) < 1e-9, "\(set.name) case \(index)")
        #expect(abs(fair - set.crpsFair[index]) < 1e-9, "\(set.name) case \(index)")
        let sorted = members.sorted()
        let fast = try #require(Verifier.sortedCRPS(sorted, observation: observation, fair: false))
        #expect(abs(fast - ecdf) < 1e-12)
      }
    }
  }

  @Test("rank frequencies equal scores.rank_histogram on complete ensembles (no ties)")
  func rankHistogramMatchesScores() throws {
    for set in try EnsembleReferenceSet.load() {
      let size = set.members[0].count
      var counts = [Int](repeating: 0, count: size + 1)
      var generator = SplitMix64(seed: 1)
      for (index, row) in set.members.enumerated() where !row.contains(nil) {
        let rank = try #require(
          EnsembleScores.rank(
            row.compactMap { $0 }, observation: set.observations[index],
            uniform: generator.nextUniform()))
        counts[rank] += 1
      }
      let total = Double(counts.reduce(0, +))
      #expect(set.rankHistogram.count == size + 1)
      for (rank, expected) in set.rankHistogram.enumerated() {
        #expect(abs(Double(counts[rank]) / total - expected) < 1e-9, "\(set.name) rank \(rank)")
      }
    }
  }

  @Test("tied members share the observation's rank evenly through the random draw")
  func tiesAreDrawn() {
    // Observation 2 equals three of five members: ranks 1…4 are equally likely.
    let members: [Double] = [1, 2, 2, 2, 3]
    var generator = SplitMix64(seed: 7)
    var counts = [Int](repeating: 0, count: 6)
    for _ in 0..<40_000 {
      counts[EnsembleScores.rank(members, observation: 2, uniform: generator.nextUniform())!] += 1
    }
    #expect(counts[0] == 0 && counts[5] == 0)
    for rank in 1...4 { #expect(abs(Double(counts[rank]) / 40_000 - 0.25) < 0.01, "\(counts)") }
    #expect(EnsembleScores.rank(members, observation: 0.5, uniform: 0.99) == 0)
    #expect(EnsembleScores.rank(members, observation: 9, uniform: 0) == 5)
  }

  @Test("mean, spread, quantiles (NumPy's linear), probabilities and spread–skill by hand")
  func summaries() throws {
    let members: [Double] = [4, 1, 3, 2]
    #expect(EnsembleScores.mean(members) == 2.5)
    #expect(EnsembleScores.variance(members) == 5.0 / 3)
    #expect(EnsembleScores.quantile(members, 0) == 1)
    #expect(EnsembleScores.quantile(members, 1) == 4)
    #expect(EnsembleScores.quantile(members, 0.5) == 2.5)
    #expect(EnsembleScores.quantile(members, 0.1) == 1.3)
    #expect(EnsembleScores.quantile(members, 1.5) == nil)
    #expect(EnsembleScores.probability(members, threshold: 3, op: .ge) == 0.5)
    #expect(EnsembleScores.probability(members, threshold: 3, op: .gt) == 0.25)
    #expect(EnsembleScores.spread([5]) == nil)
    #expect(EnsembleScores.crps([5], observation: 7) == 2)
    #expect(EnsembleScores.crps([5], observation: 7, fair: true) == nil)
    let ratio = try #require(
      EnsembleScores.spreadSkill(meanVariance: 4, meanSquaredError: 4, members: 3))
    #expect(abs(ratio - (4.0 / 3).squareRoot()) < 1e-15)
    #expect(
      abs((Verifier.gaussianCRPS(mean: 0, deviation: 1, observation: 0)) - 0.2336949772) < 1e-9)
  }

  @Test("the blob layout is little-endian Float32 with NaN for a missing member")
  func blobLayout() {
    let bytes = EnsembleBlob.pack([1, .nan, -2.5])
    #expect(bytes.count == 12)
    #expect(Array(bytes[0..<4]) == [0x00, 0x00, 0x80, 0x3F])
    #expect(Array(bytes[8..<12]) == [0x00, 0x00, 0x20, 0xC0])
    let back = EnsembleBlob.unpack(bytes)!
    #expect(back[0] == 1 && back[1].isNaN && back[2] == -2.5)
    #expect(EnsembleBlob.unpack([1, 2, 3]) == nil)
  }

  @Test("the ens_* SQL functions read a packed value")
  func sqlFunctions() throws {
    let database = try Database(path: ":memory:")
    try SQLFunctions.register(on: database)
    let blob = SQLiteValue.blob(EnsembleBlob.pack([4, 1, .nan, 3, 2]))
    func value(_ sql: String, _ more: [SQLiteValue] = []) throws -> SQLiteValue? {
      try database.scalar(sql, [blob] + more)
    }
    #expect(try value("SELECT ens_member(?, 0)") == .real(4))
    #expect(try value("SELECT ens_member(?, 2)") == .null)
    #expect(try value("SELECT ens_member(?, 5)") == .null)
    #expect(try value("SELECT ens_size(?)") == .integer(5))
    #expect(try value("SELECT ens_mean(?)") == .real(2.5))
    #expect(try value("SELECT ens_spread(?)") == .real((5.0 / 3).squareRoot()))
    #expect(try value("SELECT ens_quantile(?, 0.5)") == .real(2.5))
    #expect(try value("SELECT ens_prob(?, 3)") == .real(0.5))
    #expect(try value("SELECT ens_prob(?, 3, '>')") == .real(0.25))
    #expect(try value("SELECT ens_prob(?, 3, 'lt')") == .null)
    #expect(try value("SELECT ens_crps(?, 2.5)") == .real(0.375))
    #expect(try value("SELECT ens_crps(?, 2.5, 'fair')") == .real(1 - 20.0 / 24))
    #expect(try value("SELECT ens_rank(?, 10)") == .integer(4))
    #expect(try value("SELECT ens_rank(?, 2)") == value("SELECT ens_rank(?, 2)"))
    #expect(try database.scalar("SELECT ens_mean(NULL)") == .null)
    #expect(try database.scalar("SELECT ens_mean(x'010203')") == .null)
  }
}
