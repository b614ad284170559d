import Testing

@testable import Analysis
@testable import SkycastModel
@testable import Store
@testable import Verify

/// The rank tally behind the rank and PIT histograms (issue 42: the PIT histogram changed with
/// `--seed`, because ties were broken at random before spreading).
@Suite struct RankTallyTests {
  @Test("a tied observation counts its drawn rank and weighs 1/(t + 1) on each tied rank")
  func weights() {
    var tally = RankTally()
    tally.add(rank: 2, members: 4, below: 1, ties: 2)
    tally.add(rank: 0, members: 4, below: 0, ties: 0)
    #expect(tally.byMembers[4] == [1, 0, 1, 0, 0])
    let weights = tally.weightsByMembers[4] ?? []
    #expect(weights.count == 5)
    let expected = [1, 1.0 / 3, 1.0 / 3, 1.0 / 3, 0]
    for (value, wanted) in zip(weights, expected) { #expect(abs(value - wanted) < 1e-15) }
  }

  @Test("the PIT table reads the tie weights, so two draws of the same ties print the same PIT")
  func pitCells() {
    let drawnLow = RankHistogramRow(
      keys: [], members: 1, counts: [1, 0], pitWeights: [0.5, 0.5], skipped: 0)
    let drawnHigh = RankHistogramRow(
      keys: [], members: 1, counts: [0, 1], pitWeights: [0.5, 0.5], skipped: 0)
    let low = EnsembleFigure.pitCells(drawnLow)
    #expect(low == EnsembleFigure.pitCells(drawnHigh))
    #expect(low.count == 10)
    let frequencies = low.compactMap { row -> Double? in
      if case .number(let value) = row.last { return value }
      return nil
    }
    #expect(frequencies.allSatisfy { abs($0 - 0.1) < 1e-12 }, "\(frequencies)")
  }
}
