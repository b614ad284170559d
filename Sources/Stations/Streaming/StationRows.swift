/// A batch of finished rows from a streaming read: hours and days in time order, each hour or
/// day given once (a later batch never repeats one).
public struct StationRows: Sendable, Equatable {
  /// Finished hours, sorted by `validAt`.
  public var hourly: [StationHour] = []
  /// Finished days, sorted by date.
  public var daily: [StationDay] = []
  /// The station the file's lines read so far name (`StationFiles.stream` sets it): the one
  /// the final reading gives, unless a later line names another or the first one.
  public var stationID: String?

  public init(hourly: [StationHour] = [], daily: [StationDay] = []) {
    self.hourly = hourly
    self.daily = daily
  }

  /// Rows held.
  public var count: Int { hourly.count + daily.count }

  /// True when there are no rows.
  public var isEmpty: Bool { hourly.isEmpty && daily.isEmpty }
}
