/// A saved place.
public struct City: Sendable, Equatable {
  public var id: Int64
  public var name: String
  public var countryCode: String?
  public var country: String?
  public var admin1: String?
  public var latitude: Double
  public var longitude: Double
  public var elevation: Double?
  /// IANA zone; nil until the first forecast answers `timezone=auto`.
  public var timezone: String?
  public var geonamesID: Int64?
  public var population: Int64?
  public var addedAt: Int64

  public init(
    id: Int64 = 0, name: String, countryCode: String? = nil, country: String? = nil,
    admin1: String? = nil, latitude: Double, longitude: Double, elevation: Double? = nil,
    timezone: String? = nil, geonamesID: Int64? = nil, population: Int64? = nil, addedAt: Int64 = 0
  ) {
    self.id = id
    self.name = name
    self.countryCode = countryCode
    self.country = country
    self.admin1 = admin1
    self.latitude = latitude
    self.longitude = longitude
    self.elevation = elevation
    self.timezone = timezone
    self.geonamesID = geonamesID
    self.population = population
    self.addedAt = addedAt
  }

  /// The city's zone, or UTC when none is known yet.
  public var zone: CityTimeZone { timezone.flatMap(CityTimeZone.init(identifier:)) ?? .utc }

  /// `Berlin, Berlin (DE)` — name with admin1 and country code when known.
  public var displayName: String {
    var text = name
    if let admin1, !admin1.isEmpty, admin1 != name { text += ", " + admin1 }
    if let countryCode, !countryCode.isEmpty { text += " (\(countryCode))" }
    return text
  }
}
