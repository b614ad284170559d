internal import SQLiteKit
import SkycastModel

/// One hour of a stored series, with the local date and hour stored at write time.
public struct HourlyRecord: Sendable, Equatable {
  /// The valid time, UTC epoch seconds.
  public var validAt: Int64
  /// The city-local date (`valid_date`).
  public var date: LocalDate
  /// The city-local hour 0–23 (`valid_hour`).
  public var hour: Int
  /// The requested expressions' values, in order (nil = NULL).
  public var values: [Double?]

  public init(validAt: Int64, date: LocalDate, hour: Int, values: [Double?]) {
    self.validAt = validAt
    self.date = date
    self.hour = hour
    self.values = values
  }
}
