import Foundation

/// Feels-like (apparent) temperatures.
///
/// Inputs are the canonical units Skycast stores: air temperature in °C, relative humidity in %,
/// and wind speed in km/h at 10 m. Outputs are °C. Each method is a different definition: callers
/// name the method next to every value they show and never mix them.
///
/// ```swift
/// FeelsLike.windChill(temperature: -10, windSpeed: 30)  // ≈ −19.5
/// FeelsLike.heatIndex(temperature: 30, relativeHumidity: 90)  // ≈ 40.77
/// ```
public enum FeelsLike {
  /// 3 mph in km/h: wind chill is undefined at or below this speed.
  public static let windChillMinimumSpeed = 4.828032
  /// 50 °F: wind chill is undefined above this temperature (°C).
  public static let windChillMaximumTemperature = 10.0
  /// 80 °F: the heat index is undefined below this temperature (compared in °F).
  public static let heatIndexMinimumFahrenheit = 80.0

  // MARK: - Australian Bureau of Meteorology

  /// Apparent temperature, non-radiative (BoM / Steadman 1994, "Thermal comfort" AT formula).
  ///
  /// AT = T + 0.33·e − 0.70·ws − 4.00, with the water vapour pressure
  /// e = (RH/100)·6.105·exp(17.27·T/(237.7+T)) hPa and ws the wind speed in m/s.
  ///
  /// - Parameters:
  ///   - temperature: air temperature, °C.
  ///   - relativeHumidity: relative humidity, %.
  ///   - windSpeed: wind speed at 10 m, km/h (converted to m/s here).
  /// - Returns: the apparent temperature in °C (not finite when an input is not finite).
  public static func bom(temperature: Double, relativeHumidity: Double, windSpeed: Double) -> Double
  {
    let vapourPressure =
      relativeHumidity / 100 * 6.105 * exp(17.27 * temperature / (237.7 + temperature))
    let windMetresPerSecond = windSpeed / 3.6
    return temperature + 0.33 * vapourPressure - 0.70 * windMetresPerSecond - 4.00
  }

  // MARK: - NWS (as implemented by MetPy)

  /// Heat index (NWS, Rothfusz 1990 with the NWS adjustments, as in MetPy `heat_index`).
  ///
  /// Computed in °F. The simple formula S = 0.5·(T + 61 + (T−68)·1.2 + 0.094·RH) is used when
  /// S < 79 °F, otherwise the Rothfusz regression. Then, whichever branch was used, the
  /// low-humidity adjustment ((13−RH)/4)·√((17−|T−95|)/17) is subtracted when RH ≤ 13 % and
  /// 80 ≤ T ≤ 112 °F, and the high-humidity adjustment ((RH−85)/10)·((87−T)/5) is added when
  /// RH > 85 % and 80 ≤ T ≤ 87 °F.
  ///
  /// - Parameters:
  ///   - temperature: air temperature, °C.
  ///   - relativeHumidity: relative humidity, %.
  /// - Returns: the heat index in °C, or nil when the temperature is below 80 °F (compared after
  ///   converting to °F, so 26.666… °C is defined) or an input is not finite.
  public static func heatIndex(temperature: Double, relativeHumidity: Double) -> Double? {
    guard temperature.isFinite, relativeHumidity.isFinite else { return nil }
    let t = fahrenheit(fromCelsius: temperature)
    guard t >= heatIndexMinimumFahrenheit else { return nil }
    let rh = relativeHumidity
    let simple = 0.5 * (t + 61 + (t - 68) * 1.2 + rh * 0.094)
    var index: Double
    if simple < 79 {
      index = simple
    } else {
      index =
        -42.379 + 2.04901523 * t + 10.14333127 * rh - 0.22475541 * t * rh
        - 6.83783e-3 * t * t - 5.481717e-2 * rh * rh + 1.22874e-3 * t * t * rh
        + 8.5282e-4 * t * rh * rh - 1.99e-6 * t * t * rh * rh
    }
    if rh <= 13, t >= 80, t <= 112 {
      index -= (13 - rh) / 4 * ((17 - abs(t - 95)) / 17).squareRoot()
    }
    if rh > 85, t >= 80, t <= 87 {
      index += (rh - 85) / 10 * ((87 - t) / 5)
    }
    return celsius(fromFahrenheit: index)
  }

  /// Wind chill temperature (NWS / Environment Canada 2001 JAG/TI formula, as in MetPy `windchill`).
  ///
  /// WCT = 13.12 + 0.6215·T − 11.37·V^0.16 + 0.3965·T·V^0.16, with V in km/h at 10 m.
  ///
  /// - Parameters:
  ///   - temperature: air temperature, °C.
  ///   - windSpeed: wind speed at 10 m, km/h.
  /// - Returns: the wind chill in °C, or nil when T > 10 °C (50 °F), V ≤ 4.828032 km/h (3 mph),
  ///   or an input is not finite.
  public static func windChill(temperature: Double, windSpeed: Double) -> Double? {
    guard temperature.isFinite, windSpeed.isFinite,
      temperature <= windChillMaximumTemperature, windSpeed > windChillMinimumSpeed
    else { return nil }
    let speedFactor = pow(windSpeed, 0.16)
    return 13.12 + 0.6215 * temperature - 11.37 * speedFactor + 0.3965 * temperature * speedFactor
  }

  /// NWS apparent temperature (as MetPy `apparent_temperature`): wind chill where defined, else
  /// heat index where defined, else the air temperature.
  ///
  /// - Parameters:
  ///   - temperature: air temperature, °C.
  ///   - relativeHumidity: relative humidity, %.
  ///   - windSpeed: wind speed at 10 m, km/h.
  /// - Returns: the apparent temperature in °C.
  public static func nws(temperature: Double, relativeHumidity: Double, windSpeed: Double)
    -> Double
  {
    windChill(temperature: temperature, windSpeed: windSpeed)
      ?? heatIndex(temperature: temperature, relativeHumidity: relativeHumidity)
      ?? temperature
  }

  // MARK: - Units

  /// °C → °F (exact: 26.666666666666668 °C gives 80.0 °F).
  package static func fahrenheit(fromCelsius celsius: Double) -> Double { celsius * 1.8 + 32 }

  /// °F → °C.
  package static func celsius(fromFahrenheit fahrenheit: Double) -> Double {
    (fahrenheit - 32) / 1.8
  }
}
