/// How one derived archive compares with what was served, for one model and lead day
/// (``AuditReport``).
public struct AuditSummaryRow: Sendable, Equatable {
  public var model: String
  /// `previous-runs` or `analysis:MODEL`.
  public var derived: String
  public var leadDay: Int64
  /// Valid times where both hold a value.
  public var count: Int
  /// Of those, how many are equal to the stored precision.
  public var equal: Int
  public var meanAbsoluteDifference: Double
  public var largestAbsoluteDifference: Double

  public init(
    model: String, derived: String, leadDay: Int64, count: Int, equal: Int,
    meanAbsoluteDifference: Double, largestAbsoluteDifference: Double
  ) {
    self.model = model
    self.derived = derived
    self.leadDay = leadDay
    self.count = count
    self.equal = equal
    self.meanAbsoluteDifference = meanAbsoluteDifference
    self.largestAbsoluteDifference = largestAbsoluteDifference
  }
}
