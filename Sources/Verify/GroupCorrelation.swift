import Store

/// Pearson's r of |revision| and |error| within one group of `verify --jumpiness`.
public struct GroupCorrelation: Sendable, Equatable {
  public var keys: [VerifyKeyValue]
  public var n: Int
  public var r: Double?
  public var lower: Double?
  public var upper: Double?
}
