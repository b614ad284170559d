/// One stored ensemble value with the observation of its valid time, as
/// `verify --ensemble --pairs --format verif` writes it (``VerifEnsembleText``).
public struct EnsemblePair: Sendable, Equatable {
  public var cityID: Int64
  public var model: String
  /// Valid time, UTC epoch seconds.
  public var validAt: Int64
  /// Hours from the issue to the valid time (`lead_hours`).
  public var leadHours: Int64
  /// The members in stored order (0 = control), NaN for a member the API sent as `null`.
  public var members: [Float]
  public var observed: Double

  public init(
    cityID: Int64, model: String, validAt: Int64, leadHours: Int64, members: [Float],
    observed: Double
  ) {
    self.cityID = cityID
    self.model = model
    self.validAt = validAt
    self.leadHours = leadHours
    self.members = members
    self.observed = observed
  }

  /// The mean of the present members as `verify --ensemble` computes its ensemble mean (summed
  /// in ascending order, so equal to the last bit); nil when no member is present.
  public var mean: Double? {
    let present = members.filter { !$0.isNaN }.map(Double.init).sorted()
    guard !present.isEmpty else { return nil }
    return present.reduce(0, +) / Double(present.count)
  }
}
