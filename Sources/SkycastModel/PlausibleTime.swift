/// The span of time Skycast accepts from files and servers: 1800-01-01 to 2200-12-31.
///
/// Wide enough for digitised station records of the 19th century and for any forecast, and
/// narrow enough that every accepted time exports as a four-digit year and imports back (a
/// year-9999 time would export as `10000-01-01`, which no reader takes).
public enum PlausibleTime {
  /// The first and last accepted local dates.
  public static let dates: ClosedRange<LocalDate> =
    LocalDate(year: 1800, month: 1, day: 1)!...LocalDate(year: 2200, month: 12, day: 31)!

  /// The accepted instants, epoch seconds: the first to the last second of `dates` in UTC.
  public static let instants: ClosedRange<Int64> =
    dates.lowerBound.midnightAsUTC...(dates.upperBound.midnightAsUTC + 86_399)

  /// `1800-01-01 to 2200-12-31`, for messages.
  public static let description = "\(dates.lowerBound) to \(dates.upperBound)"
}
