/// Run-to-run revision measures for the successive forecasts of one valid time, oldest issue first.
public enum Revisions {
  /// Mean absolute revision, mean |xᵢ − xᵢ₊₁| (the run-to-run total variation of Griffiths et al.
  /// 2019, Meteorol. Appl. 26:30–35, per step).
  ///
  /// - Parameter forecasts: the forecasts for one valid time, oldest issue first.
  /// - Returns: the mean absolute change, or nil under 2 forecasts or when a value is not finite.
  public static func meanAbsoluteRevision(_ forecasts: [Double]) -> Double? {
    guard forecasts.count >= 2, forecasts.allSatisfy(\.isFinite) else { return nil }
    return totalVariation(forecasts) / Double(forecasts.count - 1)
  }

  /// Flip-flop index, [Σ|xᵢ − xᵢ₊₁| − (max − min)] / (N − 2) (Griffiths et al. 2019, Meteorol.
  /// Appl. 26:30–35).
  ///
  /// It is the movement beyond what a monotonic path from the lowest to the highest value needs,
  /// per interior forecast: 0 when the forecasts only ever move one way.
  ///
  /// - Parameter forecasts: the forecasts for one valid time, oldest issue first.
  /// - Returns: the index, or nil under 3 forecasts or when a value is not finite.
  public static func flipFlopIndex(_ forecasts: [Double]) -> Double? {
    guard forecasts.count >= 3, forecasts.allSatisfy(\.isFinite),
      let low = forecasts.min(), let high = forecasts.max()
    else { return nil }
    let excess = max(0, totalVariation(forecasts) - (high - low))
    return excess / Double(forecasts.count - 2)
  }

  /// Σ|xᵢ − xᵢ₊₁|.
  package static func totalVariation(_ values: [Double]) -> Double {
    zip(values, values.dropFirst()).reduce(0) { $0 + abs($1.0 - $1.1) }
  }
}
