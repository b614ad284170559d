/// Order statistics of a sample of errors and the rank correlation of a sample of pairs: the
/// scores that need every value, not sums.
public enum ErrorDistribution {
  /// The q-th percentile (0–100) of ascending `sorted` values by linear interpolation between
  /// closest ranks, numpy's default (`numpy.percentile`, method "linear"): position
  /// h = (n − 1)·q/100, value x⌊h⌋ + (h − ⌊h⌋)(x⌊h⌋+1 − x⌊h⌋); nil for no values.
  public static func percentile(sorted: [Double], _ q: Double) -> Double? {
    guard !sorted.isEmpty, q >= 0, q <= 100 else { return nil }
    let h = Double(sorted.count - 1) * q / 100
    let low = Int(h.rounded(.down))
    let high = min(low + 1, sorted.count - 1)
    return sorted[low] + (h - Double(low)) * (sorted[high] - sorted[low])
  }

  /// The median absolute deviation, median(|eᵢ − median(e)|), unscaled (scipy's
  /// `stats.median_abs_deviation` with its default scale 1); nil for no values.
  public static func medianAbsoluteDeviation(_ values: [Double]) -> Double? {
    guard let median = percentile(sorted: values.sorted(), 50) else { return nil }
    return percentile(sorted: values.map { abs($0 - median) }.sorted(), 50)
  }

  /// The share of errors with |e| ≤ `bound`, |e| rounded to 10 decimals first (scores'
  /// `percent_within_x(…, is_inclusive=True, decimals=10)`, as a fraction): so 1.3 − 0.3 =
  /// 1.0000000000000002 counts as within 1, as the values were meant; nil for no values.
  public static func share(of errors: [Double], within bound: Double) -> Double? {
    guard !errors.isEmpty else { return nil }
    let inside = errors.count {
      (abs($0) * 1e10).rounded(.toNearestOrEven) / 1e10 <= bound
    }
    return Double(inside) / Double(errors.count)
  }

  /// Spearman's rank correlation: Pearson's correlation of the ranks, tied values sharing their
  /// mean rank (Wilks 2011 eq. 3.33 with mid-ranks; scipy's `stats.spearmanr`, as verif's
  /// `RankCorr` uses); nil under two pairs or when either side is constant.
  public static func spearman(_ x: [Double], _ y: [Double]) -> Double? {
    guard x.count == y.count, x.count >= 2 else { return nil }
    let (rx, ry) = (ranks(x), ranks(y))
    let n = Double(x.count)
    let (mx, my) = (rx.reduce(0, +) / n, ry.reduce(0, +) / n)
    var (sxy, sxx, syy) = (0.0, 0.0, 0.0)
    for (u, v) in zip(rx, ry) {
      sxy += (u - mx) * (v - my)
      sxx += (u - mx) * (u - mx)
      syy += (v - my) * (v - my)
    }
    guard sxx > 0, syy > 0 else { return nil }
    let value = sxy / (sxx * syy).squareRoot()
    return value.isFinite ? value : nil
  }

  /// Ranks 1…n in value order, ties given the mean of the ranks they span.
  public static func ranks(_ values: [Double]) -> [Double] {
    let order = values.indices.sorted { values[$0] < values[$1] }
    var result = [Double](repeating: 0, count: values.count)
    var start = 0
    while start < order.count {
      var end = start
      while end + 1 < order.count, values[order[end + 1]] == values[order[start]] { end += 1 }
      let rank = Double(start + end) / 2 + 1
      for position in start...end { result[order[position]] = rank }
      start = end + 1
    }
    return result
  }
}
