import Foundation

/// Errors of angles such as wind direction, on the circle.
public enum CircularError {
  /// The signed angular difference forecast − observed in degrees, in [−180, 180):
  /// ((f − o + 540) mod 360) − 180 (the wrap MET applies to direction errors), so 359° against 1°
  /// is −2° and 1° against 359° is +2°.
  public static func difference(forecast: Double, observed: Double) -> Double {
    let shifted = forecast - observed + 540
    return shifted - 360 * (shifted / 360).rounded(.down) - 180
  }
}
