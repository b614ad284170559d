import Foundation
import SkycastModel

extension GeocodingResult {
  /// Why this match cannot be saved, or nil when it can: the name, coordinates, elevation and
  /// time zone are checked exactly like the options of `city add --name`, so a server that
  /// answers latitude 95, longitude −999 or the zone `../../etc/passwd` (which would then fall
  /// back to UTC for every local date) cannot plant them in the database.
  public var problem: String? {
    City.problem(
      name: name, latitude: latitude, longitude: longitude, elevation: elevation,
      timezone: timezone)
  }
}
