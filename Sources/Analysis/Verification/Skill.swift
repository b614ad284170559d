/// Skill scores against a reference forecast (persistence, climatology).
public enum Skill {
  /// MSE skill score, 1 − MSE / MSE_ref (Murphy 1988; Wilks 2011 eq. 8.4).
  ///
  /// - Parameters:
  ///   - mse: the forecast's mean squared error.
  ///   - referenceMSE: the reference forecast's mean squared error.
  /// - Returns: 1 for a perfect forecast, 0 for no better than the reference, negative when worse;
  ///   nil when the reference MSE is 0 or a value is not finite.
  public static func mseSkill(mse: Double, referenceMSE: Double) -> Double? {
    guard mse.isFinite, referenceMSE.isFinite, referenceMSE != 0 else { return nil }
    return 1 - mse / referenceMSE
  }
}
