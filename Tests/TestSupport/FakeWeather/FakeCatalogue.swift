import Foundation
import SkycastModel
import Synthetic

/// The physical quantity of a variable, which decides its unit label, output precision and
/// conversion under the request's unit parameters.
enum Quantity: Sendable {
  case temperature, percent, precipitation, snowfall, snowDepth, pressure, visibility
  case windSpeed, direction, wmoCode, flag, uv, duration, radiation, energy, height, cape
  case hours, vpd, soilMoisture, time
}

/// The unit parameters of a request (`temperature_unit`, `wind_speed_unit`, `precipitation_unit`,
/// `timeformat`).
struct UnitSettings: Sendable {
  var fahrenheit = false
  var wind = "kmh"
  var inch = false
  var unixtime = false

  /// The unit label Open-Meteo declares in `*_units`.
  func label(_ quantity: Quantity) -> String {
    switch quantity {
    case .temperature: fahrenheit ? "°F" : "°C"
    case .percent: "%"
    case .precipitation: inch ? "inch" : "mm"
    case .snowfall: inch ? "inch" : "cm"
    case .snowDepth: inch ? "ft" : "m"
    case .pressure: "hPa"
    case .visibility, .height: "m"
    case .windSpeed:
      switch wind {
      case "ms": "m/s"
      case "mph": "mp/h"
      case "kn": "kn"
      default: "km/h"
      }
    case .direction: "°"
    case .wmoCode: "wmo code"
    case .flag, .uv: ""
    case .duration: "s"
    case .radiation: "W/m²"
    case .energy: "MJ/m²"
    case .cape: "J/kg"
    case .hours: "h"
    case .vpd: "kPa"
    case .soilMoisture: "m³/m³"
    case .time: unixtime ? "unixtime" : "iso8601"
    }
  }

  /// Decimal places written for a quantity in the declared unit.
  func decimals(_ quantity: Quantity) -> Int {
    switch quantity {
    case .temperature, .pressure, .visibility, .radiation, .height, .cape, .hours: 1
    case .percent, .direction, .wmoCode, .flag, .time: 0
    case .precipitation, .snowfall: inch ? 3 : 2
    case .snowDepth, .uv, .duration, .energy, .vpd: 2
    case .windSpeed: wind == "ms" ? 2 : 1
    case .soilMoisture: 3
    }
  }

  /// Converts a canonical value into the declared unit, with Open-Meteo's factors.
  func convert(_ value: Double, _ quantity: Quantity) -> Double {
    switch quantity {
    case .temperature where fahrenheit: value * 9 / 5 + 32
    case .precipitation where inch: value / 25.4
    case .snowfall where inch: value / 2.54
    case .snowDepth where inch: value / 0.3048
    case .windSpeed:
      switch wind {
      case "ms": value / 3.6
      case "mph": value / 1.609344
      case "kn": value / 1.852
      default: value
      }
    default: value
    }
  }
}

/// The variables the fake knows, with how to read each from a sample or a day of samples.
enum FakeCatalogue {
  typealias Sample = SyntheticWeather.Sample

  struct Hourly: Sendable {
    let quantity: Quantity
    let value: @Sendable (Sample) -> Double
  }

  /// One local day for daily aggregates: its 24 hourly samples and its sun times.
  struct Day: Sendable {
    let samples: [Sample]
    let sunrise: Int64
    let sunset: Int64
  }

  struct Daily: Sendable {
    let quantity: Quantity
    let value: @Sendable (Day) -> Double
  }

  static let hourly: [String: Hourly] = [
    "temperature_2m": Hourly(quantity: .temperature) { $0.temperature },
    "relative_humidity_2m": Hourly(quantity: .percent) { $0.humidity },
    "dew_point_2m": Hourly(quantity: .temperature) { $0.dewPoint },
    "apparent_temperature": Hourly(quantity: .temperature) { $0.apparent },
    "precipitation_probability": Hourly(quantity: .percent) { $0.probability },
    "precipitation": Hourly(quantity: .precipitation) { $0.precipitation },
    "rain": Hourly(quantity: .precipitation) { $0.rain },
    "showers": Hourly(quantity: .precipitation) { $0.showers },
    "snowfall": Hourly(quantity: .snowfall) { $0.snowfall },
    "snow_depth": Hourly(quantity: .snowDepth) { $0.snowDepth },
    "weather_code": Hourly(quantity: .wmoCode) { $0.weatherCode },
    "pressure_msl": Hourly(quantity: .pressure) { $0.pressureMSL },
    "surface_pressure": Hourly(quantity: .pressure) { $0.surfacePressure },
    "cloud_cover": Hourly(quantity: .percent) { $0.cloud },
    "cloud_cover_low": Hourly(quantity: .percent) { $0.cloudLow },
    "cloud_cover_mid": Hourly(quantity: .percent) { $0.cloudMid },
    "cloud_cover_high": Hourly(quantity: .percent) { $0.cloudHigh },
    "visibility": Hourly(quantity: .visibility) { $0.visibility },
    "evapotranspiration": Hourly(quantity: .precipitation) { $0.et0 * 0.8 },
    "et0_fao_evapotranspiration": Hourly(quantity: .precipitation) { $0.et0 },
    "vapour_pressure_deficit": Hourly(quantity: .vpd) { $0.vpd },
    "wind_speed_10m": Hourly(quantity: .windSpeed) { $0.windSpeed },
    "wind_direction_10m": Hourly(quantity: .direction) { $0.windDirection },
    "wind_gusts_10m": Hourly(quantity: .windSpeed) { $0.windGusts },
    "uv_index": Hourly(quantity: .uv) { $0.uv },
    "uv_index_clear_sky": Hourly(quantity: .uv) { $0.uvClearSky },
    "is_day": Hourly(quantity: .flag) { $0.isDay },
    "sunshine_duration": Hourly(quantity: .duration) { $0.sunshine },
    "shortwave_radiation": Hourly(quantity: .radiation) { $0.shortwave },
    "direct_radiation": Hourly(quantity: .radiation) { $0.direct },
    "diffuse_radiation": Hourly(quantity: .radiation) { $0.diffuse },
    "freezing_level_height": Hourly(quantity: .height) { $0.freezingLevel },
    "cape": Hourly(quantity: .cape) { $0.cape },
    "soil_temperature_0cm": Hourly(quantity: .temperature) { $0.soilTemperature },
    "soil_moisture_0_to_1cm": Hourly(quantity: .soilMoisture) { $0.soilMoisture },
  ]

  static let daily: [String: Daily] = {
    func maximum(_ key: KeyPath<Sample, Double> & Sendable) -> @Sendable (Day) -> Double {
      { day in day.samples.map { $0[keyPath: key] }.max() ?? 0 }
    }
    func minimum(_ key: KeyPath<Sample, Double> & Sendable) -> @Sendable (Day) -> Double {
      { day in day.samples.map { $0[keyPath: key] }.min() ?? 0 }
    }
    func mean(_ key: KeyPath<Sample, Double> & Sendable) -> @Sendable (Day) -> Double {
      { day in day.samples.map { $0[keyPath: key] }.reduce(0, +) / Double(max(1, day.samples.count))
      }
    }
    func sum(_ key: KeyPath<Sample, Double> & Sendable) -> @Sendable (Day) -> Double {
      { day in day.samples.map { $0[keyPath: key] }.reduce(0, +) }
    }
    var table: [String: Daily] = [
      "weather_code": Daily(quantity: .wmoCode, value: maximum(\.weatherCode)),
      "sunrise": Daily(quantity: .time) { Double($0.sunrise) },
      "sunset": Daily(quantity: .time) { Double($0.sunset) },
      "daylight_duration": Daily(quantity: .duration) { Double($0.sunset - $0.sunrise) },
      "sunshine_duration": Daily(quantity: .duration, value: sum(\.sunshine)),
      "uv_index_max": Daily(quantity: .uv, value: maximum(\.uv)),
      "uv_index_clear_sky_max": Daily(quantity: .uv, value: maximum(\.uvClearSky)),
      "precipitation_sum": Daily(quantity: .precipitation, value: sum(\.precipitation)),
      "rain_sum": Daily(quantity: .precipitation, value: sum(\.rain)),
      "showers_sum": Daily(quantity: .precipitation, value: sum(\.showers)),
      "snowfall_sum": Daily(quantity: .snowfall, value: sum(\.snowfall)),
      "precipitation_hours": Daily(quantity: .hours) { day in
        Double(day.samples.filter { $0.precipitation >= 0.1 }.count)
      },
      "wind_direction_10m_dominant": Daily(quantity: .direction) { day in
        var u = 0.0
        var v = 0.0
        for s in day.samples {
          u += s.windSpeed * sin(s.windDirection * .pi / 180)
          v += s.windSpeed * cos(s.windDirection * .pi / 180)
        }
        let degrees = atan2(u, v) * 180 / .pi
        return (degrees < 0 ? degrees + 360 : degrees).rounded()
      },
      "shortwave_radiation_sum": Daily(quantity: .energy) { day in
        day.samples.map(\.shortwave).reduce(0, +) * 3600 / 1_000_000
      },
      "et0_fao_evapotranspiration": Daily(quantity: .precipitation, value: sum(\.et0)),
    ]
    let statistics: [(String, Quantity, KeyPath<Sample, Double> & Sendable)] = [
      ("temperature_2m", .temperature, \.temperature),
      ("apparent_temperature", .temperature, \.apparent),
      ("relative_humidity_2m", .percent, \.humidity),
      ("dew_point_2m", .temperature, \.dewPoint),
      ("precipitation_probability", .percent, \.probability),
      ("pressure_msl", .pressure, \.pressureMSL),
      ("surface_pressure", .pressure, \.surfacePressure),
      ("cloud_cover", .percent, \.cloud),
      ("wind_speed_10m", .windSpeed, \.windSpeed),
      ("wind_gusts_10m", .windSpeed, \.windGusts),
      ("visibility", .visibility, \.visibility),
    ]
    for (name, quantity, key) in statistics {
      table[name + "_max"] = Daily(quantity: quantity, value: maximum(key))
      table[name + "_min"] = Daily(quantity: quantity, value: minimum(key))
      table[name + "_mean"] = Daily(quantity: quantity, value: mean(key))
    }
    return table
  }()

  /// Variables the archive (ERA5) does not have; asking for them is a 400 there.
  static let notInArchive: Set<String> = [
    "precipitation_probability", "uv_index", "uv_index_clear_sky", "visibility",
    "freezing_level_height", "precipitation_probability_max", "precipitation_probability_min",
    "precipitation_probability_mean", "uv_index_max", "uv_index_clear_sky_max", "visibility_max",
    "visibility_min", "visibility_mean",
  ]

  /// Weather models the fake accepts in `models=`; any other name is a 400, as upstream.
  static let models: Set<String> = [
    "best_match", "ecmwf_ifs025", "ecmwf_ifs04", "ecmwf_aifs025", "ecmwf_aifs025_single",
    "gfs_seamless", "gfs_global", "gfs_hrrr", "gfs_graphcast025", "icon_seamless", "icon_global",
    "icon_eu", "icon_d2", "gem_seamless", "gem_global", "meteofrance_seamless",
    "meteofrance_arpege_world", "jma_seamless", "ukmo_seamless", "ukmo_global_deterministic_10km",
    "metno_seamless", "metno_nordic", "knmi_seamless", "dmi_seamless", "cma_grapes_global",
    "bom_access_global", "kma_seamless", "era5", "era5_land", "era5_seamless", "era5_ensemble",
    "ecmwf_ifs", "ecmwf_ifs_analysis_long_window", "cerra",
  ]
}
