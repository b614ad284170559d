import Analysis
import Foundation
import SkycastModel

/// A seeded, reproducible synthetic forecast history, written as real Open-Meteo response
/// bodies so it enters the database through the same decoder and storing code as `collect` and
/// `observe`. Used by `skycast demo` (clearly labelled) and by `skycast-bench`.
///
/// Forecasts are the "true" weather of `SyntheticWeather` seen through errors that grow with lead
/// time: a temperature error with standard deviation 0.45 + 0.13·lead_days °C (a run-wide part
/// plus a part that changes each lead day), a wind error, and a timing error of the wet spells
/// (rain arrives early or late by up to a few hours per lead day). Observations are the truth.
public struct SyntheticHistory: Sendable {
  public var places: [SyntheticCity]
  public var seed: UInt64
  public var forecastDays: Int
  package let weathers: [SyntheticWeather]

  public init(places: [SyntheticCity], seed: UInt64 = 2026, forecastDays: Int = 16) {
    self.places = places
    self.seed = seed
    self.forecastDays = forecastDays
    weathers = places.map { SyntheticWeather(place: $0, seed: seed) }
  }

  public func weather(_ index: Int) -> SyntheticWeather { weathers[index] }

  /// The hourly variables a synthetic forecast body carries (all of `collect`'s defaults).
  public static let hourlyVariables = WeatherVariable.with(.hourlyForecast)
  public static let dailyVariables = WeatherVariable.with(.dailyForecast)
  public static let currentVariables = WeatherVariable.with(.current)

  // MARK: - Forecast bodies

  /// One forecast response as the Forecast API would send it at `issuedAt` with
  /// `timeformat=unixtime`: hours from the local midnight of the issue day, `forecastDays` days.
  ///
  /// - Parameter model: a second model's name draws its own errors (seeded by the name too),
  ///   `errorScale` times as large, so two models of one history differ as real ones do; nil
  ///   is the demo's `best_match` history as it always was.
  public func forecastBody(
    place index: Int, issuedAt: Int64, model: String? = nil, errorScale: Double = 1
  ) -> [UInt8] {
    let weather = weathers[index]
    let place = places[index]
    let zone = weather.zone
    let offset = zone.offset(at: issuedAt)
    let issueDate = zone.localDate(issuedAt)
    let (times, columns) = forecastHours(
      place: index, issuedAt: issuedAt, model: model, errorScale: errorScale)

    var writer = BodyWriter()
    writer.header(place: place, offset: offset, timezone: place.timezone)
    // Current conditions: the issue hour.
    let now = weather.hour(issuedAt)
    writer.key("current_units")
    writer.units(["time": "unixtime", "interval": "seconds"], variables: Self.currentVariables)
    writer.key("current")
    writer.raw("{\"time\":\(issuedAt),\"interval\":900")
    let currentValues: [WeatherVariable: Double] = [
      .temperature2m: now.temperature, .relativeHumidity2m: now.relativeHumidity,
      .apparentTemperature: FeelsLike.bom(
        temperature: now.temperature, relativeHumidity: now.relativeHumidity,
        windSpeed: now.windSpeed),
      .precipitation: now.precipitation, .weatherCode: Double(now.weatherCode),
      .cloudCover: now.cloudCover, .pressureMSL: now.pressure, .windSpeed10m: now.windSpeed,
      .windDirection10m: now.windDirection, .windGusts10m: now.windGusts, .uvIndex: now.uvIndex,
      .isDay: now.isDay ? 1 : 0,
    ]
    for variable in Self.currentVariables {
      writer.raw(",\"\(variable.apiName)\":")
      writer.number(currentValues[variable], decimals: variable.decimals)
    }
    writer.raw("},")
    writer.key("hourly_units")
    writer.units(["time": "unixtime"], variables: Self.hourlyVariables)
    writer.key("hourly")
    writer.block(
      times: times.map(Double.init), columns: Self.hourlyVariables.map { ($0, columns[$0] ?? []) })
    writer.raw(",")
    // Daily aggregates of the forecast hours, per local day.
    var daily = [WeatherVariable: [Double?]]()
    var dayStarts: [Double] = []
    for day in 0..<forecastDays {
      let date = issueDate.adding(days: day)
      dayStarts.append(Double(date.midnightAsUTC - Int64(offset)))
      let range = (day * 24)..<((day + 1) * 24)
      func values(_ variable: WeatherVariable) -> [Double] {
        range.compactMap { columns[variable]?[$0] ?? nil }
      }
      let sun = weather.sunriseSunset(date)
      let precipitation = values(.precipitation)
      let aggregates: [WeatherVariable: Double?] = [
        .weatherCodeDaily: values(.weatherCode).max(),
        .temperature2mMax: values(.temperature2m).max(),
        .temperature2mMin: values(.temperature2m).min(),
        .apparentTemperatureMax: values(.apparentTemperature).max(),
        .apparentTemperatureMin: values(.apparentTemperature).min(),
        .sunrise: sun.sunrise.map(Double.init), .sunset: sun.sunset.map(Double.init),
        .sunshineDuration: Double(values(.cloudCover).filter { $0 < 50 }.count) * 3600 * 0.8,
        .uvIndexMax: values(.uvIndex).max(), .precipitationSum: precipitation.reduce(0, +),
        .rainSum: values(.rain).reduce(0, +), .snowfallSum: values(.snowfall).reduce(0, +),
        .precipitationHours: Double(precipitation.filter { $0 >= 0.1 }.count),
        .precipitationProbabilityMax: values(.precipitationProbability).max(),
        .windSpeed10mMax: values(.windSpeed10m).max(),
        .windGusts10mMax: values(.windGusts10m).max(),
        .windDirection10mDominant: values(.windDirection10m).first,
      ]
      for variable in Self.dailyVariables {
        daily[variable, default: []].append(aggregates[variable] ?? nil)
      }
    }
    writer.key("daily_units")
    writer.units(["time": "unixtime"], variables: Self.dailyVariables)
    writer.key("daily")
    writer.block(times: dayStarts, columns: Self.dailyVariables.map { ($0, daily[$0] ?? []) })
    writer.raw("}")
    return writer.bytes
  }

  /// The hourly values of ``forecastBody(place:issuedAt:model:errorScale:)``: valid times
  /// from the local midnight of the issue day, and each of ``hourlyVariables``' column.
  public func forecastHours(
    place index: Int, issuedAt: Int64, model: String? = nil, errorScale: Double = 1
  ) -> (times: [Int64], columns: [WeatherVariable: [Double?]]) {
    let weather = weathers[index]
    let place = places[index]
    let zone = weather.zone
    let offset = zone.offset(at: issuedAt)
    let start = zone.localDate(issuedAt).midnightAsUTC - Int64(offset)
    let hours = forecastDays * 24
    var random = SplitMix64(
      seed: seed ^ SyntheticWeather.hash(place.name) ^ UInt64(bitPattern: issuedAt)
        ^ (model.map(SyntheticWeather.hash) ?? 0))
    let runError = random.nextGaussian()
    let dailyErrors = (0...forecastDays + 1).map { _ in random.nextGaussian() }
    let windErrors = (0...forecastDays + 1).map { _ in random.nextGaussian() }
    let timing = random.nextGaussian()

    var columns = [WeatherVariable: [Double?]]()
    var times: [Int64] = []
    times.reserveCapacity(hours)
    for step in 0..<hours {
      let valid = start + Int64(step) * 3600
      times.append(valid)
      let lead = Double(valid - issuedAt) / 3600
      let leadDays = max(0, lead / 24)
      let dayIndex = min(dailyErrors.count - 1, Int(leadDays))
      let truth = weather.hour(valid)
      let shifted = weather.hour(valid + Int64(timing * 3600 * 1.5 * leadDays))
      let sigma = (0.45 + 0.13 * leadDays) * errorScale
      let temperature =
        truth.temperature + 0.2 + sigma * (0.55 * runError + 0.85 * dailyErrors[dayIndex])
      let wind = max(
        0,
        truth.windSpeed * (1 + 0.04 * leadDays * windErrors[dayIndex]) + 0.3 * leadDays
          * windErrors[dayIndex])
      let humidity = min(100, max(5, shifted.relativeHumidity))
      let values: [WeatherVariable: Double?] = [
        .temperature2m: temperature,
        .relativeHumidity2m: humidity,
        .dewPoint2m: Humidity.dewPoint(temperature: temperature, relativeHumidity: humidity),
        .apparentTemperature: FeelsLike.bom(
          temperature: temperature, relativeHumidity: humidity, windSpeed: wind),
        .precipitationProbability: min(100, max(0, (shifted.wetness - 0.45) * 110)),
        .precipitation: shifted.precipitation,
        .rain: temperature < 0 ? 0 : shifted.precipitation * 0.7,
        .showers: temperature < 0 ? 0 : shifted.precipitation * 0.3,
        .snowfall: temperature < 0 ? shifted.precipitation * 0.7 : 0,
        .weatherCode: Double(shifted.weatherCode),
        .cloudCover: shifted.cloudCover,
        .pressureMSL: truth.pressure + 0.4 * leadDays * windErrors[dayIndex],
        .windSpeed10m: wind,
        .windDirection10m: truth.windDirection,
        .windGusts10m: wind * 1.7 + 3,
        .uvIndex: truth.uvIndex * (1 - 0.3 * (shifted.cloudCover - truth.cloudCover) / 100),
        .isDay: truth.isDay ? 1 : 0,
      ]
      for variable in Self.hourlyVariables {
        columns[variable, default: []].append(values[variable] ?? nil)
      }
    }
    return (times, columns)
  }

  // MARK: - Observation bodies

  /// An Archive API response (`models=era5`, unixtime) whose values are the truth, for the
  /// local dates `from…to`.
  public func archiveBody(place index: Int, from: LocalDate, to: LocalDate) -> [UInt8] {
    let weather = weathers[index]
    let place = places[index]
    let zone = weather.zone
    let start = zone.startOfDay(from)
    let end = zone.startOfDay(to.adding(days: 1))
    let offset = zone.offset(at: start)
    let variables = WeatherVariable.with(.archive).filter { $0.frequency == .hourly }
    var columns = [WeatherVariable: [Double?]]()
    var times: [Double] = []
    var time = start
    while time < end {
      let hour = weather.hour(time)
      times.append(Double(time))
      let values: [WeatherVariable: Double?] = [
        .temperature2m: hour.temperature, .relativeHumidity2m: hour.relativeHumidity,
        .dewPoint2m: Humidity.dewPoint(
          temperature: hour.temperature, relativeHumidity: hour.relativeHumidity),
        .apparentTemperature: FeelsLike.bom(
          temperature: hour.temperature, relativeHumidity: hour.relativeHumidity,
          windSpeed: hour.windSpeed),
        .precipitation: hour.precipitation, .rain: hour.temperature < 0 ? 0 : hour.precipitation,
        .snowfall: hour.temperature < 0 ? hour.precipitation * 0.7 : 0,
        .weatherCode: Double(hour.weatherCode), .cloudCover: hour.cloudCover,
        .pressureMSL: hour.pressure, .windSpeed10m: hour.windSpeed,
        .windDirection10m: hour.windDirection, .windGusts10m: hour.windGusts,
      ]
      for variable in variables { columns[variable, default: []].append(values[variable] ?? nil) }
      time += 3600
    }
    var writer = BodyWriter()
    writer.header(place: place, offset: offset, timezone: place.timezone)
    writer.key("hourly_units")
    writer.units(["time": "unixtime"], variables: variables)
    writer.key("hourly")
    writer.block(times: times, columns: variables.map { ($0, columns[$0] ?? []) })
    writer.raw("}")
    return writer.bytes
  }
}
