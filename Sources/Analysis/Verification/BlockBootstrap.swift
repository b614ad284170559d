import Foundation
import SkycastModel

/// Percentile confidence intervals from a circular block bootstrap of daily sufficient
/// statistics (Politis & Romano 1992, "A circular block-resampling procedure for stationary
/// data"; Wilks 2011 §5.3.5).
///
/// Each day is a vector of sums (n, Σe, Σe², …). A resample draws ⌈D / L⌉ blocks of L
/// consecutive days, each starting at a uniformly chosen day and wrapping from the last day to
/// the first, keeps the first D days drawn, and adds their vectors; a statistic is then
/// computed from the summed vector. The work per resample grows with the number of blocks, not
/// with the number of pairs behind them (block sums are differences of running sums).
///
/// ```swift
/// let intervals = BlockBootstrap.intervals(
///   days: sums, width: 3, blockLength: 5, resamples: 1000, seed: 1, level: 0.95
/// ) { total in [total[1] / total[0]] }
/// ```
public enum BlockBootstrap {
  /// The day indices of one circular block resample of `dayCount` days, written to `indices`.
  ///
  /// - Parameters:
  ///   - dayCount: D, the number of days (> 0).
  ///   - blockLength: L, clamped to 1…D.
  ///   - random: the generator; a start day is ⌊u · D⌋ for u = `nextUniform()`.
  public static func resample(
    dayCount: Int, blockLength: Int, using random: inout SplitMix64, into indices: inout [Int]
  ) {
    indices.removeAll(keepingCapacity: true)
    guard dayCount > 0 else { return }
    let length = min(max(1, blockLength), dayCount)
    while indices.count < dayCount {
      let start = min(dayCount - 1, Int(random.nextUniform() * Double(dayCount)))
      for offset in 0..<min(length, dayCount - indices.count) {
        indices.append((start + offset) % dayCount)
      }
    }
  }

  /// The block length of Wilks (1997, J. Climate 10:65–82) for a series of `days`
  /// values with lag-1 autocorrelation `lag1`: the solution of
  /// L = (n − L + 1)^((2/3)(1 − n′/n)), n′ = n (1 − r₁)/(1 + r₁), rounded, at least 1.
  ///
  /// A negative autocorrelation counts as 0 (L = 1) and r₁ is capped at 0.99.
  public static func wilksBlockLength(days: Int, lag1: Double) -> Int {
    guard days > 1, lag1.isFinite else { return 1 }
    let r = min(0.99, max(0, lag1))
    let n = Double(days)
    let exponent = (2.0 / 3.0) * (1 - (1 - r) / (1 + r))
    var length = 1.0
    for _ in 0..<100 {
      let next = Foundation.pow(max(1, n - length + 1), exponent)
      if abs(next - length) < 1e-9 { break }
      length = next
    }
    return min(days, max(1, Int(length.rounded(.toNearestOrAwayFromZero))))
  }

  /// The default block length: Wilks's length for `lag1`, but at least ⌈D^(1/3)⌉ days, the
  /// rate at which block lengths should grow with the series (Hall, Horowitz & Jing 1995,
  /// Biometrika 82:561–574), because an estimated r₁ from a short series is often too low.
  public static func automaticBlockLength(days: Int, lag1: Double) -> Int {
    let floor = Int(Foundation.cbrt(Double(max(1, days))).rounded(.up))
    return min(max(1, days), max(wilksBlockLength(days: days, lag1: lag1), floor))
  }

  /// The lag-1 autocorrelation r₁ = Σ(xₜ − x̄)(xₜ₊₁ − x̄) / Σ(xₜ − x̄)² (Wilks 2011 eq. 3.32), or
  /// nil under 3 values or for a constant series.
  public static func lag1Autocorrelation(_ values: [Double]) -> Double? {
    guard values.count >= 3 else { return nil }
    let mean = values.reduce(0, +) / Double(values.count)
    var numerator = 0.0
    var denominator = 0.0
    for index in values.indices {
      let deviation = values[index] - mean
      denominator += deviation * deviation
      if index + 1 < values.count { numerator += deviation * (values[index + 1] - mean) }
    }
    guard denominator > 0 else { return nil }
    return numerator / denominator
  }

  /// The `p` quantile of sorted values by linear interpolation between order statistics
  /// (Hyndman & Fan 1996 type 7, R's and NumPy's default).
  public static func quantile(sorted values: [Double], _ p: Double) -> Double? {
    guard !values.isEmpty, p.isFinite else { return nil }
    let position = min(1, max(0, p)) * Double(values.count - 1)
    let lower = Int(position.rounded(.down))
    let upper = min(values.count - 1, lower + 1)
    let fraction = position - Double(lower)
    return values[lower] + (values[upper] - values[lower]) * fraction
  }

  /// The central percentile interval at `level` (0.95: the 2.5 % and 97.5 % quantiles).
  public static func percentileInterval(_ values: [Double], level: Double) -> ScoreInterval? {
    let sorted = values.filter(\.isFinite).sorted()
    guard let lo = quantile(sorted: sorted, (1 - level) / 2),
      let hi = quantile(sorted: sorted, (1 + level) / 2)
    else { return nil }
    return ScoreInterval(lo: lo, hi: hi)
  }

  /// Running sums of `width`-wide day vectors over the series written twice: entry
  /// `(d + 1) · width + f` is field f summed over days 0…d. A block of any length starting at
  /// any day, wrapping or not, is then one difference of two entries, so a resample costs its
  /// number of blocks, not of days.
  public static func circularRunningSums(_ days: [Double], width: Int) -> [Double] {
    let dayCount = days.count / width
    var prefix = [Double](repeating: 0, count: (2 * dayCount + 1) * width)
    for day in 0..<(2 * dayCount) {
      let source = (day % dayCount) * width
      for field in 0..<width {
        prefix[(day + 1) * width + field] = prefix[day * width + field] + days[source + field]
      }
    }
    return prefix
  }

  /// Percentile intervals of statistics of resampled day sums.
  ///
  /// - Parameters:
  ///   - days: D day vectors of `width` sums each, flattened day after day.
  ///   - width: the sums per day.
  ///   - blockLength: L in days.
  ///   - resamples: B.
  ///   - seed: the SplitMix64 seed; the same seed, days and settings give the same intervals.
  ///   - level: the central probability (0.95).
  ///   - statistics: the statistics of one summed vector (nil or non-finite: undefined).
  /// - Returns: one interval per statistic, nil when fewer than half the resamples define it.
  public static func intervals(
    days: [Double], width: Int, blockLength: Int, resamples: Int, seed: UInt64, level: Double,
    statistics: ([Double]) -> [Double?]
  ) -> [ScoreInterval?] {
    guard width > 0 else { return [] }
    let dayCount = days.count / width
    guard dayCount > 0 else { return [] }
    let length = min(max(1, blockLength), dayCount)
    let prefix = circularRunningSums(days, width: width)
    var random = SplitMix64(seed: seed)
    var total = [Double](repeating: 0, count: width)
    var collected: [[Double]] = []
    for _ in 0..<max(0, resamples) {
      prefix.withUnsafeBufferPointer { running in
        total.withUnsafeMutableBufferPointer { sum in
          for field in 0..<width { sum[field] = 0 }
          var taken = 0
          while taken < dayCount {
            let start = min(dayCount - 1, Int(random.nextUniform() * Double(dayCount)))
            let count = min(length, dayCount - taken)
            let from = start * width
            let to = (start + count) * width
            for field in 0..<width { sum[field] += running[to + field] - running[from + field] }
            taken += count
          }
        }
      }
      let values = statistics(total)
      if collected.isEmpty {
        collected = Array(repeating: [], count: values.count)
        for index in collected.indices { collected[index].reserveCapacity(resamples) }
      }
      for (index, value) in values.enumerated() where index < collected.count {
        if let value, value.isFinite { collected[index].append(value) }
      }
    }
    return collected.map { values in
      values.count * 2 >= resamples ? percentileInterval(values, level: level) : nil
    }
  }
}
