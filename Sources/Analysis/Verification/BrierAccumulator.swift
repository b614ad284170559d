/// Accumulates the Brier score of probability forecasts of a yes/no event (Brier 1950; Wilks 2011
/// eq. 8.36): BS = mean (p − o)², o = 1 when the event was observed, else 0.
///
/// Probabilities are fractions in [0, 1]. Open-Meteo's `precipitation_probability` is a
/// percentage: divide it by 100 first. A probability outside [0, 1] (or not finite) is not
/// counted; ``rejected`` says how many were dropped so a caller can warn about a unit mistake.
public struct BrierAccumulator: Sendable, Equatable {
  /// Pairs counted.
  public private(set) var n = 0
  /// Pairs dropped because the probability was outside [0, 1] or not finite.
  public private(set) var rejected = 0
  private var meanSquaredError = 0.0

  public init() {}

  /// Adds one forecast probability (0–1) and whether the event was observed.
  public mutating func add(probability: Double, observed: Bool) {
    guard probability.isFinite, probability >= 0, probability <= 1 else {
      rejected += 1
      return
    }
    n += 1
    let error = probability - (observed ? 1 : 0)
    meanSquaredError += (error * error - meanSquaredError) / Double(n)
  }

  /// The Brier score (0 perfect, 1 worst), or nil when no pair was counted.
  public var score: Double? { n > 0 ? meanSquaredError : nil }
}
