/// Wind directions as compass points.
public enum CompassPoint {
  /// The 16 points clockwise from north.
  public static let points = [
    "N", "NNE", "NE", "ENE", "E", "ESE", "SE", "SSE",
    "S", "SSW", "SW", "WSW", "W", "WNW", "NW", "NNW",
  ]

  /// The 16-point compass name of a direction (WMO No. 8 / NWS 16-point rose, 22.5° sectors).
  ///
  /// Each point covers the half-open sector centred on it: N is [348.75°, 11.25°), NNE is
  /// [11.25°, 33.75°), and so on. Any angle is reduced modulo 360, so 360 and −10 work.
  ///
  /// - Parameter degrees: the direction the wind comes from, in degrees clockwise from north.
  /// - Returns: for example `"NNE"`, or `"?"` when the angle is not finite.
  public static func name(degrees: Double) -> String {
    guard degrees.isFinite else { return "?" }
    var angle = degrees.truncatingRemainder(dividingBy: 360)
    if angle < 0 { angle += 360 }
    let sector = Int(((angle + 11.25) / 22.5).rounded(.down)) % 16
    return points[sector]
  }
}
