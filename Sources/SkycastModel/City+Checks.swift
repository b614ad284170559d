import Foundation

/// The checks a place passes before it is saved, one set for what the user types
/// (`city add --name --lat --lon --timezone --elevation`) and what a geocoder answers.
extension City {
  /// Latitudes in degrees north.
  public static let latitudes: ClosedRange<Double> = -90...90
  /// Longitudes in degrees east.
  public static let longitudes: ClosedRange<Double> = -180...180
  /// Elevations in metres: below the Dead Sea shore (−430 m) to above Everest (8,849 m).
  public static let elevations: ClosedRange<Double> = -500...9000
  /// The longest name, in characters.
  public static let maximumNameLength = 200

  /// Why `name` cannot name a city (empty, too long, or all digits, which would read as an
  /// id), or nil when it can.
  public static func nameProblem(_ name: String) -> String? {
    let trimmed = name.trimmingCharacters(in: .whitespaces)
    if trimmed.isEmpty { return "the name is empty" }
    if trimmed.count > maximumNameLength {
      return "the name is longer than \(maximumNameLength) characters"
    }
    if trimmed.allSatisfy(\.isNumber) { return "the name is all digits (digits name a city id)" }
    return nil
  }
}
