/// The PIT histogram of an ensemble, from its rank histogram: the nonrandomised PIT of Czado,
/// Gneiting & Held (2009, "Predictive model assessment for count data", Biometrics
/// 65:1254–1261).
///
/// An observation at rank r among M members (K = M + 1 ranks) has a PIT uniform on
/// [r/K, (r + 1)/K]; the histogram of J equal bins spreads each rank's count over the bins its
/// interval overlaps, in proportion to the overlap. A calibrated ensemble gives 1/J in every
/// bin; a U shape is under-dispersion, a hump over-dispersion, a slope bias. Unlike the rank
/// histogram, ensembles of different sizes share the same bins.
public enum PITHistogram {
  /// Relative frequencies of `bins` equal PIT bins from counts per rank (0…M).
  ///
  /// - Returns: `bins` frequencies summing to 1; nil without counts or bins.
  public static func frequencies(rankCounts: [Int], bins: Int = 10) -> [Double]? {
    let total = rankCounts.reduce(0, +)
    guard total > 0, bins > 0, !rankCounts.isEmpty else { return nil }
    let ranks = Double(rankCounts.count)
    var result = Array(repeating: 0.0, count: bins)
    for (rank, count) in rankCounts.enumerated() where count > 0 {
      let low = Double(rank) / ranks
      let high = Double(rank + 1) / ranks
      let first = Int((low * Double(bins)).rounded(.down))
      let last = min(Int((high * Double(bins)).rounded(.up)) - 1, bins - 1)
      guard first <= last else { continue }
      for bin in first...last {
        let overlap =
          min(high, Double(bin + 1) / Double(bins)) - max(low, Double(bin) / Double(bins))
        if overlap > 0 { result[bin] += Double(count) * overlap * ranks }
      }
    }
    return result.map { $0 / Double(total) }
  }
}
