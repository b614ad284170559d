/// What a streaming read of one station file found, without its rows (those went to the
/// caller in batches): the station, the tally and notes, and how many hours and days.
public struct StationFileSummary: Sendable, Equatable {
  /// The reading with empty `hourly` and `daily`: provider, station, tally and notes.
  public var reading: StationReading
  /// Hours handed out.
  public var hours: Int
  /// Days handed out.
  public var days: Int
  /// False when the file was out of time order for the window it was read with: its rows
  /// then follow the whole-file rule only when read again with `StationWindow.whole`.
  public var sorted: Bool

  public init(reading: StationReading, hours: Int, days: Int, sorted: Bool) {
    self.reading = reading
    self.hours = hours
    self.days = days
    self.sorted = sorted
  }

  /// True when `other` read the same station, lines, hours and days: a second read of an
  /// unchanged file. (The order of a line's named problems follows dictionary order, which
  /// two reads need not share, so the tally's text is not compared.)
  public func readsLike(_ other: StationFileSummary) -> Bool {
    reading.provider == other.reading.provider && reading.stationID == other.reading.stationID
      && reading.tally.lines == other.reading.tally.lines && hours == other.hours
      && days == other.days
  }
}
