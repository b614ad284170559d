/// One valid time where a derived archive and the collected forecast both hold a value
/// (``Store/forEachAuditPair(_:derived:_:)``).
public struct AuditPair: Sendable, Equatable {
  public var cityID: Int64
  public var model: String
  /// The lead day compared: N of Previous Runs' `_previous_dayN`, 0 for the Historical
  /// Forecast series.
  public var leadDay: Int64
  /// The valid instant (UTC epoch seconds).
  public var validAt: Int64
  /// The value `collect` stored: the newest issue whose lead falls in the lead day.
  public var served: Double
  /// The lead in hours of the served value.
  public var servedLead: Int64
  /// The derived archive's value.
  public var derived: Double

  public init(
    cityID: Int64, model: String, leadDay: Int64, validAt: Int64, served: Double,
    servedLead: Int64, derived: Double
  ) {
    self.cityID = cityID
    self.model = model
    self.leadDay = leadDay
    self.validAt = validAt
    self.served = served
    self.servedLead = servedLead
    self.derived = derived
  }
}
