/// Physically plausible values, in canonical units: a gross-error check for values from outside
/// (import files, API replies). A value outside its variable's range is a broken sensor, a
/// unit mix-up or a hostile file, never weather.
extension WeatherVariable {
  /// The closed range a value of this variable must lie in, in its canonical unit.
  ///
  /// Where the WMO gives gross-error limits for surface observations they are used as they are;
  /// elsewhere the bound is the world record with a margin, so no real value is ever refused.
  public var plausibleRange: ClosedRange<Double> {
    switch self {
    // WMO-No. 488 (Guide on the GOS) App. VI.2 / WMO-No. 8 plausible-value check: air −80…+60 °C;
    // a dew point never exceeds the air temperature, so it shares the air's limits.
    case .temperature2m, .dewPoint2m, .temperature2mMax, .temperature2mMin: -80...60
    // The air limits widened by the largest wind-chill (−25 °C) and humidity (+30 °C) terms of
    // the BoM apparent-temperature formula.
    case .apparentTemperature, .apparentTemperatureMax, .apparentTemperatureMin: -110...90
    // WMO-No. 488 App. VI.2: relative humidity 0–100 %; cloud cover and probabilities likewise.
    case .relativeHumidity2m, .cloudCover, .precipitationProbability,
      .precipitationProbabilityMax:
      0...100
    // WMO Weather and Climate Extremes Archive: 305 mm in 42 min (Holt, Missouri, 1947).
    case .precipitation, .rain, .showers: 0...400
    // WMO Weather and Climate Extremes Archive: 1,825 mm in 24 h (Foc-Foc, Réunion, 1966).
    case .precipitationSum, .rainSum: 0...2000
    // NOAA NCEI record 24-hour snowfall 192.5 cm (Silver Lake, Colorado, 1921), with margin.
    case .snowfall, .snowfallSum: 0...300
    // WMO code table 4677 (present weather): codes 0–99.
    case .weatherCode, .weatherCodeDaily: 0...99
    // WMO extremes: 870 hPa (Typhoon Tip, 1979) to 1,083.8 hPa (Agata, Siberia, 1968), with margin.
    case .pressureMSL: 850...1100
    // WMO-No. 488 App. VI.2: mean wind 0–75 m/s (270 km/h).
    case .windSpeed10m, .windSpeed10mMax: 0...270
    // WMO-No. 488 App. VI.2: gusts 0–150 m/s (540 km/h).
    case .windGusts10m, .windGusts10mMax: 0...540
    // WMO-No. 488 App. VI.2: wind direction 0–360°.
    case .windDirection10m, .windDirection10mDominant: 0...360
    // Highest UV index measured: 43.3 (Licancabur, Bolivia, 2003; Cabrol et al. 2014).
    case .uvIndex, .uvIndexMax: 0...50
    // A flag.
    case .isDay: 0...1
    // A local day lasts at most 25 hours (the day clocks go back).
    case .sunshineDuration: 0...90_000
    case .precipitationHours: 0...25
    // Times, epoch seconds: the span `PlausibleTime` accepts.
    case .sunrise, .sunset:
      Double(PlausibleTime.instants.lowerBound)...Double(PlausibleTime.instants.upperBound)
    }
  }

  /// True when `value` is finite and inside `plausibleRange`.
  ///
  /// ```swift
  /// WeatherVariable.temperature2m.isPlausible(21.5)   // true
  /// WeatherVariable.temperature2m.isPlausible(9999)   // false
  /// ```
  public func isPlausible(_ value: Double) -> Bool {
    value.isFinite && plausibleRange.contains(value)
  }

  /// `-80…60 °C`, for messages.
  public var plausibleRangeText: String {
    func bound(_ value: Double) -> String {
      value == value.rounded() && abs(value) < 1e15
        ? String(Int64(value)) : NumberText.shortest(value)
    }
    let range = plausibleRange
    let text = bound(range.lowerBound) + "…" + bound(range.upperBound)
    let unit = quantity == .weatherCode || quantity == .instant ? "" : unit
    return unit.isEmpty ? text : text + " " + unit
  }
}
