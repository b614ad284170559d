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
