import Store
import Testing

@testable import Analysis
@testable import Export
@testable import SkycastModel
@testable import Views

@Suite struct NowViewTests {
  /// 2026-03-20T12:30Z.
  static let now: Int64 = 1_774_009_800
  static let noon: Int64 = 1_774_008_000

  /// A small hand-made forecast in UTC: snow now, four hours (one missing, one at night), two days.
  static func model(offline: String? = nil) -> NowModel {
    let city = City(
      name: "Testville", countryCode: "XX", latitude: 0, longitude: 0, timezone: "UTC")
    var current = NowModel.Current(time: noon + 900)
    current.temperature = -3.24
    current.relativeHumidity = 80
    current.windSpeed = 20
    current.windDirection = 270
    current.windGusts = 41.3
    current.weatherCode = 71
    current.isDay = true
    current.uvIndex = 1.04
    current.precipitation = 0.2
    current.apparentTemperature = -9.9
    func hour(_ offset: Int64, _ temperature: Double?, _ code: Int?, day: Bool) -> NowModel.Hour {
      var hour = NowModel.Hour(time: noon + offset * 3600)
      hour.temperature = temperature
      hour.weatherCode = code
      hour.isDay = day
      return hour
    }
    var first = hour(0, -3, 71, day: true)
    first.precipitationProbability = 40
    first.precipitation = 0.4
    var today = NowModel.Day(date: LocalDate("2026-03-20")!)
    today.weatherCode = 73
    today.high = 1
    today.low = -5
    today.sunrise = 1_773_986_640  // 06:04Z
    today.sunset = 1_774_030_200  // 18:10Z
    today.precipitationSum = 2.46
    today.precipitationProbabilityMax = 80
    today.uvIndexMax = 2.5
    var tomorrow = NowModel.Day(date: LocalDate("2026-03-21")!)
    tomorrow.weatherCode = 0
    tomorrow.high = 6
    tomorrow.low = -1
    return NowModel(
      city: city, fetchedAt: now - 7800, now: now, current: current,
      hours: [
        first, hour(1, -2, 3, day: true), hour(2, nil, nil, day: true), hour(3, 0, 0, day: false),
      ],
      days: [today, tomorrow], offlineReason: offline)
  }

  static let golden = """
    Testville (XX)
    −3.2°C  ❄ Slight snow fall
    H 1°  L −5°  feels like −9° with the wind
    updated 2 hours ago (2026-03-20 10:20 local time)

    Next 24 hours
    Now  13   14   15
     ❄    ☁    -    ☾
    −3°  −2°  --   0°
     ▁    ▃         █

    2-day forecast
    Today   ❄  80%  −5° ━━━━━━━━━━━━━━━━━━━━━················ 1°
    Sat 21  ☀       −1° ·············━━━━━━━━━━━━━━━━━━━━━━━━ 6°

    Feels like     −9.3° with the wind (NWS wind chill)
                   Open-Meteo apparent temperature −9.9°
    Humidity       80% · dew point −6.2°
    Wind           20 km/h from W (270°) · gusts 41 km/h
    UV index       now 1.0 low · max today 2.5 moderate
    Precipitation  now 0.2 mm · 40% chance this hour
                   today 2.5 mm, 80% chance
    Sun            sunrise 06:04 · sunset 18:10

    Weather data by Open-Meteo.com (CC BY 4.0)
    """

  /// The whole view, byte for byte, worked out by hand (wind chill −9.33 °C, Magnus dew point
  /// −6.20 °C, range bars on the period's −5…6 °C in the 37 columns left of 60).
  @Test("renders a hand-checked view byte for byte")
  func golden() {
    let lines = NowView.render(Self.model(), options: NowView.Options(width: 60))
    #expect(lines.joined(separator: "\n") == Self.golden)
  }

  /// A failed refresh puts the offline line first.
  @Test("an offline line comes first")
  func offline() {
    let lines = NowView.render(
      Self.model(offline: "refresh failed: HTTP 500"), options: NowView.Options(width: 80))
    #expect(lines[0] == "offline — showing data from 2026-03-20 10:20 (refresh failed: HTTP 500)")
    #expect(lines.dropFirst().joined(separator: "\n").hasPrefix("Testville (XX)\n"))
  }

  /// Colour wraps pieces in SGR codes and changes nothing else.
  @Test("colour only adds escape codes")
  func colour() {
    let coloured = NowView.render(
      Self.model(), options: NowView.Options(width: 60, palette: TerminalPalette(enabled: true)))
    let stripped = coloured.map {
      $0.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
    }
    #expect(stripped.joined(separator: "\n") == Self.golden)
    #expect(coloured[1] == "\u{1B}[34m−3.2°C\u{1B}[0m  ❄ Slight snow fall")
  }

  /// Narrow widths wrap the strip and modules, and never exceed the width.
  @Test("fits every width", arguments: [1, 10, 20, 33, 47, 80, 200])
  func widths(_ width: Int) {
    for ascii in [false, true] {
      let lines = NowView.render(Self.model(), options: NowView.Options(width: width, ascii: ascii))
      #expect(lines.allSatisfy { DisplayWidth.of($0) <= width })
      #expect(lines.allSatisfy { !$0.hasSuffix(" ") })
      if ascii { #expect(lines.allSatisfy { $0.unicodeScalars.allSatisfy(\.isASCII) }) }
    }
  }

  /// Without current conditions, hourly rows or daily rows the view still shows every section.
  @Test("missing data says so")
  func missing() {
    var model = Self.model()
    model.current = nil
    model.hours = []
    model.days = []
    let text = NowView.render(model, options: NowView.Options(width: 80)).joined(separator: "\n")
    #expect(text.contains("--  no condition reported\nfeels like --\n"))
    #expect(text.contains("Next 24 hours\nno hourly forecast stored\n"))
    #expect(text.contains("10-day forecast\nno daily forecast stored\n"))
    for module in ["Feels like", "Humidity", "Wind", "UV index", "Precipitation", "Sun"] {
      #expect(text.contains(DisplayWidth.padded(module, to: 15, alignRight: false) + "no data"))
    }
  }

  /// Without a current block the header falls back to the hour containing now.
  @Test("falls back to the current hour without a current block")
  func hourFallback() {
    var model = Self.model()
    model.current = nil
    let lines = NowView.render(model, options: NowView.Options(width: 80))
    #expect(lines[1] == "−3.0°C  ❄ Slight snow fall  (hourly forecast for 12:00)")
    // The hour has no humidity, wind or apparent temperature: no feels-like to show.
    #expect(lines[2] == "H 1°  L −5°  feels like --")
    #expect(lines.contains("Precipitation  0.4 mm this hour · 40% chance this hour"))
  }
}

@Suite struct RelativeAgeTests {
  @Test(
    "says how long ago",
    arguments: [
      (-5, "just now"), (0, "just now"), (59, "just now"), (60, "1 min ago"), (2820, "47 min ago"),
      (3599, "59 min ago"), (3600, "1 hour ago"), (7800, "2 hours ago"), (172_799, "47 hours ago"),
      (172_800, "2 days ago"), (5_183_999, "59 days ago"), (5_184_000, "2 months ago"),
      (11_000_000, "4 months ago"), (63_071_999, "24 months ago"), (63_072_000, "2 years ago"),
    ] as [(Int64, String)])
  func age(_ seconds: Int64, _ expected: String) {
    #expect(RelativeAge.text(seconds: seconds) == expected)
  }

  @Test("knows the weekday")
  func weekday() {
    #expect(LocalDate("1970-01-01")!.weekdayName == "Thu")
    #expect(LocalDate("2026-03-20")!.weekdayName == "Fri")
    #expect(LocalDate("1969-12-29")!.weekdayName == "Mon")
    #expect(LocalDate("2026-07-26")!.weekdayName == "Sun")
  }
}
