import Foundation
import SkycastModel
import Synthetic

/// The fake's deterministic weather: smooth functions of place, time and variable with realistic
/// ranges, plus forecast errors that grow with lead time. Everything is computed in canonical
/// units (°C, %, mm, cm, hPa, km/h, W/m², m, s); `FakeUnits` converts on output.
///
/// Structure of the model:
/// - *Truth* (what the archive returns): climate mean by latitude and elevation, a seasonal cycle,
///   a diurnal cycle damped by cloud, and synoptic "weather" from value noise (smoothly
///   interpolated hashed knots) seeded by the grid cell. A *wetness* field drives cloud,
///   humidity, precipitation and the weather code, so they agree with each other.
/// - *Forecasts* perturb the truth's temperature, wetness, wind and pressure by noise whose
///   amplitude grows with lead time and whose pattern depends on the model run (and model).
struct SyntheticWeather: Sendable {
  let latitude: Double
  let longitude: Double
  let elevation: Double
  let seed: UInt64

  init(latitude: Double, longitude: Double, elevation: Double) {
    self.latitude = latitude
    self.longitude = longitude
    self.elevation = elevation
    let la = UInt64(bitPattern: Int64((latitude * 1000).rounded()))
    let lo = UInt64(bitPattern: Int64((longitude * 1000).rounded()))
    self.seed = Noise.mix(la &* 0x9E37_79B9_7F4A_7C15 ^ Noise.mix(lo))
  }

  /// How far a series departs from the truth.
  struct Perturbation: Sendable {
    var temperature = 0.0  // °C
    var wetness = 0.0  // dimensionless, the truth's wetness is about −1…1
    var wind = 0.0  // km/h
    var pressure = 0.0  // hPa
    /// Spread of the forecast, used for precipitation probability (0 for the truth).
    var spread = 0.0
  }

  /// All variables at one instant, in canonical units.
  struct Sample: Sendable {
    var time: Int64
    var temperature = 0.0, humidity = 0.0, dewPoint = 0.0, apparent = 0.0
    var precipitation = 0.0, rain = 0.0, showers = 0.0, snowfall = 0.0, snowDepth = 0.0
    var probability = 0.0, weatherCode = 0.0
    var pressureMSL = 0.0, surfacePressure = 0.0
    var cloud = 0.0, cloudLow = 0.0, cloudMid = 0.0, cloudHigh = 0.0, visibility = 0.0
    var windSpeed = 0.0, windDirection = 0.0, windGusts = 0.0
    var isDay = 0.0, sunElevation = 0.0, uv = 0.0, uvClearSky = 0.0, sunshine = 0.0
    var shortwave = 0.0, direct = 0.0, diffuse = 0.0
    var et0 = 0.0, vpd = 0.0, freezingLevel = 0.0, cape = 0.0
    var soilTemperature = 0.0, soilMoisture = 0.0
  }

  // MARK: - Sampling

  func sample(at time: Int64, _ p: Perturbation = Perturbation()) -> Sample {
    var s = Sample(time: time)
    let t = Double(time)
    let sun = Solar.position(time: time, latitude: latitude, longitude: longitude)
    let solarHour = sun.solarHour
    let diurnal = cos(2 * .pi * (solarHour - 15) / 24)  // +1 at 15:00, −1 at 03:00 solar time

    let wetness =
      0.65 * Noise.value(seed ^ 0x11, t, period: 36 * 3600)
      + 0.45 * Noise.value(seed ^ 0x12, t, period: 7 * 3600) + p.wetness
    let cloud = clamp(52 + 62 * wetness, 0, 100).rounded()
    s.cloud = cloud
    s.cloudLow = clamp(cloud - 20 + 25 * Noise.value(seed ^ 0x13, t, period: 9 * 3600), 0, 100)
      .rounded()
    s.cloudMid = clamp(cloud - 10 + 30 * Noise.value(seed ^ 0x14, t, period: 11 * 3600), 0, 100)
      .rounded()
    s.cloudHigh = clamp(cloud - 30 + 40 * Noise.value(seed ^ 0x15, t, period: 13 * 3600), 0, 100)
      .rounded()

    // Temperature.
    let absLatitude = abs(latitude)
    let climateMean = 27 - 0.0062 * absLatitude * absLatitude - 0.0065 * elevation
    let seasonalAmplitude = 0.2 * absLatitude
    let dayOfYear = sun.dayOfYear
    let hemisphere: Double = latitude >= 0 ? 1 : -1
    let seasonal = -seasonalAmplitude * cos(2 * .pi * (dayOfYear - 15) / 365.25) * hemisphere
    let synoptic =
      4 * Noise.value(seed ^ 0x21, t, period: 2 * 86_400)
      + 1.5 * Noise.value(seed ^ 0x22, t, period: 17 * 3600)
    let diurnalAmplitude = 5 * (1 - 0.6 * cloud / 100)
    s.temperature = climateMean + seasonal + synoptic + diurnalAmplitude * diurnal + p.temperature

    // Moisture.
    s.humidity = clamp(
      70 + 18 * wetness - 15 * diurnal * (1 - 0.5 * cloud / 100)
        + 5 * Noise.value(seed ^ 0x31, t, period: 5 * 3600), 30, 100
    ).rounded()
    s.dewPoint = Meteo.dewPoint(temperature: s.temperature, humidity: s.humidity)
    s.vpd = Meteo.saturationPressure(s.temperature) * (1 - s.humidity / 100)

    // Precipitation: zero most hours, showers where the wetness peaks; multiples of 0.1 mm.
    let excess = wetness - 0.45
    let amount = excess > 0 ? (excess * 4 * 10).rounded() / 10 : 0
    s.precipitation = amount
    if s.temperature < 0.5 {
      s.snowfall = (amount * 0.7 * 100).rounded() / 100
    } else if excess > 0.5 {
      s.showers = amount
    } else {
      s.rain = amount
    }
    s.snowDepth = s.temperature < 0 ? (min(0.5, -s.temperature * 0.02) * 100).rounded() / 100 : 0
    if p.spread > 0 {
      let logistic = 1 / (1 + exp(-(wetness - 0.45) / (0.08 + p.spread)))
      s.probability = clamp(100 * logistic, 0, 100).rounded()
    } else {
      s.probability = amount > 0 ? 100 : 0
    }

    // Pressure and wind.
    s.pressureMSL =
      1013 + 12 * Noise.value(seed ^ 0x41, t, period: 3 * 86_400) - 6 * wetness + p.pressure
    s.surfacePressure = s.pressureMSL * exp(-elevation / 8434)
    s.windSpeed = max(
      0.5,
      12 + 9 * Noise.value(seed ^ 0x51, t, period: 86_400) + 4 * wetness + 2 * diurnal + p.wind)
    s.windGusts = s.windSpeed * 1.6 + 3
    let direction = 250 + 150 * Noise.value(seed ^ 0x52, t, period: 2 * 86_400)
    s.windDirection = (direction.truncatingRemainder(dividingBy: 360) + 360)
      .truncatingRemainder(dividingBy: 360).rounded()
    s.apparent = Meteo.apparentTemperature(
      temperature: s.temperature, humidity: s.humidity, windKmh: s.windSpeed)

    // Sun.
    s.sunElevation = sun.elevation
    let sinElevation = max(0, sin(sun.elevation * .pi / 180))
    s.isDay = sun.elevation > 0 ? 1 : 0
    s.uvClearSky = 10 * sinElevation * sinElevation
    s.uv = s.uvClearSky * (1 - 0.55 * cloud / 100)
    s.shortwave = 1000 * sinElevation * (1 - 0.7 * pow(cloud / 100, 1.5))
    s.direct = s.shortwave * (1 - cloud / 100) * 0.8
    s.diffuse = s.shortwave - s.direct
    s.sunshine = s.isDay == 1 && cloud < 60 ? 3600 * (1 - cloud / 60) : 0
    s.et0 = s.shortwave * 0.0004 + s.vpd * 0.02 * (s.isDay == 1 ? 1 : 0.2)

    // Everything else.
    s.visibility = max(
      100, 24_140 * (1 - 0.6 * max(0, (s.humidity - 85) / 15)) - amount * 2000)
    s.freezingLevel = max(0, elevation + s.temperature / 6.5 * 1000)
    s.cape = max(0, (s.temperature - 15) * 40 * (wetness + 0.5))
    s.soilTemperature = s.temperature + 3 * sinElevation
    s.soilMoisture = 0.2 + 0.1 * (clamp(wetness, -1, 1) + 1) / 2
    s.weatherCode = Meteo.weatherCode(
      precipitation: amount, temperature: s.temperature, cloud: cloud, humidity: s.humidity,
      windKmh: s.windSpeed)
    return s
  }

  // MARK: - Perturbations for forecast series

  /// A forecast issued at `run` (epoch seconds) by `model`, valid at `time`.
  func forecastPerturbation(run: Int64, model: String, at time: Int64) -> Perturbation {
    let leadDays = max(0, Double(time - run) / 86_400)
    let pattern = seed ^ Noise.mix(UInt64(bitPattern: run)) ^ Noise.hash(model)
    var p = modelBias(model)
    p.temperature +=
      (0.4 + 0.15 * leadDays) * Noise.value(pattern ^ 1, Double(time), period: 10 * 3600)
    p.wetness += (0.05 + 0.04 * leadDays) * Noise.value(pattern ^ 2, Double(time), period: 8 * 3600)
    p.wind += (1 + 0.35 * leadDays) * Noise.value(pattern ^ 3, Double(time), period: 12 * 3600)
    p.pressure += (0.5 + 0.6 * leadDays) * Noise.value(pattern ^ 4, Double(time), period: 20 * 3600)
    p.spread = 0.02 + 0.02 * leadDays
    return p
  }

  /// The Previous Runs series: day 0 (the latest run) and the runs `days` earlier, which add an
  /// error that grows with `days`.
  func previousRunPerturbation(days: Int, model: String, at time: Int64) -> Perturbation {
    let t = Double(time)
    let base = seed ^ Noise.hash(model) ^ 0xD0
    var p = modelBias(model)
    p.temperature += 0.3 * Noise.value(base ^ 1, t, period: 10 * 3600)
    p.wetness += 0.04 * Noise.value(base ^ 2, t, period: 8 * 3600)
    p.wind += 0.8 * Noise.value(base ^ 3, t, period: 12 * 3600)
    p.pressure += 0.4 * Noise.value(base ^ 4, t, period: 20 * 3600)
    p.spread = 0.02
    guard days > 0 else { return p }
    let n = Double(days)
    let extra = base ^ Noise.mix(UInt64(days) &* 0x51)
    p.temperature += 0.6 * n * Noise.value(extra ^ 1, t, period: 10 * 3600)
    p.wetness += 0.05 * n * Noise.value(extra ^ 2, t, period: 8 * 3600)
    p.wind += 0.4 * n * Noise.value(extra ^ 3, t, period: 12 * 3600)
    p.pressure += 0.7 * n * Noise.value(extra ^ 4, t, period: 20 * 3600)
    p.spread += 0.02 * n
    return p
  }

  /// A fixed per-model bias; `best_match` and `era5` have none (they are the reference).
  func modelBias(_ model: String) -> Perturbation {
    guard model != "best_match", model != "era5" else { return Perturbation() }
    let h = Noise.hash(model)
    func unit(_ shift: UInt64) -> Double { Double((h >> shift) & 0xFFFF) / 65_535 * 2 - 1 }
    return Perturbation(
      temperature: 0.8 * unit(0), wetness: 0.05 * unit(16), wind: 1.5 * unit(32),
      pressure: 0.8 * unit(48))
  }
}

@inline(__always)
func clamp(_ value: Double, _ low: Double, _ high: Double) -> Double {
  min(high, max(low, value))
}

/// Hash-based smooth noise.
enum Noise {
  /// SplitMix64's finaliser as a 64-bit mixing function.
  static func mix(_ value: UInt64) -> UInt64 {
    var generator = SplitMix64(seed: value)
    return generator.next()
  }

  /// FNV-1a of a string, mixed.
  static func hash(_ text: String) -> UInt64 {
    var h: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in text.utf8 {
      h = (h ^ UInt64(byte)) &* 0x100_0000_01b3
    }
    return mix(h)
  }

  /// A value in [−1, 1] at knot `k` of the stream `seed`.
  static func knot(_ seed: UInt64, _ k: Int64) -> Double {
    let bits = mix(seed ^ (UInt64(bitPattern: k) &* 0xD6E8_FEB8_6659_FD93))
    return Double(bits >> 11) * 0x1.0p-53 * 2 - 1
  }

  /// Value noise: knots every `period` seconds, joined by smoothstep interpolation.
  static func value(_ seed: UInt64, _ t: Double, period: Double) -> Double {
    let x = t / period
    let k = x.rounded(.down)
    let f = x - k
    let w = f * f * (3 - 2 * f)
    let a = knot(seed, Int64(k))
    let b = knot(seed, Int64(k) + 1)
    return a + (b - a) * w
  }
}
