/// A named feels-like definition, as `--method` selects it. Every output that shows a
/// feels-like value names its method (methods are never mixed silently: their values differ by several degrees).
public enum FeelsLikeMethod: String, CaseIterable, Sendable {
  /// ``FeelsLike/bom(temperature:relativeHumidity:windSpeed:)``.
  case bom
  /// ``FeelsLike/nws(temperature:relativeHumidity:windSpeed:)``.
  case nws

  /// The SQL function computing it (registered by ``AnalysisSQLFunctions``), taking
  /// `(temperature_2m, relative_humidity_2m, wind_speed_10m)`.
  public var sqlFunction: String {
    switch self {
    case .bom: "feels_like_bom"
    case .nws: "feels_like_nws"
    }
  }

  /// One line naming the definition, for output headers.
  public var definition: String {
    switch self {
    case .bom:
      "bom = Australian BoM apparent temperature (Steadman 1994, non-radiative): "
        + "T + 0.33*e - 0.70*ws - 4.00"
    case .nws:
      "nws = NWS wind chill where defined (T <= 10 C, wind > 4.8 km/h), else heat index "
        + "(T >= 80 F), else T (as MetPy apparent_temperature)"
    }
  }
}
