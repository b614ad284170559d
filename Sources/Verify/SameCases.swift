/// The cases `--same-cases` keeps (``Verifier/sameCases(_:)``) and what the comment says of
/// them.
public struct SameCases: Sendable, Equatable {
  /// A case: a city, a valid time (hourly: epoch seconds; daily: the local date) and a lead
  /// (hours; daily: days), as verif matches location, date and lead time.
  public struct Case: Hashable, Sendable {
    /// The city.
    public var cityID: Int64
    /// The valid time as text.
    public var valid: String
    /// The lead in the variable's unit of lead (hours, or days for a daily variable).
    public var lead: Int64

    /// A case from its parts.
    public init(cityID: Int64, valid: String, lead: Int64) {
      self.cityID = cityID
      self.valid = valid
      self.lead = lead
    }

    init(_ pair: VerifyPair) {
      cityID = pair.cityID
      valid = pair.validAt.map { String($0) } ?? pair.date ?? ""
      lead = pair.lead
    }
  }

  /// The cases every group has.
  public var cases: Set<Case>
  /// The cases any group has.
  public var allCases: Int
  /// The source and model groups.
  public var groups: Int
  /// The matched pairs before equalising.
  public var pairs: Int

  /// The cases left out.
  public var dropped: Int { allCases - cases.count }
}
