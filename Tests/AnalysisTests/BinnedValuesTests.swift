import Testing

@testable import Analysis

@Suite struct BinnedValuesTests {
  /// Edges 0 2 4 6 8 10: 0 and 1.9 fall in bin 0, 2 in bin 1, 10 (the last edge) in bin 4,
  /// −1 and 10.5 in none.
  @Test("values fall in half-open bins, the last closed")
  func bins() {
    let edges = BinnedValues.edges(lower: 0, upper: 10, count: 5)
    #expect(edges == [0, 2, 4, 6, 8, 10])
    #expect(BinnedValues.index(of: 0, edges: edges) == 0)
    #expect(BinnedValues.index(of: 1.9, edges: edges) == 0)
    #expect(BinnedValues.index(of: 2, edges: edges) == 1)
    #expect(BinnedValues.index(of: 10, edges: edges) == 4)
    #expect(BinnedValues.index(of: -1, edges: edges) == nil)
    #expect(BinnedValues.index(of: 10.5, edges: edges) == nil)
    #expect(BinnedValues.counts([0, 1, 2, 9, 10, 11], edges: edges) == [2, 1, 0, 0, 2])
  }

  /// Pairs (1, 10), (1.5, 20), (7, 5): bin [0, 5) holds two with mean binned 1.25 and mean
  /// other 15; bin [5, 10] holds one with 7 and 5.
  @Test("conditional means per bin by hand")
  func conditionalMeans() {
    let bins = BinnedValues.conditionalMeans(
      binned: [1, 1.5, 7], other: [10, 20, 5], edges: [0, 5, 10])
    #expect(
      bins == [
        BinnedValues.Bin(lower: 0, upper: 5, n: 2, meanBinned: 1.25, meanOther: 15),
        BinnedValues.Bin(lower: 5, upper: 10, n: 1, meanBinned: 7, meanOther: 5),
      ])
    #expect(BinnedValues.edges(lower: 3, upper: 3, count: 1) == [2.5, 3.5])
  }
}
