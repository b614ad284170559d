internal import SQLiteKit
import SkycastModel

/// Adding or removing a city failed for a reason the user can act on.
public enum CityChangeError: Error, CustomStringConvertible, Equatable {
  case duplicateGeonames(existing: City)
  case hasHistory(City, rows: Int64)

  public var description: String {
    switch self {
    case .duplicateGeonames(let city):
      "\(city.displayName) is already saved as city \(city.id)"
    case .hasHistory(let city, let rows):
      "\(city.displayName) has \(rows) stored rows; add --purge to delete the city and its history"
    }
  }
}
