/// Relative economic value of yes/no forecasts for a user with cost/loss ratio α (Richardson
/// 2000, QJRMS 126, 649–667; verif's `EconomicValue` diagram computes the same).
///
/// A user pays the cost C to protect whenever the event is forecast, and loses L when an
/// unprotected event happens; with L = 1 and C = α, the mean expense per case is
///
/// - forecast: E_f = α·(a + b)/n + c/n,
/// - climate (always or never protect, whichever is cheaper): E_c = min(α, s), s = (a + c)/n,
/// - perfect forecast: E_p = α·s,
///
/// and the value is V = (E_c − E_f) / (E_c − E_p): 1 for a perfect forecast, 0 for no better
/// than climate, negative when worse.
public enum EconomicValue {
  /// V for one cost/loss ratio, from the contingency counts.
  ///
  /// - Parameters:
  ///   - hits: a, event forecast and observed.
  ///   - falseAlarms: b, forecast, not observed.
  ///   - misses: c, observed, not forecast.
  ///   - correctNegatives: d, neither.
  ///   - costLoss: α = C/L, in [0, 1].
  /// - Returns: V, or nil when it is undefined: no cases, α outside [0, 1], or E_c = E_p (α is
  ///   0 or 1, or the event never or always happens), where verif draws 0 instead.
  public static func value(
    hits: Int, falseAlarms: Int, misses: Int, correctNegatives: Int, costLoss: Double
  ) -> Double? {
    let n = Double(hits + falseAlarms + misses + correctNegatives)
    guard n > 0, costLoss >= 0, costLoss <= 1 else { return nil }
    let baseRate = Double(hits + misses) / n
    let forecastExpense = costLoss * Double(hits + falseAlarms) / n + Double(misses) / n
    let climateExpense = min(costLoss, baseRate)
    let perfectExpense = costLoss * baseRate
    guard climateExpense != perfectExpense else { return nil }
    let value = (climateExpense - forecastExpense) / (climateExpense - perfectExpense)
    return value.isFinite ? value : nil
  }

  /// V for one cost/loss ratio, from a contingency table.
  public static func value(_ table: ContingencyTable, costLoss: Double) -> Double? {
    value(
      hits: table.a, falseAlarms: table.b, misses: table.c, correctNegatives: table.d,
      costLoss: costLoss)
  }
}
