/// Equal-width bins over a range of values, for the conditional and discrimination diagrams.
public enum BinnedValues {
  /// One bin's pairs: how many, and the mean of the binned value and of the other value.
  public struct Bin: Sendable, Equatable {
    public var lower: Double
    public var upper: Double
    public var n: Int
    /// Mean of the values the bins are over; nil when the bin is empty.
    public var meanBinned: Double?
    /// Mean of the other value of the same pairs; nil when the bin is empty.
    public var meanOther: Double?

    public init(lower: Double, upper: Double, n: Int, meanBinned: Double?, meanOther: Double?) {
      self.lower = lower
      self.upper = upper
      self.n = n
      self.meanBinned = meanBinned
      self.meanOther = meanOther
    }
  }

  /// `count` + 1 equally spaced edges from `lower` to `upper`; a flat range is widened by ±0.5
  /// so there is one bin of width 1 to hold it.
  public static func edges(lower: Double, upper: Double, count: Int) -> [Double] {
    let bins = max(count, 1)
    var low = lower
    var high = upper
    if !(high > low) {
      low -= 0.5
      high += 0.5
    }
    return (0...bins).map { low + (high - low) * Double($0) / Double(bins) }
  }

  /// The bin of `value`: bins are [lower, upper) except the last, which includes its upper
  /// edge; nil outside the edges or for a non-finite value.
  public static func index(of value: Double, edges: [Double]) -> Int? {
    guard value.isFinite, let first = edges.first, let last = edges.last, edges.count > 1,
      value >= first, value <= last
    else { return nil }
    let width = (last - first) / Double(edges.count - 1)
    return min(Int((value - first) / width), edges.count - 2)
  }

  /// Counts per bin.
  public static func counts(_ values: [Double], edges: [Double]) -> [Int] {
    var counts = Array(repeating: 0, count: max(edges.count - 1, 0))
    for value in values {
      if let bin = index(of: value, edges: edges) { counts[bin] += 1 }
    }
    return counts
  }

  /// Pairs (binned, other) binned by the first value: per bin n, mean binned and mean other
  /// (the conditional mean E[other | binned in bin]).
  public static func conditionalMeans(binned: [Double], other: [Double], edges: [Double]) -> [Bin] {
    let bins = max(edges.count - 1, 0)
    var n = Array(repeating: 0, count: bins)
    var sumBinned = Array(repeating: 0.0, count: bins)
    var sumOther = Array(repeating: 0.0, count: bins)
    for (x, y) in zip(binned, other) where y.isFinite {
      guard let bin = index(of: x, edges: edges) else { continue }
      n[bin] += 1
      sumBinned[bin] += x
      sumOther[bin] += y
    }
    return (0..<bins).map { bin in
      Bin(
        lower: edges[bin], upper: edges[bin + 1], n: n[bin],
        meanBinned: n[bin] > 0 ? sumBinned[bin] / Double(n[bin]) : nil,
        meanOther: n[bin] > 0 ? sumOther[bin] / Double(n[bin]) : nil)
    }
  }
}
