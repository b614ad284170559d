import Foundation

/// Distances on the Earth as a sphere: what a reply's grid point and a station are from a city.
public enum GreatCircle {
  /// Haversine distance in km on a sphere of radius 6371 km (the IUGG mean radius).
  public static func kilometres(
    _ lat1: Double, _ lon1: Double, _ lat2: Double, _ lon2: Double
  ) -> Double {
    let radians = Double.pi / 180
    let dLat = (lat2 - lat1) * radians
    let dLon = (lon2 - lon1) * radians
    let a =
      sin(dLat / 2) * sin(dLat / 2)
      + cos(lat1 * radians) * cos(lat2 * radians) * sin(dLon / 2) * sin(dLon / 2)
    return 2 * 6371 * asin(min(1, sqrt(a)))
  }
}
