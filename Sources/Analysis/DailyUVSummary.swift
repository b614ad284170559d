/// One local day's UV figures, built by ``UVIndex/dailySummary(_:expectedHours:)``.
public struct DailyUVSummary: Sendable, Equatable {
  /// The highest hourly UV index of the day, or nil when no hour has a value.
  public var max: Double?
  /// The local hour (0–23) of the first hour at the maximum.
  public var maxHour: Int?
  /// The WHO category of the maximum.
  public var category: UVCategory?
  /// Hours whose half-up rounded index is at least 3.
  public var hoursAtLeast3: Int
  /// Hours whose half-up rounded index is at least 6.
  public var hoursAtLeast6: Int
  /// Hours whose half-up rounded index is at least 8.
  public var hoursAtLeast8: Int
  /// Erythemal dose in standard erythemal doses (SED), or nil when an hour of the day is missing.
  public var doseSED: Double?

  public init(
    max: Double?, maxHour: Int?, category: UVCategory?, hoursAtLeast3: Int, hoursAtLeast6: Int,
    hoursAtLeast8: Int, doseSED: Double?
  ) {
    self.max = max
    self.maxHour = maxHour
    self.category = category
    self.hoursAtLeast3 = hoursAtLeast3
    self.hoursAtLeast6 = hoursAtLeast6
    self.hoursAtLeast8 = hoursAtLeast8
    self.doseSED = doseSED
  }
}
