import Foundation

/// The three numbers of a Taylor diagram for one set of pairs (Taylor 2001, "Summarizing
/// multiple aspects of model performance in a single diagram", JGR 106:7183–7192): the
/// standard deviations of forecast and observation, their correlation, and the centred RMS
/// difference E′, which the law of cosines ties to them (eq. 2).
///
/// Standard deviations are population ones (divided by n), as in Taylor's paper, so that
/// E′² = σf² + σo² − 2σfσoR holds exactly for the pairs.
public struct TaylorStatistics: Sendable, Equatable {
  /// The running means and (co-)moments, shared with the verify scores.
  private var moments = ContinuousAccumulator()

  /// Pairs added.
  public var n: Int { moments.n }

  public init() {}

  /// Adds a pair (Welford 1962 running means and co-moment); a non-finite side drops it.
  public mutating func add(forecast: Double, observed: Double) {
    moments.add(forecast: forecast, observed: observed)
  }

  /// σf, the forecast's population standard deviation; nil without pairs.
  public var forecastDeviation: Double? { moments.forecastDeviation }

  /// σo, the observation's population standard deviation; nil without pairs.
  public var observedDeviation: Double? { moments.observedDeviation }

  /// R, the Pearson correlation; nil when either side has no spread.
  public var correlation: Double? { moments.scores.corr }

  /// σf/σo, the normalised standard deviation; nil when σo is 0.
  public var normalisedDeviation: Double? {
    guard let sf = forecastDeviation, let so = observedDeviation, so > 0 else { return nil }
    return sf / so
  }

  /// E′/σo, the normalised centred RMS difference, from ``centredDifference(normalisedDeviation:correlation:)``.
  public var normalisedCentredDifference: Double? {
    guard let sigma = normalisedDeviation, let r = correlation else { return nil }
    return Self.centredDifference(normalisedDeviation: sigma, correlation: r)
  }

  /// E′ = √(σ² + 1 − 2σR) in units of σo (Taylor 2001, eq. 2 divided by σo²).
  public static func centredDifference(normalisedDeviation sigma: Double, correlation r: Double)
    -> Double
  {
    max(0, sigma * sigma + 1 - 2 * sigma * r).squareRoot()
  }
}
