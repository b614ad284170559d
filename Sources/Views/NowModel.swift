import SkycastModel

/// Everything the `now` view shows, read from one stored forecast fetch: a pure value, so the
/// renderer (`NowView`) can be tested byte for byte without a database.
public struct NowModel: Sendable, Equatable {
  /// The `current` block of the fetch.
  public struct Current: Sendable, Equatable {
    /// The instant the conditions are for (Open-Meteo's current time, a 15-minute step).
    public var time: Int64
    public var temperature: Double?
    public var apparentTemperature: Double?
    public var relativeHumidity: Double?
    public var precipitation: Double?
    public var weatherCode: Int?
    public var windSpeed: Double?
    public var windDirection: Double?
    public var windGusts: Double?
    public var uvIndex: Double?
    public var isDay: Bool?

    public init(time: Int64) { self.time = time }
  }

  /// One hourly forecast row.
  public struct Hour: Sendable, Equatable {
    /// The valid time (start of the hour).
    public var time: Int64
    public var temperature: Double?
    public var apparentTemperature: Double?
    public var relativeHumidity: Double?
    public var precipitationProbability: Double?
    public var precipitation: Double?
    public var weatherCode: Int?
    public var windSpeed: Double?
    public var windDirection: Double?
    public var windGusts: Double?
    public var uvIndex: Double?
    public var isDay: Bool?

    public init(time: Int64) { self.time = time }
  }

  /// One daily forecast row.
  public struct Day: Sendable, Equatable {
    /// The local date.
    public var date: LocalDate
    public var weatherCode: Int?
    public var high: Double?
    public var low: Double?
    public var sunrise: Int64?
    public var sunset: Int64?
    public var precipitationSum: Double?
    public var precipitationProbabilityMax: Double?
    public var uvIndexMax: Double?
    public var windSpeedMax: Double?
    public var windGustsMax: Double?

    public init(date: LocalDate) { self.date = date }
  }

  /// One local day of the latest stored ensemble (`collect --ensemble`): the 10 % quantile of
  /// the members at the day's coldest hour and the 90 % quantile at its warmest.
  public struct EnsembleDay: Sendable, Equatable {
    public var date: LocalDate
    public var low: Double
    public var high: Double

    public init(date: LocalDate, low: Double, high: Double) {
      self.date = date
      self.low = low
      self.high = high
    }
  }

  /// The city's default weather station (`station link`), described with its distance and
  /// elevation difference; nil when none is linked.
  public var station: String?
  public var city: City
  /// The coming days' 2 m temperature range from the latest ensemble; empty without one.
  public var ensembleDays: [EnsembleDay] = []
  /// When the fetch was requested (epoch seconds): the "updated … ago" time.
  public var fetchedAt: Int64
  /// The clock of this run.
  public var now: Int64
  /// The fetch's current block; nil when the fetch had none.
  public var current: Current?
  /// The fetch's hourly rows, in time order.
  public var hours: [Hour]
  /// The fetch's daily rows, in date order.
  public var days: [Day]
  /// Set when a refresh failed and stored data is shown: the reason.
  public var offlineReason: String?

  public init(
    city: City, fetchedAt: Int64, now: Int64, current: Current? = nil, hours: [Hour] = [],
    days: [Day] = [], offlineReason: String? = nil
  ) {
    self.city = city
    self.fetchedAt = fetchedAt
    self.now = now
    self.current = current
    self.hours = hours
    self.days = days
    self.offlineReason = offlineReason
  }

  /// The city's zone (UTC until one is known).
  public var zone: CityTimeZone { city.zone }
}
