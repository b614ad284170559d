/// One location's data as Skycast stores it, whoever delivered it: grid point, offset and zone,
/// and its hourly, daily and current blocks (the Open-Meteo decoders produce it today).
public struct LocationBlock: Sendable {
  /// `location_id` (0 for the first or only location).
  public var locationID: Int
  public var latitude: Double?
  public var longitude: Double?
  public var elevation: Double?
  public var utcOffsetSeconds: Int
  public var timezone: String?
  public var hourly: SeriesBlock?
  public var daily: SeriesBlock?
  public var current: CurrentBlock?
  /// Things worth telling the user that did not fail the decode (ignored keys, missing units).
  public var warnings: [String] = []
  /// Physically impossible values that were stored as NULL, one line per column: always shown.
  public var droppedValues: [String] = []

  /// Every model with data in this location.
  public var models: [String] {
    var set = Set<String>()
    set.formUnion(hourly?.models ?? [])
    set.formUnion(daily?.models ?? [])
    set.formUnion(current.map { Set($0.values.keys.map(\.model)) } ?? [])
    return set.sorted()
  }

  public init(
    locationID: Int, latitude: Double?, longitude: Double?, elevation: Double?,
    utcOffsetSeconds: Int, timezone: String?
  ) {
    self.locationID = locationID
    self.latitude = latitude
    self.longitude = longitude
    self.elevation = elevation
    self.utcOffsetSeconds = utcOffsetSeconds
    self.timezone = timezone
  }
}
