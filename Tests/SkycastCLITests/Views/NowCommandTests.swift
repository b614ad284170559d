import Analysis
import Export
import Foundation
import SkycastModel
import TestSupport
import Testing

@testable import Store

@Suite struct NowCommandTests {
  /// 2026-07-26T21:47Z: 47 minutes after the stored Copenhagen fetch.
  static let soon: Int64 = 1_785_102_420
  /// 2026-11-30T12:00Z: four months later.
  static let later: Int64 = 1_796_040_000

  static let copenhagen = """
    Copenhagen, Capital Region (DK)
    16.8°C  ☂ Dense drizzle
    H 21°  L 17°  feels like 17°
    updated 47 min ago (2026-07-26 23:00 local time)

    Next 24 hours
    Now  00   01   02   03   04   05   06   07   08   09   10
    ☔   ☔   ☔   ☔   ☔   ☔    ☂    ☂    ☁    ☁   ⛅    ☁
    17°  16°  16°  15°  15°  15°  15°  15°  15°  15°  16°  16°
     ▄    ▃    ▂    ▂    ▁    ▁    ▁    ▂    ▂    ▂    ▃    ▄

    11   12   13   14   15   16   17   18   19   20   21   22
    ⛅    ☁   ⛅    ☁   ⛅    ☁    ☁    ☁    ☁    ☁    ☼    ☁
    17°  18°  18°  19°  19°  19°  19°  18°  18°  18°  17°  16°
     ▅    ▆    ▇    ▇    █    █    █    ▇    ▇    ▆    ▅    ▃

    7-day forecast
    Today   ☔  100%  17° ·············━━━━━━━━━━━━━━━━━━━━━━━━━━━━············· 21°
    Mon 27  ☔   94%  15° ····━━━━━━━━━━━━━━━━━━━━━━━··························· 19°
    Tue 28  ☁    18%  14° ━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━· 23°
    Wed 29  ☁     6%  17° ················━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━·· 23°
    Thu 30  ☂    16%  19° ····························━━━━━━━━━━━━━━━━━━━━━━━━━━ 24°
    Fri 31  ☁    25%  18° ·····················━━━━━━━━━━━━━━━━━━━━━━━━━········ 22°
    Sat 1   ☁    14%  14° ·━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━················ 21°

    Feels like     16.8° as the air: no wind chill or heat index
                   Open-Meteo apparent temperature 16.8°
    Humidity       84% · dew point 14.1°
    Wind           9 km/h from NNE (31°)
    UV index       max today 3.5 moderate
    Precipitation  now 0.3 mm · 71% chance this hour · today 0.8 mm, 100% chance
    Sun            sunrise 05:04 · sunset 21:28

    Weather data by Open-Meteo.com (CC BY 4.0)
    """

  /// Removes ANSI SGR sequences.
  static func plain(_ text: String) -> String {
    text.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
  }

  /// Without a terminal: plain text, every module, byte for byte, from stored data only.
  @Test("shows the stored forecast as plain text without a terminal")
  func plainText() async throws {
    let harness = ViewsFixtures.harness(at: Self.soon)
    harness.use(server: LoopbackServer.refusingBaseURL)
    try ViewsFixtures.storeCopenhagen(harness)
    let result = await harness.run("now", "Copenhagen")
    #expect(result.exitCode == 0, "\(result)")
    #expect(result.stdout == Self.copenhagen + "\n", "\(result)")
    #expect(result.stderr.isEmpty)
  }

  /// On a terminal: the same text with colour; NO_COLOR and --no-color turn it off.
  @Test("colours only on a terminal without NO_COLOR")
  func colour() async throws {
    let harness = ViewsFixtures.harness(at: Self.soon)
    try ViewsFixtures.storeCopenhagen(harness)
    harness.stdoutIsTTY = true
    let coloured = await harness.run("now")
    #expect(coloured.stdout.contains("\u{1B}[1mCopenhagen, Capital Region (DK)\u{1B}[0m"))
    #expect(coloured.stdout.contains("\u{1B}[32m16.8°C\u{1B}[0m"))
    #expect(Self.plain(coloured.stdout) == Self.copenhagen + "\n")
    let flag = await harness.run("now", "--no-color")
    #expect(flag.stdout == Self.copenhagen + "\n")
    harness.environment["NO_COLOR"] = "1"
    let environment = await harness.run("now")
    #expect(environment.stdout == Self.copenhagen + "\n")
  }

  /// Every line fits the width, whatever the width.
  @Test("fits the width", arguments: [24, 40, 60, 100])
  func fitsWidth(_ width: Int) async throws {
    let harness = ViewsFixtures.harness(at: Self.soon)
    try ViewsFixtures.storeCopenhagen(harness)
    harness.environment["COLUMNS"] = String(width)
    let result = await harness.run("now")
    let lines = result.stdout.split(separator: "\n").map(String.init)
    #expect(lines.allSatisfy { DisplayWidth.of($0) <= width }, "\(result)")
    #expect(result.stdout.contains("Humidity"))
    let ascii = await harness.run("now", "--ascii", "--width", String(width))
    #expect(ascii.stdout.unicodeScalars.allSatisfy { $0.isASCII }, "\(ascii)")
    #expect(ascii.stdout.split(separator: "\n").allSatisfy { $0.count <= width })
  }

  /// The last city shown is remembered; with none remembered, the only saved city is used.
  @Test("remembers the last city")
  func remembersCity() async throws {
    let harness = ViewsFixtures.harness(at: Self.soon)
    try ViewsFixtures.storeCopenhagen(harness)
    let only = await harness.run("now")
    #expect(only.stdout.hasPrefix("Copenhagen, Capital Region (DK)\n"), "the only city: \(only)")
    let second = try ViewsFixtures.storeCopenhagen(harness, name: "København")
    try harness.store().database.run("DELETE FROM settings")
    let ambiguous = await harness.run("now")
    #expect(ambiguous.exitCode == 64, "\(ambiguous)")
    #expect(ambiguous.stderr.contains("name one"))
    let named = await harness.run("now", "København")
    #expect(named.stdout.hasPrefix("København, Capital Region (DK)\n"))
    #expect(
      try harness.scalar("SELECT value FROM settings WHERE key = 'last_city'") == String(second.id))
    let remembered = await harness.run("now")
    #expect(remembered.stdout.hasPrefix("København, Capital Region (DK)\n"), "\(remembered)")
    _ = await harness.run("now", "1")
    let switched = await harness.run("now")
    #expect(switched.stdout.hasPrefix("Copenhagen, Capital Region (DK)\n"))
  }

  /// Old data: the age in months, and the strip starts at the forecast's current time.
  @Test("old data says its age and starts at the forecast's current time")
  func oldData() async throws {
    let harness = ViewsFixtures.harness(at: Self.later)
    try ViewsFixtures.storeCopenhagen(harness)
    let result = await harness.run("now")
    #expect(result.exitCode == 0)
    #expect(
      result.stdout.contains("updated 4 months ago (2026-07-26 23:00 local time)\n"), "\(result)")
    #expect(result.stdout.contains("\n24 hours from Sun 26 23:00\n23   00   01"), "\(result)")
    #expect(result.stdout.contains("\n7-day forecast\nSun 26  "))
    #expect(result.stdout.contains("Sun            Sun 26 sunrise 05:04 · sunset 21:28"))
  }

  /// A failing refresh shows the stored forecast with an offline line and exits 0.
  @Test("--refresh falls back to stored data when the API fails", arguments: [false, true])
  func offline(refused: Bool) async throws {
    let harness = ViewsFixtures.harness(at: Self.later)
    let server = try LoopbackServer { _ in
      .openMeteoError(status: 500, reason: "Internal Server Error")
    }
    defer { server.stop() }
    harness.use(server: refused ? LoopbackServer.refusingBaseURL : server.baseURL)
    try ViewsFixtures.storeCopenhagen(harness)
    let result = await harness.run("now", "--refresh", "--retries", "1")
    #expect(result.exitCode == 0, "\(result)")
    let first = try #require(result.stdout.split(separator: "\n").first)
    #expect(
      first.hasPrefix("offline — showing data from 2026-07-26 23:00 (refresh failed: "), "\(result)"
    )
    if !refused { #expect(first.contains("HTTP 500")) }
    #expect(result.stdout.contains("updated 4 months ago"))
    #expect(try harness.scalar("SELECT count(*) FROM fetches WHERE status = 'failed'") == "1")
  }

  /// A successful refresh stores a new fetch and shows it; every module has data.
  @Test("--refresh fetches a new forecast from the API")
  func refresh() async throws {
    let harness = ViewsFixtures.harness(at: Self.later)
    let clock = harness.now
    let server = try FakeOpenMeteo.server(.forecast, now: { clock })
    defer { server.stop() }
    harness.use(server: server.baseURL)
    try ViewsFixtures.storeCopenhagen(harness)
    let result = await harness.run("now", "--refresh")
    #expect(result.exitCode == 0, "\(result)")
    #expect(server.requestCount(path: "/v1/forecast") == 1)
    #expect(try harness.scalar("SELECT count(*) FROM fetches WHERE status = 'ok'") == "2")
    #expect(result.stdout.contains("updated just now"), "\(result)")
    #expect(result.stdout.contains("\nNext 24 hours\nNow  "))
    #expect(result.stdout.contains("\n10-day forecast\nToday "))
    #expect(!result.stdout.contains("no data"), "\(result)")
    #expect(!result.stdout.contains("offline"))
    for module in [
      "Feels like     ", "Humidity       ", "Wind           ", "UV index       ", "Precipitation  ",
      "Sun            sunrise ",
    ] {
      #expect(result.stdout.contains("\n" + module), "\(module)")
    }
    #expect(result.stdout.contains("gusts "))
    // Fresh now: a second --refresh makes no request.
    let again = await harness.run("now", "--refresh")
    #expect(again.exitCode == 0)
    #expect(server.requestCount(path: "/v1/forecast") == 1)
    #expect(again.stderr.contains("not refreshing"))
  }

  /// Nothing stored: a clear error with a hint (exit 1), also when the refresh fails.
  @Test("no stored forecast is an error with a hint")
  func nothingStored() async throws {
    let harness = ViewsFixtures.harness(at: Self.later)
    harness.use(server: LoopbackServer.refusingBaseURL)
    _ = try harness.store()
    let noCities = await harness.run("now")
    #expect(noCities.exitCode == 1)
    #expect(
      noCities.stderr.contains("no saved cities; add one with 'skycast city add NAME'"),
      "\(noCities)")
    _ = try harness.store().addCity(
      City(name: "Berlin", latitude: 52.52, longitude: 13.41, timezone: "Europe/Berlin"))
    let result = await harness.run("now", "Berlin")
    #expect(result.exitCode == 1)
    #expect(
      result.stderr
        == "Error: no forecast stored for Berlin; fetch one with 'skycast now Berlin --refresh' or 'skycast collect --city Berlin'\n",
      "\(result)")
    #expect(result.stdout.isEmpty)
    let failed = await harness.run("now", "Berlin", "--refresh", "--retries", "0")
    #expect(failed.exitCode == 1)
    #expect(
      failed.stderr.hasPrefix("Error: no forecast stored for Berlin, and fetching one failed: "),
      "\(failed)")
    let unknown = await harness.run("now", "Paris")
    #expect(unknown.exitCode == 64)
  }
}
