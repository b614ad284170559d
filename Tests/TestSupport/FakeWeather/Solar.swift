import Foundation

/// A low-precision solar position (the NOAA/Almanac approximation, about 0.01° in declination),
/// good enough for a plausible day/night cycle, UV and sunrise times in the fake.
enum Solar {
  struct Position {
    /// Degrees above the horizon.
    var elevation: Double
    /// Apparent solar time in hours (0–24).
    var solarHour: Double
    /// Day of the year with fraction (0 = 1 January 00:00 UTC, roughly).
    var dayOfYear: Double
  }

  /// Declination (degrees) and equation of time (minutes) at an instant.
  static func declinationAndEquationOfTime(time: Int64) -> (declination: Double, eot: Double) {
    let n = Double(time) / 86_400 - 10_957.5  // days since J2000.0
    let meanLongitude = 280.460 + 0.985_647_4 * n
    let meanAnomaly = (357.528 + 0.985_600_3 * n) * .pi / 180
    let eclipticLongitude =
      (meanLongitude + 1.915 * sin(meanAnomaly) + 0.020 * sin(2 * meanAnomaly)) * .pi / 180
    let obliquity = (23.439 - 0.000_000_4 * n) * .pi / 180
    let declination = asin(sin(obliquity) * sin(eclipticLongitude)) * 180 / .pi
    let rightAscension =
      atan2(cos(obliquity) * sin(eclipticLongitude), cos(eclipticLongitude)) * 180 / .pi
    var difference = (meanLongitude - rightAscension).truncatingRemainder(dividingBy: 360)
    if difference > 180 { difference -= 360 }
    if difference < -180 { difference += 360 }
    return (declination, difference * 4)
  }

  static func position(time: Int64, latitude: Double, longitude: Double) -> Position {
    let (declination, eot) = declinationAndEquationOfTime(time: time)
    let utcHours = Double(((time % 86_400) + 86_400) % 86_400) / 3600
    var solarHour = (utcHours + longitude / 15 + eot / 60).truncatingRemainder(dividingBy: 24)
    if solarHour < 0 { solarHour += 24 }
    let hourAngle = (solarHour - 12) * 15 * .pi / 180
    let phi = latitude * .pi / 180
    let delta = declination * .pi / 180
    let sinElevation = sin(phi) * sin(delta) + cos(phi) * cos(delta) * cos(hourAngle)
    let elevation = asin(max(-1, min(1, sinElevation))) * 180 / .pi
    let days = Double(time) / 86_400
    let dayOfYear = (days - 0.25).truncatingRemainder(dividingBy: 365.2425)
    return Position(elevation: elevation, solarHour: solarHour, dayOfYear: dayOfYear)
  }

  /// Sunrise and sunset (UTC epoch seconds, rounded to the minute) of the day whose solar noon
  /// falls near `noonGuess`. In polar night both are the noon guess minus 12 h (no daylight); in
  /// polar day sunrise is 12 h before and sunset 12 h after noon.
  static func sunriseSunset(noonGuess: Int64, latitude: Double, longitude: Double) -> (
    sunrise: Int64, sunset: Int64
  ) {
    let (declination, eot) = declinationAndEquationOfTime(time: noonGuess)
    let dayStart = noonGuess - ((noonGuess % 86_400) + 86_400) % 86_400
    let noon = Double(dayStart) + (12 - longitude / 15 - eot / 60) * 3600
    let phi = latitude * .pi / 180
    let delta = declination * .pi / 180
    let cosH =
      (sin(-0.833 * .pi / 180) - sin(phi) * sin(delta)) / (cos(phi) * cos(delta))
    let halfDay: Double
    if cosH >= 1 {
      halfDay = 0
    } else if cosH <= -1 {
      halfDay = 12 * 3600
    } else {
      halfDay = acos(cosH) * 180 / .pi / 15 * 3600
    }
    func minute(_ value: Double) -> Int64 { Int64((value / 60).rounded()) * 60 }
    return (minute(noon - halfDay), minute(noon + halfDay))
  }
}

/// The few meteorological formulas the fake needs.
enum Meteo {
  /// Saturation vapour pressure in kPa (Tetens).
  static func saturationPressure(_ temperature: Double) -> Double {
    0.6108 * exp(17.27 * temperature / (temperature + 237.3))
  }

  /// Dew point (°C) by the Magnus formula with Open-Meteo's constants.
  static func dewPoint(temperature: Double, humidity: Double) -> Double {
    let beta = 17.625
    let lambda = 243.04
    let gamma = log(max(humidity, 1) / 100) + beta * temperature / (lambda + temperature)
    return lambda * gamma / (beta - gamma)
  }

  /// Australian BoM apparent temperature (non-radiative), wind in km/h.
  static func apparentTemperature(temperature: Double, humidity: Double, windKmh: Double) -> Double
  {
    let e = humidity / 100 * 6.105 * exp(17.27 * temperature / (237.7 + temperature))
    return temperature + 0.33 * e - 0.70 * (windKmh / 3.6) - 4.0
  }

  /// A WMO weather code consistent with precipitation, temperature and cloud.
  static func weatherCode(
    precipitation: Double, temperature: Double, cloud: Double, humidity: Double, windKmh: Double
  ) -> Double {
    if precipitation >= 0.1 {
      if temperature < 0.5 {
        return precipitation < 1 ? 71 : precipitation < 3 ? 73 : 75
      }
      if precipitation >= 5, temperature > 18 { return 95 }
      if precipitation < 0.5 { return 51 }
      if precipitation < 1 { return 53 }
      if precipitation < 2.5 { return 61 }
      if precipitation < 7.6 { return 63 }
      return 65
    }
    if humidity >= 97, windKmh < 8 { return 45 }
    if cloud < 20 { return 0 }
    if cloud < 50 { return 1 }
    if cloud < 80 { return 2 }
    return 3
  }
}
