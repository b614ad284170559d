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
    frequencies(rankWeights: rankCounts.map(Double.init), bins: bins)
  }

  /// Relative frequencies of `bins` equal PIT bins from weights per rank (0…M): a case whose
  /// observation ties t members above b members below weighs 1/(t + 1) on each rank b…b + t, so
  /// its PIT is uniform on [b/K, (b + t + 1)/K], the nonrandomised PIT of Czado et al. (2009)
  /// for a predictive distribution with an atom at the observation; no random draw.
  ///
  /// - Returns: `bins` frequencies summing to 1; nil without weight or bins.
  public static func frequencies(rankWeights: [Double], bins: Int = 10) -> [Double]? {
    let total = rankWeights.reduce(0, +)
    guard total > 0, bins > 0, !rankWeights.isEmpty else { return nil }
    let ranks = Double(rankWeights.count)
    var result = Array(repeating: 0.0, count: bins)
    for (rank, count) in rankWeights.enumerated() where count > 0 {
      let low = Double(rank) / ranks
      let high = Double(rank + 1) / ranks
      let first = Int((low * Double(bins)).rounded(.down))
      let last = min(Int((high * Double(bins)).rounded(.up)) - 1, bins - 1)
      guard first <= last else { continue }
      for bin in first...last {
        let overlap =
          min(high, Double(bin + 1) / Double(bins)) - max(low, Double(bin) / Double(bins))
        if overlap > 0 { result[bin] += count * overlap * ranks }
      }
    }
    return result.map { $0 / total }
  }
}
