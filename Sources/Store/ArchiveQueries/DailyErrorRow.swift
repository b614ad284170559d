/// The forecast error of one series, lead day and local valid date: the mean absolute error of
/// every forecast of that lead day valid on that date against the observation of its valid time
/// (``Store/forEachDailyError(_:observations:leadDay:_:)``).
public struct DailyErrorRow: Sendable, Equatable {
  public var cityID: Int64
  public var model: String
  /// ⌊lead_hours / 24⌋ for hourly variables, `lead_days` for daily ones.
  public var leadDay: Int64
  /// The local valid date, `YYYY-MM-DD`.
  public var date: String
  /// Mean |forecast − observation| over the day's pairs.
  public var meanAbsoluteError: Double
  /// Pairs behind ``meanAbsoluteError``.
  public var pairs: Int

  public init(
    cityID: Int64, model: String, leadDay: Int64, date: String, meanAbsoluteError: Double,
    pairs: Int
  ) {
    self.cityID = cityID
    self.model = model
    self.leadDay = leadDay
    self.date = date
    self.meanAbsoluteError = meanAbsoluteError
    self.pairs = pairs
  }
}
