import SkycastModel

/// One match from the Geocoding API. Only id, name and coordinates are always present; the API
/// omits empty fields.
public struct GeocodingResult: Sendable, Equatable {
  public var id: Int64
  public var name: String
  public var latitude: Double
  public var longitude: Double
  public var elevation: Double?
  public var featureCode: String?
  public var countryCode: String?
  public var country: String?
  public var admin1: String?
  public var admin2: String?
  public var timezone: String?
  public var population: Int64?

  /// The city to save for this match.
  public func city(alias: String?, addedAt: Int64) -> City {
    City(
      name: alias ?? name, countryCode: countryCode, country: country, admin1: admin1,
      latitude: latitude, longitude: longitude, elevation: elevation, timezone: timezone,
      geonamesID: id, population: population, addedAt: addedAt)
  }
}
