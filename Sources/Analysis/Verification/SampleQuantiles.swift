/// Sample quantiles by linear interpolation between order statistics: Hyndman & Fan (1996)
/// type 7, the default of R's `quantile` and NumPy's `percentile`.
public enum SampleQuantiles {
  /// The p-quantile of ascending `sorted` values: h = (n − 1)p, x[⌊h⌋] + (h − ⌊h⌋)(x[⌊h⌋+1] − x[⌊h⌋]).
  ///
  /// - Returns: nil for no values or p outside [0, 1].
  public static func quantile(sorted: [Double], _ p: Double) -> Double? {
    guard !sorted.isEmpty, p >= 0, p <= 1 else { return nil }
    let h = Double(sorted.count - 1) * p
    let low = Int(h.rounded(.down))
    let high = min(low + 1, sorted.count - 1)
    return sorted[low] + (h - Double(low)) * (sorted[high] - sorted[low])
  }

  /// The probabilities of a quantile–quantile plot: 0.01, 0.02, …, 0.99.
  public static let percentiles: [Double] = (1...99).map { Double($0) / 100 }
}
