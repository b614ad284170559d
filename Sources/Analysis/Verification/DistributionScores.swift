/// The scores of one group that need its individual pairs: shares of errors within bounds,
/// error percentiles, the median absolute deviation and Spearman's rank correlation
/// (``ErrorDistribution`` holds the formulas).
public struct DistributionScores: Sendable, Equatable {
  /// The percentiles reported, in column order.
  public static let levels: [Double] = [10, 25, 50, 75, 90]

  /// The share of |error| ≤ each bound, in the order of the bounds asked for.
  public var within: [Double?]
  /// The error percentiles at ``levels``.
  public var percentiles: [Double?]
  /// median(|e − median(e)|).
  public var mad: Double?
  /// Rank correlation of forecasts and observations; nil where it has no meaning (angles).
  public var spearman: Double?

  public init(within: [Double?], percentiles: [Double?], mad: Double?, spearman: Double?) {
    self.within = within
    self.percentiles = percentiles
    self.mad = mad
    self.spearman = spearman
  }

  /// The scores of a sample.
  ///
  /// - Parameters:
  ///   - errors: the errors F − O (or the wrapped angle differences).
  ///   - forecasts: the forecasts, in the order of `observations`; empty for no Spearman.
  ///   - observations: the observations.
  ///   - bounds: the `--within` bounds.
  public init(errors: [Double], forecasts: [Double], observations: [Double], bounds: [Double]) {
    let sorted = errors.sorted()
    within = bounds.map { ErrorDistribution.share(of: errors, within: $0) }
    percentiles = Self.levels.map { ErrorDistribution.percentile(sorted: sorted, $0) }
    mad = ErrorDistribution.medianAbsoluteDeviation(errors)
    spearman =
      forecasts.isEmpty ? nil : ErrorDistribution.spearman(forecasts, observations)
  }

  /// The error percentile at `level` (one of ``levels``); nil for another level.
  public func percentile(_ level: Double) -> Double? {
    guard let index = Self.levels.firstIndex(of: level), percentiles.indices.contains(index)
    else { return nil }
    return percentiles[index]
  }
}
