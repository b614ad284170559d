import Analysis

/// The lock-in leads of one city, source and model (``LockInReport``).
public struct LockInRow: Sendable, Equatable {
  public var city: String
  public var source: String
  public var model: String
  /// Each valid time's lock-in lead (hours for an hourly variable, days for a daily one),
  /// ascending.
  public var leads: [Int64]
  /// Per lead day D = 0, 1, …: the share of valid times already locked in when seen D days
  /// ahead, among the valid times with an issue D or more days ahead (nil when none had one).
  public var lockedShares: [Double?]

  public init(
    city: String, source: String, model: String, leads: [Int64], lockedShares: [Double?]
  ) {
    self.city = city
    self.source = source
    self.model = model
    self.leads = leads
    self.lockedShares = lockedShares
  }

  /// The p-quantile of the leads (Hyndman & Fan type 7).
  public func quantile(_ p: Double) -> Double? {
    SampleQuantiles.quantile(sorted: leads.map(Double.init), p)
  }
}
