import Analysis

/// One detected change in a series' daily error (``ModelChangeReport``).
public struct ModelChangeRow: Sendable, Equatable {
  public var city: String
  public var model: String
  public var leadDay: Int64
  /// The first local date after the change.
  public var date: String
  /// The last local date before it.
  public var lastDateBefore: String
  /// Days in the segments before and after (up to the neighbouring changes).
  public var daysBefore: Int
  public var daysAfter: Int
  /// Mean of the daily MAE over each segment.
  public var maeBefore: Double
  public var maeAfter: Double
  /// The segment's CUSUM statistic and its Kolmogorov p-value.
  public var cusum: Double
  public var cusumP: Double
  /// The before/after Diebold–Mariano test (after − before, paired day by day); nil when it
  /// is undefined (too few days, no variation).
  public var dieboldMariano: DieboldMariano.Result?

  public init(
    city: String, model: String, leadDay: Int64, date: String, lastDateBefore: String,
    daysBefore: Int, daysAfter: Int, maeBefore: Double, maeAfter: Double, cusum: Double,
    cusumP: Double, dieboldMariano: DieboldMariano.Result?
  ) {
    self.city = city
    self.model = model
    self.leadDay = leadDay
    self.date = date
    self.lastDateBefore = lastDateBefore
    self.daysBefore = daysBefore
    self.daysAfter = daysAfter
    self.maeBefore = maeBefore
    self.maeAfter = maeAfter
    self.cusum = cusum
    self.cusumP = cusumP
    self.dieboldMariano = dieboldMariano
  }
}
