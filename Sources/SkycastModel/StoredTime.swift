/// The range of instants Skycast reads from the database.
public enum StoredTime {
  /// 0001-01-01T00:00:00Z … 9999-12-31T23:59:59Z in epoch seconds: the dates `LocalDate`
  /// represents, far inside the range where adding a UTC offset or a day cannot overflow.
  public static let range: ClosedRange<Int64> = -62_135_596_800...253_402_300_799

  /// `value` when it is inside `range`.
  ///
  /// - Throws: `StoredTimeError` naming `column` and the value otherwise.
  @inline(__always)
  public static func check(_ value: Int64, column: @autoclosure () -> String) throws -> Int64 {
    try validate(value, column)
  }

  /// `value` (nil stays nil) when it is inside `range`; see `check(_:column:)`.
  @inline(__always)
  public static func check(_ value: Int64?, column: @autoclosure () -> String) throws -> Int64? {
    guard let value else { return nil }
    return try validate(value, column)
  }

  @inline(__always)
  private static func validate(_ value: Int64, _ column: () -> String) throws -> Int64 {
    guard range.contains(value) else { throw StoredTimeError(column: column(), value: value) }
    return value
  }
}
