extension WeatherVariable {
  /// The variable in words for figure titles and axes (`2 m temperature`, `Daily maximum 2 m
  /// temperature`): what a reader of a thesis understands, where ``column`` is what SQL needs.
  public var displayName: String {
    switch self {
    case .temperature2m: "2 m temperature"
    case .relativeHumidity2m: "2 m relative humidity"
    case .dewPoint2m: "2 m dew point"
    case .apparentTemperature: "Apparent temperature"
    case .precipitationProbability: "Precipitation probability"
    case .precipitation: "Precipitation"
    case .rain: "Rain"
    case .showers: "Showers"
    case .snowfall: "Snowfall"
    case .weatherCode: "Weather code"
    case .cloudCover: "Cloud cover"
    case .pressureMSL: "Sea-level pressure"
    case .windSpeed10m: "10 m wind speed"
    case .windDirection10m: "10 m wind direction"
    case .windGusts10m: "10 m wind gusts"
    case .uvIndex: "UV index"
    case .isDay: "Daylight"
    case .weatherCodeDaily: "Daily weather code"
    case .temperature2mMax: "Daily maximum 2 m temperature"
    case .temperature2mMin: "Daily minimum 2 m temperature"
    case .apparentTemperatureMax: "Daily maximum apparent temperature"
    case .apparentTemperatureMin: "Daily minimum apparent temperature"
    case .sunrise: "Sunrise"
    case .sunset: "Sunset"
    case .sunshineDuration: "Sunshine duration"
    case .uvIndexMax: "Daily maximum UV index"
    case .precipitationSum: "Daily precipitation"
    case .rainSum: "Daily rain"
    case .snowfallSum: "Daily snowfall"
    case .precipitationHours: "Precipitation hours"
    case .precipitationProbabilityMax: "Daily maximum precipitation probability"
    case .windSpeed10mMax: "Daily maximum 10 m wind speed"
    case .windGusts10mMax: "Daily maximum 10 m wind gusts"
    case .windDirection10mDominant: "Dominant 10 m wind direction"
    }
  }

  /// The name with a lower-case first letter for use inside a sentence ("RMSE of 2 m
  /// temperature"); names that start with an abbreviation (UV) keep it.
  public var displayNameInSentence: String {
    let name = displayName
    guard let first = name.first, first.isUppercase,
      name.dropFirst().first.map({ !$0.isUppercase }) ?? true
    else { return name }
    return first.lowercased() + name.dropFirst()
  }
}
