import SkycastModel

/// Scores of one ensemble forecast against one observation, and the summaries `verify --ensemble`
/// builds from them. Members are the present values (NaN members left out beforehand); every
/// function returns nil when it is undefined (no members, or one member where two are needed).
public enum EnsembleScores {
  /// Arithmetic mean of the members: (1/M) Σ xᵢ.
  public static func mean(_ members: [Double]) -> Double? {
    guard !members.isEmpty else { return nil }
    return members.reduce(0, +) / Double(members.count)
  }

  /// Unbiased sample variance: Σ (xᵢ − x̄)² / (M − 1), the ensemble variance of Fortin et al.
  /// (2014, doi:10.1175/JHM-D-14-0008.1) whose mean over cases the spread is the root of.
  public static func variance(_ members: [Double]) -> Double? {
    guard members.count >= 2, let mean = mean(members) else { return nil }
    var sum = 0.0
    for member in members { sum += (member - mean) * (member - mean) }
    return sum / Double(members.count - 1)
  }

  /// Standard deviation of the members: √variance.
  public static func spread(_ members: [Double]) -> Double? {
    variance(members).map { $0.squareRoot() }
  }

  /// Quantile `q` (0…1) by linear interpolation between order statistics, Hyndman & Fan (1996)
  /// type 7 (NumPy's default): h = (M − 1) q, x₍⌊h⌋₎ + (h − ⌊h⌋)(x₍⌊h⌋+1₎ − x₍⌊h⌋₎).
  public static func quantile(_ members: [Double], _ q: Double) -> Double? {
    guard !members.isEmpty, q >= 0, q <= 1 else { return nil }
    let sorted = members.sorted()
    let h = Double(sorted.count - 1) * q
    let low = Int(h.rounded(.down))
    let high = min(low + 1, sorted.count - 1)
    return sorted[low] + (h - Double(low)) * (sorted[high] - sorted[low])
  }

  /// Fraction of members for which `value op threshold` holds (the event probability).
  public static func probability(_ members: [Double], threshold: Double, op: EventOperator)
    -> Double?
  {
    guard !members.isEmpty else { return nil }
    let hits = members.filter { op.test($0, threshold: threshold) }.count
    return Double(hits) / Double(members.count)
  }

  /// Ensemble CRPS (Ferro 2014, doi:10.1002/qj.2270; `scores.probability.crps_for_ensemble`):
  /// (1/M) Σ |xᵢ − y| − Σᵢ Σⱼ |xᵢ − xⱼ| / (2K), with K = M² for the empirical CDF and
  /// K = M(M − 1) for the fair version. The double sum is 2 Σ (2i − M − 1) x₍ᵢ₎ over sorted members.
  public static func crps(_ members: [Double], observation: Double, fair: Bool = false) -> Double? {
    let m = members.count
    guard m > 0, observation.isFinite, !(fair && m < 2) else { return nil }
    var absolute = 0.0
    for member in members { absolute += abs(member - observation) }
    let sorted = members.sorted()
    var pairs = 0.0
    for (index, member) in sorted.enumerated() {
      pairs += Double(2 * index - m + 1) * member
    }
    pairs *= 2
    let k = fair ? Double(m * (m - 1)) : Double(m * m)
    return absolute / Double(m) - pairs / (2 * k)
  }

  /// Rank of the observation among the members, 0…M (0: below every member). Members equal to
  /// the observation are ties: the rank is drawn uniformly among the tied positions using
  /// `uniform` (in [0, 1)), so a calibrated ensemble still gives a flat histogram (Hamill 2001,
  /// doi:10.1175/1520-0493(2001)129<0550:IORHFV>2.0.CO;2).
  public static func rank(_ members: [Double], observation: Double, uniform: Double) -> Int? {
    guard !members.isEmpty, observation.isFinite else { return nil }
    var below = 0
    var ties = 0
    for member in members {
      if member < observation { below += 1 } else if member == observation { ties += 1 }
    }
    return below + min(ties, Int(uniform * Double(ties + 1)))
  }

  /// Spread–skill ratio with the finite-ensemble correction (Fortin et al. 2014):
  /// √((M + 1)/M) · √(mean variance) / RMSE of the ensemble mean; 1 for a perfect ensemble.
  public static func spreadSkill(meanVariance: Double, meanSquaredError: Double, members: Double)
    -> Double?
  {
    guard members > 0, meanSquaredError > 0, meanVariance >= 0 else { return nil }
    return ((members + 1) / members).squareRoot() * meanVariance.squareRoot()
      / meanSquaredError.squareRoot()
  }

  /// Skill score against a reference score: 1 − score / reference (CRPSS with CRPS).
  public static func skill(_ score: Double, reference: Double) -> Double? {
    guard reference > 0 else { return nil }
    return 1 - score / reference
  }

  /// A deterministic tie-break draw for one (members, observation) case: SplitMix64 seeded with
  /// the observation's bits and the member count, so `ens_rank` gives the same answer every call.
  public static func tieBreak(observation: Double, count: Int, seed: UInt64 = 2026) -> Double {
    var generator = SplitMix64(
      seed: seed ^ observation.bitPattern ^ (UInt64(truncatingIfNeeded: count) &* 0x9E37_79B9))
    return generator.nextUniform()
  }
}
