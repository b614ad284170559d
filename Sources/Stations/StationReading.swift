import SkycastModel

/// What one station file holds once read: its hourly and daily measurements in canonical
/// units (°C, %, hPa, km/h, °, mm), what was left out and why, and the rules applied.
public struct StationReading: Sendable, Equatable {
  /// The network the file comes from.
  public var provider: StationProvider
  /// The station's identifier in that network (as in its file names and station list).
  public var stationID: String
  /// One row per UTC hour (`StationHour.reduce`), sorted by time.
  public var hourly: [StationHour]
  /// One row per date of the provider's day definition (`dayDefinition`), sorted.
  public var daily: [StationDay]
  /// Values left out or changed, by reason.
  public var tally: StationTally
  /// The rules this reading applied, in words, for the user's report: unit conversions, the
  /// hour rule, the day definition, the time zone of the file's timestamps.
  public var notes: [String]

  public init(
    provider: StationProvider, stationID: String, hourly: [StationHour] = [],
    daily: [StationDay] = [], tally: StationTally = StationTally(), notes: [String] = []
  ) {
    self.provider = provider
    self.stationID = stationID
    self.hourly = hourly
    self.daily = daily
    self.tally = tally
    self.notes = notes
  }

  /// The observation source the rows are stored under (`skycast help stations`): `station:<provider>:<id>`.
  public var source: FetchSource { .station(provider: provider, id: stationID) }

  /// Why this reading may not be stored as station `asked`, or nil when it may: the file names
  /// another station (a DWD zip holding 03987 fetched as 00433, `--station 99999` given for
  /// `10637.csv.gz`), so its rows would go under a name that is not theirs.
  public func mismatch(asked: String) -> String? {
    asked == stationID
      ? nil
      : "the file is \(provider.rawValue) station \(stationID), not \(TerminalSafe.escape(asked)) as asked"
  }
}
