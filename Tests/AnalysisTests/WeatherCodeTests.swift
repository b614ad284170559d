import Testing

@testable import Analysis

@Suite struct WeatherCodeTests {
  /// The codes and labels of Open-Meteo's "WMO Weather interpretation codes" table.
  static let labels: [(Int, String)] = [
    (0, "Clear sky"), (1, "Mainly clear"), (2, "Partly cloudy"), (3, "Overcast"), (45, "Fog"),
    (48, "Depositing rime fog"), (51, "Light drizzle"), (53, "Moderate drizzle"),
    (55, "Dense drizzle"), (56, "Light freezing drizzle"), (57, "Dense freezing drizzle"),
    (61, "Slight rain"), (63, "Moderate rain"), (65, "Heavy rain"), (66, "Light freezing rain"),
    (67, "Heavy freezing rain"), (71, "Slight snow fall"), (73, "Moderate snow fall"),
    (75, "Heavy snow fall"), (77, "Snow grains"), (80, "Slight rain showers"),
    (81, "Moderate rain showers"), (82, "Violent rain showers"), (85, "Slight snow showers"),
    (86, "Heavy snow showers"), (95, "Thunderstorm"), (96, "Thunderstorm with slight hail"),
    (99, "Thunderstorm with heavy hail"),
  ]

  /// Every code Open-Meteo documents has its English label.
  @Test("known codes have their English labels", arguments: labels)
  func label(_ testCase: (Int, String)) {
    #expect(WeatherCode.label(testCase.0) == testCase.1)
  }

  /// The list of known codes is exactly the documented table.
  @Test("the known codes are the 28 codes Open-Meteo uses")
  func knownCodes() {
    #expect(WeatherCode.knownCodes == Self.labels.map(\.0))
  }

  /// Codes outside Open-Meteo's table are unknown everywhere.
  @Test("unknown codes have no label and a question-mark symbol", arguments: [-1, 4, 44, 50, 100])
  func unknown(_ code: Int) {
    #expect(WeatherCode.label(code) == nil)
    #expect(WeatherCode.symbol(code, isDay: true) == "?")
    #expect(WeatherCode.asciiSymbol(code, isDay: false) == "?")
  }

  /// One BMP scalar, never U+FE0F, never East-Asian-ambiguous (those render 1 or 2 columns
  /// depending on the terminal's CJK setting).
  @Test("symbols are single BMP characters without an emoji variation selector")
  func symbolShape() {
    let ambiguous: Set<UInt32> = [0x2261, 0x26C6, 0x26C7, 0x26C8, 0x2592, 0x2591, 0x2593, 0x2234]
    for code in WeatherCode.knownCodes {
      for isDay in [true, false] {
        let symbol = WeatherCode.symbol(code, isDay: isDay)
        let scalars = Array(symbol.unicodeScalars)
        #expect(scalars.count == 1, "code \(code)")
        #expect(scalars.allSatisfy { $0.value <= 0xFFFF && $0.value != 0xFE0F }, "code \(code)")
        #expect(scalars.allSatisfy { !ambiguous.contains($0.value) }, "code \(code)")
        #expect(symbol != "?")
      }
    }
  }

  /// Clear, mainly clear and partly cloudy differ by day and night; nothing else does.
  @Test("day and night symbols differ only for codes 0, 1 and 2")
  func dayNight() {
    for code in WeatherCode.knownCodes {
      let differs = WeatherCode.symbol(code, isDay: true) != WeatherCode.symbol(code, isDay: false)
      #expect(differs == [0, 1, 2].contains(code), "code \(code)")
    }
    #expect(WeatherCode.symbol(0, isDay: true) == "☀")
    #expect(WeatherCode.symbol(0, isDay: false) == "☾")
  }

  /// The ASCII fallback is short, printable ASCII, and distinct per code on a given day side.
  @Test("ASCII symbols are at most 5 printable ASCII characters, one per code")
  func asciiShape() {
    for isDay in [true, false] {
      let symbols = WeatherCode.knownCodes.map { WeatherCode.asciiSymbol($0, isDay: isDay) }
      for symbol in symbols {
        #expect(!symbol.isEmpty && symbol.count <= 5, "\(symbol)")
        #expect(symbol.utf8.allSatisfy { (0x21...0x7E).contains($0) }, "\(symbol)")
      }
      #expect(Set(symbols).count == symbols.count)
    }
    #expect(WeatherCode.asciiSymbol(65, isDay: true) == "+RA")
  }
}
