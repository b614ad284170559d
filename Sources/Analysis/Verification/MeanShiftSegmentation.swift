import Foundation

/// Changes in the mean of a series by binary segmentation (Vostrikova 1981, Soviet Math. Dokl.
/// 24:55–59) with the CUSUM mean-shift test of Csörgő & Horváth (1997, *Limit Theorems in
/// Change-Point Analysis*, Wiley).
///
/// In a segment x₁…xₙ, Tₖ = |Sₖ − (k/n)Sₙ| / (σ̂√n) with Sₖ = x₁ + … + xₖ; the candidate change
/// is the k that maximises Tₖ (the after-segment starts at xₖ₊₁). Under no change, max Tₖ tends
/// to the supremum of a Brownian bridge's absolute value, whose tail is Kolmogorov's
/// P(sup|B| > t) = 2 Σⱼ (−1)^(j−1) e^(−2j²t²). A segment with p < α is split there, and both
/// halves are tested again, until no segment has a significant change or is long enough.
/// σ̂ is estimated once for the whole series from first differences, by von Neumann's mean
/// square successive difference (von Neumann et al. 1941, Ann. Math. Stat. 12:153–162),
/// σ̂² = Σ (xᵢ₊₁ − xᵢ)² / (2(n − 1)): a shift enters it once, not in every term.
public enum MeanShiftSegmentation {
  /// One detected change.
  public struct Change: Sendable, Equatable {
    /// The index of the first value after the change.
    public var index: Int
    /// max Tₖ of the segment it was found in.
    public var statistic: Double
    /// Kolmogorov's tail probability of ``statistic``.
    public var pValue: Double
  }

  /// The changes in `values`, in index order.
  ///
  /// - Parameters:
  ///   - alpha: the level of each segment's test.
  ///   - minimumSegment: the fewest values on either side of a change (at least 2).
  /// - Returns: no changes for a series shorter than 2·`minimumSegment`, with a non-finite
  ///   value, or with no variation between neighbours (σ̂ = 0).
  public static func changes(_ values: [Double], alpha: Double, minimumSegment: Int) -> [Change] {
    let minimum = max(2, minimumSegment)
    guard values.count >= 2 * minimum, values.allSatisfy(\.isFinite),
      let sigma = differenceSigma(values), sigma > 0
    else { return [] }
    var found: [Change] = []
    var pending = [0..<values.count]
    while let segment = pending.popLast() {
      guard segment.count >= 2 * minimum,
        let candidate = cusum(values, segment, sigma: sigma, minimumSegment: minimum),
        candidate.pValue < alpha
      else { continue }
      found.append(candidate)
      pending.append(segment.lowerBound..<candidate.index)
      pending.append(candidate.index..<segment.upperBound)
    }
    return found.sorted { $0.index < $1.index }
  }

  /// The largest standardised CUSUM of `values[segment]` over splits that leave at least
  /// `minimumSegment` values on each side, with its Kolmogorov p-value.
  public static func cusum(
    _ values: [Double], _ segment: Range<Int>, sigma: Double, minimumSegment: Int
  ) -> Change? {
    let n = segment.count
    guard sigma > 0, minimumSegment >= 1, n >= 2 * minimumSegment else { return nil }
    let total = values[segment].reduce(0, +)
    var sum = 0.0
    var best: (index: Int, value: Double)?
    for k in 1..<n {
      sum += values[segment.lowerBound + k - 1]
      guard k >= minimumSegment, n - k >= minimumSegment else { continue }
      let deviation = abs(sum - Double(k) / Double(n) * total)
      if best == nil || deviation > best!.value { best = (k, deviation) }
    }
    guard let best else { return nil }
    let statistic = best.value / (sigma * Double(n).squareRoot())
    return Change(
      index: segment.lowerBound + best.index, statistic: statistic,
      pValue: kolmogorovTail(statistic))
  }

  /// P(sup₀≤ₜ≤₁ |B(t)| > t) for a Brownian bridge B: 2 Σⱼ (−1)^(j−1) e^(−2j²t²), in [0, 1].
  public static func kolmogorovTail(_ t: Double) -> Double {
    guard t > 0 else { return 1 }
    // The series converges slowly near 0, where the tail is 1 to double precision anyway.
    if t < 0.2 { return 1 }
    var sum = 0.0
    for j in 1...100 {
      let term = exp(-2 * Double(j * j) * t * t)
      sum += j % 2 == 1 ? term : -term
      if term < 1e-17 { break }
    }
    return min(1, max(0, 2 * sum))
  }

  /// √[Σ (xᵢ₊₁ − xᵢ)² / (2(n − 1))]: the noise's standard deviation from neighbour differences.
  public static func differenceSigma(_ values: [Double]) -> Double? {
    guard values.count >= 3 else { return nil }
    var sum = 0.0
    for index in 1..<values.count {
      let difference = values[index] - values[index - 1]
      sum += difference * difference
    }
    return (sum / (2 * Double(values.count - 1))).squareRoot()
  }
}
