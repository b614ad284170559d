import SkycastModel

/// A place in the synthetic history. The names are invented so no one mistakes the data for
/// real weather; `admin1` says "synthetic" in every city list.
public struct SyntheticCity: Sendable, Equatable {
  public var name: String
  public var latitude: Double
  public var longitude: Double
  public var elevation: Double
  public var timezone: String
  /// Shifts how often it rains: negative is drier, positive wetter (0 ≈ 60 mm a month).
  public var wetness: Double

  public init(
    name: String, latitude: Double, longitude: Double, elevation: Double, timezone: String,
    wetness: Double = 0
  ) {
    self.name = name
    self.latitude = latitude
    self.longitude = longitude
    self.elevation = elevation
    self.timezone = timezone
    self.wetness = wetness
  }

  /// The demo's three places: a temperate lowland, a continental plateau and a humid coast
  /// (with a Chinese name, to show CJK alignment).
  public static let demo: [SyntheticCity] = [
    SyntheticCity(
      name: "Alpenau", latitude: 47.6, longitude: 11.1, elevation: 720, timezone: "Europe/Berlin",
      wetness: 0.05),
    SyntheticCity(
      name: "Prairie Falls", latitude: 41.2, longitude: -104.8, elevation: 1850,
      timezone: "America/Denver", wetness: -0.3),
    SyntheticCity(
      name: "北港", latitude: 31.2, longitude: 121.5, elevation: 4, timezone: "Asia/Shanghai",
      wetness: 0.2),
  ]

  /// `count` places spread over the mid-latitudes (benchmark sizes).
  public static func spread(_ count: Int) -> [SyntheticCity] {
    let zones = [
      "Europe/Berlin", "America/New_York", "Asia/Shanghai", "UTC", "Australia/Sydney",
      "America/Denver",
    ]
    return (0..<count).map { index in
      let zone = zones[index % zones.count]
      return SyntheticCity(
        name: "Synthetic \(index + 1)", latitude: -50 + Double((index * 37) % 100),
        longitude: -170 + Double((index * 53) % 340), elevation: Double((index * 97) % 1500),
        timezone: zone)
    }
  }

  /// The saved-city record for this place.
  public func city(addedAt: Int64) -> City {
    City(
      name: name, countryCode: "ZZ", country: "Synthetic", admin1: "synthetic demo data",
      latitude: latitude, longitude: longitude, elevation: elevation, timezone: timezone,
      addedAt: addedAt)
  }
}
