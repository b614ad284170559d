import Foundation
import SkycastModel

extension GeocodingResult {
  /// Why this match cannot be saved, or nil when it can: the name, coordinates, elevation and
  /// time zone are checked exactly like the options of `city add --name`, so a server that
  /// answers latitude 95, longitude −999 or the zone `../../etc/passwd` (which would then fall
  /// back to UTC for every local date) cannot plant them in the database.
  public var problem: String? {
    if let problem = City.nameProblem(name) { return problem }
    if !City.latitudes.contains(latitude) {
      return "latitude \(NumberText.shortest(latitude)) is outside -90…90"
    }
    if !City.longitudes.contains(longitude) {
      return "longitude \(NumberText.shortest(longitude)) is outside -180…180"
    }
    if let elevation, !City.elevations.contains(elevation) {
      return "elevation \(NumberText.shortest(elevation)) m is outside -500…9000"
    }
    if let timezone, CityTimeZone(identifier: timezone) == nil {
      return "time zone '\(TerminalSafe.escape(timezone))' is not an IANA zone"
    }
    return nil
  }
}
