/// A time read from the database that no calendar arithmetic can use.
///
/// Times are plain INTEGER epoch seconds, so a hand-edited or damaged row can hold anything up to
/// `Int64.max`. Readers that turn stored instants into dates check them with `StoredTime.check`
/// and stop with this error rather than print nonsense dates (or overflow).
public struct StoredTimeError: Error, CustomStringConvertible, Equatable, Sendable {
  /// The column (or `table.column`) the value came from.
  public let column: String
  /// The stored integer.
  public let value: Int64

  public init(column: String, value: Int64) {
    self.column = column
    self.value = value
  }

  public var description: String {
    "\(column) holds \(value), which is not a time Skycast can show (epoch seconds from \(StoredTime.range.lowerBound) to \(StoredTime.range.upperBound), the years 0001–9999); the row was edited by hand or is damaged: correct or delete it"
  }
}

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
