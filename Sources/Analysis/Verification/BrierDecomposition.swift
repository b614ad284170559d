/// The Brier score of probability forecasts of a yes/no event and its decomposition into
/// reliability, resolution and uncertainty over probability bins (Murphy 1973, J. Appl.
/// Meteor. 12:595–600; Wilks 2011 eq. 8.44).
///
/// With N pairs in bins k of nₖ pairs, mean forecast probability p̄ₖ and observed frequency ōₖ,
/// and overall base rate ō:
/// REL = Σ nₖ (p̄ₖ − ōₖ)² / N, RES = Σ nₖ (ōₖ − ō)² / N, UNC = ō (1 − ō).
/// REL − RES + UNC is exactly the Brier score of the binned forecasts (each probability replaced
/// by its bin's mean p̄ₖ); it equals the Brier score itself when the probabilities within each
/// bin are equal. The Brier skill score against the sample climatology is 1 − BS / UNC.
public enum BrierDecomposition {
  /// The bins of the reliability table: ten of width 10 %, [0, 10 %), [10 %, 20 %), …,
  /// [90 %, 100 %] (the last one closed), as verif's default edges.
  public static let binCount = 10

  /// The bin of a probability given in percent (0–100), compared in percent so that 30 % is
  /// in [30 %, 40 %) whatever its binary fraction.
  public static func bin(percent: Double) -> Int {
    min(binCount - 1, max(0, Int((percent / 10).rounded(.down))))
  }

  /// One bin's counts.
  public struct Bin: Sendable, Equatable {
    /// Lower and upper edge, as fractions (0.1, 0.2).
    public var lower: Double
    public var upper: Double
    /// Pairs in the bin.
    public var n = 0
    /// Σ p over the bin's pairs (fractions).
    public var sumProbability = 0.0
    /// Pairs with the event observed.
    public var events = 0

    public init(
      lower: Double, upper: Double, n: Int = 0, sumProbability: Double = 0, events: Int = 0
    ) {
      self.lower = lower
      self.upper = upper
      self.n = n
      self.sumProbability = sumProbability
      self.events = events
    }

    /// p̄ₖ, nil for an empty bin.
    public var meanProbability: Double? { n > 0 ? sumProbability / Double(n) : nil }
    /// ōₖ, nil for an empty bin.
    public var observedFrequency: Double? { n > 0 ? Double(events) / Double(n) : nil }
  }

  /// Empty bins with their edges.
  public static func emptyBins() -> [Bin] {
    (0..<binCount).map {
      Bin(lower: Double($0) / Double(binCount), upper: Double($0 + 1) / Double(binCount))
    }
  }

  /// The decomposition's figures.
  public struct Result: Sendable, Equatable {
    public var n: Int
    /// ō.
    public var baseRate: Double
    /// The Brier score of the forecasts as given.
    public var bs: Double
    public var reliability: Double
    public var resolution: Double
    public var uncertainty: Double
    /// REL − RES + UNC: the Brier score of the bin-mean probabilities.
    public var binnedBS: Double
    /// 1 − BS / UNC; nil when UNC is 0 (the event always or never happened).
    public var skill: Double?
  }

  /// The decomposition of `bins`, with `brierSum` = Σ (p − o)² over the same pairs.
  ///
  /// - Returns: nil when the bins hold no pair.
  public static func decompose(_ bins: [Bin], brierSum: Double) -> Result? {
    let total = bins.reduce(0) { $0 + $1.n }
    guard total > 0 else { return nil }
    let count = Double(total)
    let baseRate = Double(bins.reduce(0) { $0 + $1.events }) / count
    var reliability = 0.0
    var resolution = 0.0
    for bin in bins {
      guard let p = bin.meanProbability, let o = bin.observedFrequency else { continue }
      reliability += Double(bin.n) * (p - o) * (p - o)
      resolution += Double(bin.n) * (o - baseRate) * (o - baseRate)
    }
    reliability /= count
    resolution /= count
    let uncertainty = baseRate * (1 - baseRate)
    let bs = brierSum / count
    return Result(
      n: total, baseRate: baseRate, bs: bs, reliability: reliability, resolution: resolution,
      uncertainty: uncertainty, binnedBS: reliability - resolution + uncertainty,
      skill: uncertainty > 0 ? 1 - bs / uncertainty : nil)
  }
}
