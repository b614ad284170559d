import SkycastModel

/// One stored forecast value as the `archive` analyses read it, in issue order per valid time
/// (``Store/forEachArchiveForecast(_:_:)``).
public struct ArchiveForecast: Sendable, Equatable {
  public var cityID: Int64
  public var source: FetchSource
  public var model: String
  /// The valid instant (UTC epoch seconds); 0 for a daily variable, whose valid time is
  /// ``validDate``.
  public var validAt: Int64
  /// The local valid date, `YYYY-MM-DD`.
  public var validDate: String
  /// The issue time (UTC epoch seconds).
  public var issuedAt: Int64
  /// Lead in hours (hourly variables) or days (daily variables).
  public var lead: Int64
  public var value: Double

  public init(
    cityID: Int64, source: FetchSource, model: String, validAt: Int64, validDate: String,
    issuedAt: Int64, lead: Int64, value: Double
  ) {
    self.cityID = cityID
    self.source = source
    self.model = model
    self.validAt = validAt
    self.validDate = validDate
    self.issuedAt = issuedAt
    self.lead = lead
    self.value = value
  }

  /// True when `other` is a forecast of the same valid time of the same series.
  public func sameValidTime(as other: ArchiveForecast) -> Bool {
    cityID == other.cityID && source == other.source && model == other.model
      && validAt == other.validAt && validDate == other.validDate
  }
}
