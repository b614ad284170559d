/// One hour where a derived archive differs from what was served (`archive audit --list`).
public struct AuditDifference: Sendable, Equatable {
  public var city: String
  public var model: String
  public var derived: String
  public var leadDay: Int64
  /// The valid instant (UTC epoch seconds) and the city's offset there.
  public var validAt: Int64
  public var offset: Int
  public var served: Double
  /// The served value's lead in hours.
  public var servedLead: Int64
  public var derivedValue: Double

  public init(
    city: String, model: String, derived: String, leadDay: Int64, validAt: Int64, offset: Int,
    served: Double, servedLead: Int64, derivedValue: Double
  ) {
    self.city = city
    self.model = model
    self.derived = derived
    self.leadDay = leadDay
    self.validAt = validAt
    self.offset = offset
    self.served = served
    self.servedLead = servedLead
    self.derivedValue = derivedValue
  }
}
