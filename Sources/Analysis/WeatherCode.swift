/// WMO weather interpretation codes (WMO 306 code table 4677) as Open-Meteo reports them in
/// `weather_code`.
///
/// Open-Meteo uses 28 of the table's 100 codes; any other code is unknown here (label nil,
/// symbols `"?"`).
public enum WeatherCode {
  /// The codes Open-Meteo documents, in ascending order.
  public static let knownCodes: [Int] = [
    0, 1, 2, 3, 45, 48, 51, 53, 55, 56, 57, 61, 63, 65, 66, 67, 71, 73, 75, 77, 80, 81, 82, 85,
    86, 95, 96, 99,
  ]

  /// The English label of a WMO 4677 code (Open-Meteo "WMO Weather interpretation codes" table).
  ///
  /// - Parameter code: the `weather_code` value.
  /// - Returns: for example "Clear sky", "Depositing rime fog", "Light drizzle"; nil when unknown.
  public static func label(_ code: Int) -> String? {
    switch code {
    case 0: "Clear sky"
    case 1: "Mainly clear"
    case 2: "Partly cloudy"
    case 3: "Overcast"
    case 45: "Fog"
    case 48: "Depositing rime fog"
    case 51: "Light drizzle"
    case 53: "Moderate drizzle"
    case 55: "Dense drizzle"
    case 56: "Light freezing drizzle"
    case 57: "Dense freezing drizzle"
    case 61: "Slight rain"
    case 63: "Moderate rain"
    case 65: "Heavy rain"
    case 66: "Light freezing rain"
    case 67: "Heavy freezing rain"
    case 71: "Slight snow fall"
    case 73: "Moderate snow fall"
    case 75: "Heavy snow fall"
    case 77: "Snow grains"
    case 80: "Slight rain showers"
    case 81: "Moderate rain showers"
    case 82: "Violent rain showers"
    case 85: "Slight snow showers"
    case 86: "Heavy snow showers"
    case 95: "Thunderstorm"
    case 96: "Thunderstorm with slight hail"
    case 99: "Thunderstorm with heavy hail"
    default: nil
    }
  }

  /// One BMP symbol for a WMO 4677 condition group, with day and night variants for clear,
  /// mainly clear and partly cloudy.
  ///
  /// No emoji variation selector (U+FE0F) is ever appended, and no East-Asian-ambiguous character
  /// is used, so `wcwidth` and terminals agree: every symbol is one column except ⛅ (U+26C5) and
  /// ☔ (U+2614), which are East-Asian-wide and two columns everywhere.
  ///
  /// | codes | day | night |
  /// |---|---|---|
  /// | 0 clear | ☀ | ☾ |
  /// | 1 mainly clear | ☼ | ☽ |
  /// | 2 partly cloudy | ⛅ | ☁ |
  /// | 3 overcast | ☁ | ☁ |
  /// | 45, 48 fog | ☰ | ☰ |
  /// | 51–55 drizzle | ☂ | ☂ |
  /// | 56, 57, 66, 67 freezing drizzle and rain | ❆ | ❆ |
  /// | 61–65, 80–82 rain and rain showers | ☔ | ☔ |
  /// | 71–77, 85, 86 snow, snow grains and snow showers | ❄ | ❄ |
  /// | 95–99 thunderstorm (with or without hail) | ☈ | ☈ |
  ///
  /// - Parameters:
  ///   - code: the `weather_code` value.
  ///   - isDay: Open-Meteo's `is_day`.
  /// - Returns: the symbol, or `"?"` for an unknown code.
  public static func symbol(_ code: Int, isDay: Bool) -> String {
    switch code {
    case 0: isDay ? "\u{2600}" : "\u{263E}"
    case 1: isDay ? "\u{263C}" : "\u{263D}"
    case 2: isDay ? "\u{26C5}" : "\u{2601}"
    case 3: "\u{2601}"
    case 45, 48: "\u{2630}"
    case 51, 53, 55: "\u{2602}"
    case 56, 57, 66, 67: "\u{2746}"
    case 61, 63, 65, 80, 81, 82: "\u{2614}"
    case 71, 73, 75, 77, 85, 86: "\u{2744}"
    case 95, 96, 99: "\u{2608}"
    default: "?"
    }
  }

  /// A short ASCII fallback: the METAR present-weather and sky-cover abbreviation (WMO 306 FM 15).
  ///
  /// Intensity is the METAR prefix (`-` light, none moderate, `+` heavy): `CLR`, `FEW`, `SCT`,
  /// `OVC`, `FG`, `FZFG`, `-DZ`, `+FZRA`, `SHSN`, `TSGR`…. METAR has no day/night distinction,
  /// except that a clear or mainly clear night reads `NCLR` / `NFEW` here so a night strip is
  /// still recognisable.
  ///
  /// - Parameters:
  ///   - code: the `weather_code` value.
  ///   - isDay: Open-Meteo's `is_day`.
  /// - Returns: at most 5 ASCII characters, or `"?"` for an unknown code.
  public static func asciiSymbol(_ code: Int, isDay: Bool) -> String {
    switch code {
    case 0: isDay ? "CLR" : "NCLR"
    case 1: isDay ? "FEW" : "NFEW"
    case 2: isDay ? "SCT" : "NSCT"
    case 3: "OVC"
    case 45: "FG"
    case 48: "FZFG"
    case 51: "-DZ"
    case 53: "DZ"
    case 55: "+DZ"
    case 56: "-FZDZ"
    case 57: "+FZDZ"
    case 61: "-RA"
    case 63: "RA"
    case 65: "+RA"
    case 66: "-FZRA"
    case 67: "+FZRA"
    case 71: "-SN"
    case 73: "SN"
    case 75: "+SN"
    case 77: "SG"
    case 80: "-SHRA"
    case 81: "SHRA"
    case 82: "+SHRA"
    case 85: "-SHSN"
    case 86: "+SHSN"
    case 95: "TS"
    case 96: "TSGS"
    case 99: "TSGR"
    default: "?"
    }
  }
}
