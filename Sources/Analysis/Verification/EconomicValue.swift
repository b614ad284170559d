/// The relative economic value of a yes/no forecast to users who decide by a cost/loss ratio
/// (Richardson 2000, "Skill and relative economic value of the ECMWF ensemble prediction
/// system", QJRMS 126:649–667).
///
/// A user pays C to protect and loses L when an unprotected event happens; with α = C/L and
/// every expense divided by L and by the number of cases, climatology costs min(α, s), a perfect
/// forecast s·α and the forecast ((a + b)·α + c)/n, where s = (a + c)/n is the base rate. The
/// value is the share of the perfect forecast's saving over climatology that the forecast
/// achieves: 1 is perfect, 0 no better than climatology, negative worse. This is verif's
/// `Economic value` metric.
public enum EconomicValue {
  /// V = (E_clim − E_fcst) / (E_clim − E_perfect) (Richardson 2000, eq. 7 with Table 1's
  /// expenses).
  ///
  /// - Parameters:
  ///   - hits: a, event forecast and observed.
  ///   - falseAlarms: b.
  ///   - misses: c.
  ///   - correctNegatives: d.
  ///   - costLoss: α = C/L, in (0, 1).
  /// - Returns: the value; nil when there are no cases, the event never or always happens
  ///   (then no forecast can save anything) or α is outside (0, 1).
  public static func value(
    hits: Double, falseAlarms: Double, misses: Double, correctNegatives: Double, costLoss: Double
  ) -> Double? {
    let n = hits + falseAlarms + misses + correctNegatives
    guard n > 0, costLoss > 0, costLoss < 1, costLoss.isFinite else { return nil }
    let baseRate = (hits + misses) / n
    let climate = min(costLoss, baseRate)
    let perfect = baseRate * costLoss
    let forecast = ((hits + falseAlarms) * costLoss + misses) / n
    let denominator = climate - perfect
    guard denominator > 0 else { return nil }
    let value = (climate - forecast) / denominator
    return value.isFinite ? value : nil
  }

  /// The cost/loss ratios of verif's and the figure's curve: 0.01, 0.02, …, 0.99.
  public static let costLossRatios: [Double] = (1...99).map { Double($0) / 100 }
}
