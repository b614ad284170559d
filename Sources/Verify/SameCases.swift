/// The cases `--same-cases` keeps (``Verifier/sameCases(_:)``) and what the comment says of
/// them.
public struct SameCases: Sendable, Equatable {
  /// A case: a city and a valid time (hourly: epoch seconds; daily: the local date).
  public struct Case: Hashable, Sendable {
    public var cityID: Int64
    public var valid: String

    public init(cityID: Int64, valid: String) {
      self.cityID = cityID
      self.valid = valid
    }

    init(_ pair: VerifyPair) {
      cityID = pair.cityID
      valid = pair.validAt.map { String($0) } ?? pair.date ?? ""
    }
  }

  /// The cases every group has.
  public var cases: Set<Case>
  /// The cases any group has.
  public var allCases: Int
  /// The source, model and lead groups.
  public var groups: Int
  /// The matched pairs before equalising.
  public var pairs: Int

  /// The cases left out.
  public var dropped: Int { allCases - cases.count }
}
