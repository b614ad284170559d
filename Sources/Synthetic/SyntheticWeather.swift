import Foundation
import SkycastModel

/// The "true" weather of a synthetic place: smooth, seeded, deterministic functions of time, so
/// any hour can be evaluated on its own and the same seed always gives the same history.
///
/// Not a weather model: just enough structure (seasonal and diurnal cycles, multi-day waves, wet
/// spells that drive cloud, humidity and weather codes, a sun that sets) for summaries and
/// verification to have something realistic to show.
public struct SyntheticWeather: Sendable {
  public let place: SyntheticCity
  package let zone: CityTimeZone
  package let phases: [Double]
  package let baseTemperature: Double
  package let seasonalAmplitude: Double

  public init(place: SyntheticCity, seed: UInt64) {
    self.place = place
    zone = CityTimeZone(identifier: place.timezone) ?? .utc
    var random = SplitMix64(seed: seed ^ Self.hash(place.name))
    phases = (0..<12).map { _ in random.nextUniform() * 2 * .pi }
    baseTemperature = 24 - 0.32 * abs(place.latitude) - 0.0065 * place.elevation
    seasonalAmplitude = 0.22 * abs(place.latitude)
  }

  /// FNV-1a, so each place gets its own phases from one seed.
  package static func hash(_ text: String) -> UInt64 {
    var value: UInt64 = 0xCBF2_9CE4_8422_2325
    for byte in text.utf8 {
      value ^= UInt64(byte)
      value = value &* 0x100_0000_01B3
    }
    return value
  }

  /// One hour's values in canonical units.
  public struct Hour: Sendable {
    public var temperature: Double
    public var relativeHumidity: Double
    public var precipitation: Double
    public var cloudCover: Double
    public var pressure: Double
    public var windSpeed: Double
    public var windDirection: Double
    public var windGusts: Double
    public var uvIndex: Double
    public var isDay: Bool
    public var weatherCode: Int
    public var wetness: Double
  }

  /// The sun's elevation above the horizon in degrees (NOAA's simplified solar position).
  package func solarElevation(_ epoch: Int64) -> Double {
    let days = Double(epoch) / 86_400
    let dayOfYear = days.truncatingRemainder(dividingBy: 365.2422)
    let declination = -23.44 * cos(2 * .pi / 365.2422 * (dayOfYear + 10)) * .pi / 180
    let utcHours = Double(WallClock.floorDivide(epoch, 86_400).remainder) / 3600
    let hourAngle = (utcHours + place.longitude / 15 - 12) * 15 * .pi / 180
    let latitude = place.latitude * .pi / 180
    let sine = sin(latitude) * sin(declination) + cos(latitude) * cos(declination) * cos(hourAngle)
    return asin(max(-1, min(1, sine))) * 180 / .pi
  }

  public func hour(_ epoch: Int64) -> Hour {
    let days = Double(epoch) / 86_400
    let p = phases
    let southern = place.latitude < 0 ? Double.pi : 0
    let seasonal = -seasonalAmplitude * cos(2 * .pi * (days - 15) / 365.2422 + southern)
    let elevation = solarElevation(epoch)
    let sunFactor = max(0, sin(elevation * .pi / 180))
    let wave =
      2.6 * sin(2 * .pi * days / 3.1 + p[0]) + 1.7 * sin(2 * .pi * days / 7.3 + p[1])
      + 0.9 * sin(2 * .pi * days / 1.7 + p[2])
    let wetness =
      sin(2 * .pi * days / 4.3 + p[3]) + 0.6 * sin(2 * .pi * days / 1.3 + p[4])
      + 0.3 * sin(2 * .pi * days / 0.37 + p[5]) + place.wetness
    let cloud = min(100, max(0, 45 + 35 * wetness))
    let diurnal = (sunFactor * 9 - 3) * (1 - 0.5 * cloud / 100)
    let temperature = baseTemperature + seasonal + wave + diurnal
    let precipitation = wetness > 1.2 ? ((wetness - 1.2) * 3 * 10).rounded() / 10 : 0
    let humidity = min(100, max(18, 62 + 22 * wetness - 2.2 * diurnal))
    let wind = max(
      0,
      11 + 6 * sin(2 * .pi * days / 2.9 + p[6]) + 3 * sin(2 * .pi * days / 0.8 + p[7]) + 2
        * sunFactor)
    let direction = (210 + 90 * sin(2 * .pi * days / 6.1 + p[8])).truncatingRemainder(
      dividingBy: 360)
    let uv =
      sunFactor * (0.5 + 0.5 * abs(sin((days + 80) * .pi / 365.2422))) * 10.5
      * (1 - 0.65 * cloud / 100)
    let code: Int
    if precipitation >= 2.5 {
      code = temperature < 0 ? 73 : 63
    } else if precipitation > 0 {
      code = temperature < 0 ? 71 : (precipitation < 0.5 ? 51 : 61)
    } else if cloud > 85 {
      code = 3
    } else if cloud > 55 {
      code = 2
    } else if cloud > 25 {
      code = 1
    } else {
      code = 0
    }
    return Hour(
      temperature: temperature, relativeHumidity: humidity, precipitation: precipitation,
      cloudCover: cloud, pressure: 1013 + 9 * sin(2 * .pi * days / 5.7 + p[9]) - 4 * wetness,
      windSpeed: wind, windDirection: direction < 0 ? direction + 360 : direction,
      windGusts: wind * 1.7 + 3, uvIndex: uv, isDay: elevation > -0.833, weatherCode: code,
      wetness: wetness)
  }

  /// Sunrise and sunset (UTC epoch) of a local date, found by stepping the solar elevation.
  public func sunriseSunset(_ date: LocalDate) -> (sunrise: Int64?, sunset: Int64?) {
    let start = zone.startOfDay(date)
    var sunrise: Int64?
    var sunset: Int64?
    var previous = solarElevation(start) > -0.833
    var time = start + 300
    while time < start + 86_400 {
      let up = solarElevation(time) > -0.833
      if up, !previous, sunrise == nil { sunrise = time }
      if !up, previous, sunset == nil { sunset = time }
      previous = up
      time += 300
    }
    return (sunrise, sunset)
  }
}
