import SkycastModel

/// Identifies one data column of a response: a variable, for one model, optionally from the
/// Previous Runs API's `_previous_dayN` family (0 = the current run).
public struct SeriesKey: Hashable, Sendable, CustomStringConvertible {
  public var variable: WeatherVariable
  public var model: String
  public var previousDay: Int

  public init(_ variable: WeatherVariable, model: String = "best_match", previousDay: Int = 0) {
    self.variable = variable
    self.model = model
    self.previousDay = previousDay
  }

  public var description: String {
    variable.apiName + (previousDay > 0 ? "_previous_day\(previousDay)" : "") + " (\(model))"
  }
}

/// A column-oriented block (`hourly` or `daily`) with times converted and values in canonical
/// units. Hourly blocks have `instants`; daily blocks have `dates`.
public struct DecodedSeries: Sendable {
  /// UTC epoch seconds of each hourly step.
  public var instants: [Int64] = []
  /// Local dates of each daily step.
  public var dates: [LocalDate] = []
  public var columns: [SeriesKey: [Double?]] = [:]

  public var count: Int { max(instants.count, dates.count) }

  /// The models present in the block.
  public var models: Set<String> { Set(columns.keys.map(\.model)) }
}

/// The `current` block.
public struct DecodedCurrent: Sendable {
  public var time: Int64
  public var intervalSeconds: Int?
  public var values: [SeriesKey: Double?] = [:]
}

/// One location of a forecast, archive or previous-runs response.
public struct DecodedLocation: Sendable {
  /// `location_id` (0 for the first or only location).
  public var locationID: Int
  public var latitude: Double?
  public var longitude: Double?
  public var elevation: Double?
  public var utcOffsetSeconds: Int
  public var timezone: String?
  public var hourly: DecodedSeries?
  public var daily: DecodedSeries?
  public var current: DecodedCurrent?
  /// Things worth telling the user that did not fail the decode (ignored keys, missing units).
  public var warnings: [String] = []
  /// Physically impossible values that were stored as NULL, one line per column: always shown.
  public var droppedValues: [String] = []

  /// Every model with data in this location.
  public var models: [String] {
    var set = Set<String>()
    set.formUnion(hourly?.models ?? [])
    set.formUnion(daily?.models ?? [])
    set.formUnion(current.map { Set($0.values.keys.map(\.model)) } ?? [])
    return set.sorted()
  }
}
