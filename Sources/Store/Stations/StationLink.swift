import SkycastModel

/// A station linked to a city (`station link`): which measurements verify the city.
public struct StationLink: Sendable, Equatable {
  /// The city it verifies.
  public var cityID: Int64
  /// The station, as the catalogue described it when linked.
  public var station: Station
  /// Great-circle distance from the city, km.
  public var distanceKm: Double
  /// Station elevation − city elevation, m; nil when either is unknown.
  public var elevationDifference: Double?
  /// The city's default station (`verify --obs station` uses it).
  public var isDefault: Bool

  public init(
    cityID: Int64, station: Station, distanceKm: Double, elevationDifference: Double?,
    isDefault: Bool
  ) {
    self.cityID = cityID
    self.station = station
    self.distanceKm = distanceKm
    self.elevationDifference = elevationDifference
    self.isDefault = isDefault
  }

  /// The link of `station` to `city`, with distance and elevation difference worked out.
  public static func between(_ city: City, _ station: Station, isDefault: Bool) -> StationLink {
    StationLink(
      cityID: city.id, station: station,
      distanceKm: GreatCircle.kilometres(
        city.latitude, city.longitude, station.latitude, station.longitude),
      elevationDifference: station.elevation.flatMap { s in city.elevation.map { s - $0 } },
      isDefault: isDefault)
  }

  /// For verification comments: `DWD 03987 Potsdam, 12.3 km away, +45 m`.
  public var description: String {
    var text =
      "\(station.provider.rawValue) \(station.id) \(station.name), "
      + "\(NumberText.fixed(distanceKm, decimals: 1)) km away"
    // Formatted without converting to Int: a difference from a list of before the elevation
    // check (1e19 m) prints as a number instead of trapping every command that shows the link.
    if let elevationDifference, elevationDifference.isFinite {
      let rounded = elevationDifference.rounded()
      text += ", \(rounded >= 0 ? "+" : "−")\(NumberText.fixed(abs(rounded), decimals: 0)) m"
    }
    return text
  }
}
