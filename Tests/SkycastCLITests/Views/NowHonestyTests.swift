import Export
import Foundation
import TestSupport
import Testing

/// `now` is honest about time: a current block from last night is not "now", an old forecast
/// says so, and the offline reason is wrapped rather than cut.
@Suite struct NowHonestyTests {
  /// 2026-07-27T03:10Z = 05:10 in Copenhagen, six hours after the stored fetch (whose current
  /// block is 23:00 local) and inside its hourly forecast.
  static let morning: Int64 = 1_785_121_800
  /// 2026-11-30T12:00Z: four months after the fetch, beyond its hourly forecast.
  static let later: Int64 = 1_796_040_000

  /// A harness at `epoch` with the Copenhagen forecast stored.
  static func copenhagen(at epoch: Int64) throws -> CLIHarness {
    let harness = ViewsFixtures.harness(at: epoch)
    try ViewsFixtures.storeCopenhagen(harness)
    return harness
  }

  /// The morning after, with a refresh the server answers with HTTP 500: the header comes from
  /// the 05:00 forecast, the offline note is wrapped, and the view fits each width.
  @Test("golden view with a stale current block and the offline note", arguments: [60, 80, 120])
  func golden(width: Int) async throws {
    let harness = try Self.copenhagen(at: Self.morning)
    let server = try LoopbackServer { _ in
      .openMeteoError(status: 500, reason: "Internal Server Error while reading the model run")
    }
    defer { server.stop() }
    harness.use(server: server.baseURL)
    let result = await harness.run("now", "--refresh", "--width", String(width))
    #expect(result.exitCode == 0, "\(result)")
    let file = "now-stale-offline-\(width).txt"
    let stored = GoldenText.stored(file, updatingWith: result.stdout)
    #expect(result.stdout == stored, "\(file) differs:\n\(result.stdout)")
    let lines = result.stdout.split(separator: "\n")
    #expect(lines.allSatisfy { DisplayWidth.of(String($0)) <= width })
  }

  /// The stale 23:00 block (16.8 °C, dense drizzle) gives way to the 05:00 hour (14.9 °C,
  /// moderate drizzle).
  @Test("a current block over an hour old gives way to the present hour's forecast")
  func staleCurrent() async throws {
    let harness = try Self.copenhagen(at: Self.morning)
    let result = await harness.run("now", "--width", "80")
    let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines[1].hasPrefix("14.9°C  ☂ Moderate drizzle  "), "\(result)")
    #expect(lines[1].hasSuffix("(hourly forecast for 05:00)"), "\(result)")
    #expect(!result.stdout.contains("16.8°"), "the stale block is not shown: \(result)")
    #expect(result.stdout.contains("\nNext 24 hours\nNow  06 "), "\(result)")
    #expect(!result.stdout.contains("Old forecast"))
    // 47 minutes after the fetch the current block is still now: no source note.
    let soon = try Self.copenhagen(at: NowCommandTests.soon)
    let fresh = await soon.run("now")
    #expect(fresh.stdout.contains("\n16.8°C  ☂ Dense drizzle\n"), "\(fresh)")
  }

  /// Four months on: the header is labelled with its hour and the age is called out first.
  @Test("a forecast over a day old is called out")
  func oldForecast() async throws {
    let harness = try Self.copenhagen(at: Self.later)
    let result = await harness.run("now", "--width", "80")
    let lines = result.stdout.split(separator: "\n").map(String.init)
    #expect(
      lines[1]
        == "Old forecast: fetched 4 months ago, so this is not today's weather; refresh with",
      "\(result)")
    #expect(lines[2] == "  'skycast now --refresh'")
    #expect(lines[3].hasSuffix("(forecast for Sun 26 23:00, not now)"), "\(result)")
    // A day is not yet old.
    let day = try Self.copenhagen(at: ViewsFixtures.copenhagenFetchedAt + 86_400)
    #expect(!(await day.run("now")).stdout.contains("Old forecast"))
  }

  /// The header speaks plainly; the method is named in the module.
  @Test("feels-like is said in plain words")
  func feelsLikeWords() async throws {
    let harness = try Self.copenhagen(at: NowCommandTests.soon)
    let result = await harness.run("now")
    #expect(result.stdout.contains("H 21°  L 17°  feels like 17°\n"), "\(result)")
    #expect(!result.stdout.contains("NWS: air temperature"))
    #expect(
      result.stdout.contains(
        "Feels like     16.8° as the air: no wind chill or heat index\n"
          + "               Open-Meteo apparent temperature 16.8°\n"),
      "\(result)")
  }

  /// The 10-day bars grow with the terminal instead of stopping at 24 columns.
  @Test("range bars use the width they have", arguments: [80, 120])
  func rangeBars(width: Int) async throws {
    let harness = try Self.copenhagen(at: NowCommandTests.soon)
    let result = await harness.run("now", "--width", String(width))
    let today = try #require(
      result.stdout.split(separator: "\n").first { $0.hasPrefix("Today ") }, "\(result)")
    #expect(DisplayWidth.of(String(today)) == width, "\(today)")
  }
}
