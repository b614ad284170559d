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

  /// Why a place with these values cannot be saved, or nil when it can: the name, coordinates,
  /// elevation and time zone checked exactly like the options of `city add --name`. One rule for
  /// what a geocoder answers and what `db merge` copies from another file, so neither can plant
  /// latitude 95 or the zone `Mars/Base` (which would fall back to UTC for every local date).
  public static func problem(
    name: String, latitude: Double, longitude: Double, elevation: Double?, timezone: String?
  ) -> String? {
    if let problem = nameProblem(name) { return problem }
    if !latitudes.contains(latitude) {
      return "latitude \(NumberText.shortest(latitude)) is outside -90…90"
    }
    if !longitudes.contains(longitude) {
      return "longitude \(NumberText.shortest(longitude)) is outside -180…180"
    }
    if let elevation, !elevations.contains(elevation) {
      return "elevation \(NumberText.shortest(elevation)) m is outside -500…9000"
    }
    if let timezone, CityTimeZone(identifier: timezone) == nil {
      return "time zone '\(TerminalSafe.escape(timezone))' is not an IANA zone"
    }
    return nil
  }
}
