import Foundation

/// Humidity-derived quantities.
public enum Humidity {
  /// Magnus coefficient β (dimensionless), Alduchov & Eskridge 1996, as Open-Meteo uses.
  public static let magnusBeta = 17.625
  /// Magnus coefficient λ in °C, Alduchov & Eskridge 1996, as Open-Meteo uses.
  public static let magnusLambda = 243.04

  /// Dew point by the Magnus formula (Alduchov & Eskridge 1996; β = 17.625, λ = 243.04 °C).
  ///
  /// γ = ln(RH/100) + β·T/(λ+T), and Td = λ·γ/(β−γ).
  ///
  /// - Parameters:
  ///   - temperature: air temperature, °C.
  ///   - relativeHumidity: relative humidity, %.
  /// - Returns: the dew point in °C, or nil when RH ≤ 0, an input is not finite, or the formula
  ///   has no finite value (T = −λ).
  public static func dewPoint(temperature: Double, relativeHumidity: Double) -> Double? {
    guard temperature.isFinite, relativeHumidity.isFinite, relativeHumidity > 0 else { return nil }
    let gamma =
      log(relativeHumidity / 100) + magnusBeta * temperature / (magnusLambda + temperature)
    let dewPoint = magnusLambda * gamma / (magnusBeta - gamma)
    return dewPoint.isFinite ? dewPoint : nil
  }
}
