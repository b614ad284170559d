/// Every weather variable Skycast stores. Raw values are the Open-Meteo API names, which are also
/// the SQL column names (users write SQL against them).
///
/// Values are stored in canonical units (`Quantity.canonicalUnit`); the per-variable precision is
/// the one exports and tables round to.
public enum WeatherVariable: String, CaseIterable, Sendable, Comparable {
  // MARK: Hourly (and current)
  case temperature2m = "temperature_2m"
  case relativeHumidity2m = "relative_humidity_2m"
  case dewPoint2m = "dew_point_2m"
  case apparentTemperature = "apparent_temperature"
  case precipitationProbability = "precipitation_probability"
  case precipitation
  case rain
  case showers
  case snowfall
  case weatherCode = "weather_code"
  case cloudCover = "cloud_cover"
  case pressureMSL = "pressure_msl"
  case windSpeed10m = "wind_speed_10m"
  case windDirection10m = "wind_direction_10m"
  case windGusts10m = "wind_gusts_10m"
  case uvIndex = "uv_index"
  case isDay = "is_day"

  // MARK: Daily
  case weatherCodeDaily = "weather_code_daily"
  case temperature2mMax = "temperature_2m_max"
  case temperature2mMin = "temperature_2m_min"
  case apparentTemperatureMax = "apparent_temperature_max"
  case apparentTemperatureMin = "apparent_temperature_min"
  case sunrise
  case sunset
  case sunshineDuration = "sunshine_duration"
  case uvIndexMax = "uv_index_max"
  case precipitationSum = "precipitation_sum"
  case rainSum = "rain_sum"
  case snowfallSum = "snowfall_sum"
  case precipitationHours = "precipitation_hours"
  case precipitationProbabilityMax = "precipitation_probability_max"
  case windSpeed10mMax = "wind_speed_10m_max"
  case windGusts10mMax = "wind_gusts_10m_max"
  case windDirection10mDominant = "wind_direction_10m_dominant"

  public static func < (lhs: Self, rhs: Self) -> Bool {
    allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
  }
}

extension WeatherVariable {
  /// Hourly series or daily aggregate.
  public enum Frequency: String, Sendable { case hourly, daily }

  /// Which tables hold the variable and which requests ask for it by default.
  public struct Roles: OptionSet, Sendable, Hashable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// A column of `hourly_forecasts`, requested by `collect` and `backfill`.
    public static let hourlyForecast = Roles(rawValue: 1 << 0)
    /// A column of `current_conditions`, requested by `collect`.
    public static let current = Roles(rawValue: 1 << 1)
    /// A column of `daily_forecasts`, requested by `collect`.
    public static let dailyForecast = Roles(rawValue: 1 << 2)
    /// A column of `hourly_observations`.
    public static let hourlyObservation = Roles(rawValue: 1 << 3)
    /// A column of `daily_observations`.
    public static let dailyObservation = Roles(rawValue: 1 << 4)
    /// Requested from the ERA5 archive by `observe` (others are import-only observation columns).
    public static let archive = Roles(rawValue: 1 << 5)
  }

  /// The wire name used in API requests. Identical to the column name except for the daily
  /// weather code, whose API name collides with the hourly one.
  public var apiName: String { self == .weatherCodeDaily ? "weather_code" : rawValue }

  /// The SQL column name.
  public var column: String { apiName }

  public var frequency: Frequency {
    switch self {
    case .temperature2m, .relativeHumidity2m, .dewPoint2m, .apparentTemperature,
      .precipitationProbability, .precipitation, .rain, .showers, .snowfall, .weatherCode,
      .cloudCover, .pressureMSL, .windSpeed10m, .windDirection10m, .windGusts10m, .uvIndex, .isDay:
      .hourly
    default: .daily
    }
  }

  /// What physical quantity the variable measures, which fixes its unit handling.
  public var quantity: Quantity {
    switch self {
    case .temperature2m, .dewPoint2m, .apparentTemperature, .temperature2mMax, .temperature2mMin,
      .apparentTemperatureMax, .apparentTemperatureMin:
      .temperature
    case .relativeHumidity2m, .precipitationProbability, .cloudCover, .precipitationProbabilityMax:
      .percentage
    case .precipitation, .rain, .showers, .precipitationSum, .rainSum: .precipitation
    case .snowfall, .snowfallSum: .snowfall
    case .weatherCode, .weatherCodeDaily: .weatherCode
    case .pressureMSL: .pressure
    case .windSpeed10m, .windGusts10m, .windSpeed10mMax, .windGusts10mMax: .speed
    case .windDirection10m, .windDirection10mDominant: .direction
    case .uvIndex, .uvIndexMax: .index
    case .isDay: .flag
    case .sunrise, .sunset: .instant
    case .sunshineDuration: .duration
    case .precipitationHours: .hours
    }
  }

  /// The stored unit (`°C`, `km/h`, `mm`, `%`, `hPa`, `cm`, `s`, `h`, `°`, or empty).
  public var unit: String { quantity.canonicalUnit }

  /// Decimal places kept in exports and tables (rounded half away from zero).
  public var decimals: Int {
    switch quantity {
    case .temperature, .precipitation, .pressure, .speed, .hours: 1
    case .snowfall, .index: 2
    case .percentage, .weatherCode, .direction, .flag, .duration, .instant: 0
    }
  }

  public var roles: Roles {
    switch self {
    case .temperature2m, .relativeHumidity2m, .apparentTemperature, .precipitation, .weatherCode,
      .cloudCover, .pressureMSL, .windSpeed10m, .windDirection10m, .windGusts10m:
      [.hourlyForecast, .current, .hourlyObservation, .archive]
    case .dewPoint2m, .rain, .snowfall: [.hourlyForecast, .hourlyObservation, .archive]
    case .uvIndex: [.hourlyForecast, .current, .hourlyObservation]
    case .isDay: [.hourlyForecast, .current]
    case .precipitationProbability, .showers: [.hourlyForecast]
    case .weatherCodeDaily, .temperature2mMax, .temperature2mMin, .apparentTemperatureMax,
      .apparentTemperatureMin, .precipitationSum, .rainSum, .snowfallSum, .precipitationHours,
      .windSpeed10mMax, .windGusts10mMax, .windDirection10mDominant, .sunshineDuration:
      [.dailyForecast, .dailyObservation, .archive]
    case .uvIndexMax: [.dailyForecast, .dailyObservation]
    case .sunrise, .sunset, .precipitationProbabilityMax: [.dailyForecast]
    }
  }

  /// The variables with a role, in catalog order.
  public static func with(_ role: Roles) -> [WeatherVariable] {
    allCases.filter { $0.roles.contains(role) }
  }

  /// Looks a variable up by column or API name for the given frequency (`weather_code` is both).
  public static func named(_ name: String, frequency: Frequency? = nil) -> WeatherVariable? {
    let matches = allCases.filter { $0.column == name || $0.rawValue == name }
    guard let frequency else { return matches.first }
    return matches.first { $0.frequency == frequency }
  }

  /// True for variables whose values are numbers a score can be computed on.
  public var isNumeric: Bool { quantity != .instant }
}
