import Foundation
import TestSupport
import Testing

/// The recorded samples are present and intact, the derived one matches its recipe, and the fake
/// answers in the same layout as the recordings.
@Suite struct FixturesTests {
  static func object(_ name: String) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Fixtures.data(name)) as? [String: Any])
  }

  @Test("finds every recorded fixture and parses it as JSON")
  func recordedFixtures() throws {
    #expect(
      Fixtures.recordedNames == [
        "archive-berlin-daily-2024-01-01-to-03.json",
        "archive-berlin-hourly-2024-01-01-to-02.json",
        "error-geocoding-invalid-count-docs-example.json",
        "forecast-berlin-hourly-daily-sunrise-1day.json",
        "forecast-copenhagen-current-hourly-daily-ms.json",
        "forecast-denver-current-daily.json",
        "geocoding-empty-no-results-key.json",
        "geocoding-frederick-3-results.json",
        "historical-forecast-enschede-2024-01-01-hourly-daily.json",
        "previous-runs-enschede-temperature-precipitation-day1-day2.json",
      ])
    for name in Fixtures.names {
      #expect(throws: Never.self, "\(name)") {
        _ = try JSONSerialization.jsonObject(with: Fixtures.data(name))
      }
    }
    #expect(
      Fixtures.text("geocoding-empty-no-results-key.json") == #"{"generationtime_ms":0.52654743}"#)
  }

  /// The derived imperial fixture is the Berlin recording converted with Open-Meteo's factors,
  /// with `null` at the three documented places.
  @Test("derives the imperial fixture from the Berlin recording")
  func derivedImperial() throws {
    let original = try Self.object("forecast-berlin-hourly-daily-sunrise-1day")
    let derived = try Self.object("derived-berlin-imperial-fixed-offset")
    let units = try #require(derived["hourly_units"] as? [String: String])
    #expect(units["temperature_2m"] == "°F")
    #expect(units["apparent_temperature"] == "°F")
    #expect(units["wind_speed_10m"] == "mp/h")
    #expect(units["wind_gusts_10m"] == "mp/h")
    #expect(units["precipitation"] == "inch")
    #expect(derived["utc_offset_seconds"] as? Int == 3600)
    let before = try #require(original["hourly"] as? [String: Any])
    let after = try #require(derived["hourly"] as? [String: Any])
    func values(_ hourly: [String: Any], _ key: String) -> [Double?] {
      (hourly[key] as? [Any] ?? []).map { ($0 as? NSNumber)?.doubleValue }
    }
    let conversions: [(String, (Double) -> Double, Double)] = [
      ("temperature_2m", { $0 * 1.8 + 32 }, 0.051),
      ("apparent_temperature", { $0 * 1.8 + 32 }, 0.051),
      ("wind_speed_10m", { $0 / 1.609344 }, 0.051),
      ("wind_gusts_10m", { $0 / 1.609344 }, 0.051),
      ("precipitation", { $0 / 25.4 }, 0.00051),
    ]
    var nulls: [String] = []
    for (key, convert, tolerance) in conversions {
      for (index, (metric, imperial)) in zip(values(before, key), values(after, key)).enumerated() {
        guard let imperial else {
          nulls.append("\(key)[\(index)]")
          continue
        }
        #expect(abs(convert(metric!) - imperial) <= tolerance, "\(key)[\(index)]")
      }
    }
    #expect(nulls == ["temperature_2m[3]", "wind_speed_10m[12]", "precipitation[20]"])
    #expect(values(before, "pressure_msl") == values(after, "pressure_msl"))
    #expect((derived["daily"] as? [String: [String]]) == (original["daily"] as? [String: [String]]))
  }

  /// The fake answers the Copenhagen fixture's request with the same sections, units and lengths.
  @Test("answers in the same layout as the Copenhagen recording")
  func fakeMatchesCopenhagenLayout() throws {
    let recorded = try Self.object("forecast-copenhagen-current-hourly-daily-ms")
    let clock: @Sendable () -> Date = { Date(timeIntervalSince1970: 1_785_099_900) }  // 26 July
    let reply = FakeOpenMeteo(.forecast, now: clock).respond(
      to: RecordedRequest(
        target: "/v1/forecast?latitude=55.75&longitude=12.5&timezone=Europe/Copenhagen"
          + "&wind_speed_unit=ms&forecast_days=7"
          + "&current=temperature_2m,relative_humidity_2m,apparent_temperature,is_day,"
          + "precipitation,weather_code,wind_speed_10m,wind_direction_10m,surface_pressure"
          + "&hourly=temperature_2m,weather_code,precipitation_probability,is_day,wind_speed_10m"
          + "&daily=weather_code,temperature_2m_max,temperature_2m_min,sunrise,sunset,"
          + "precipitation_sum,precipitation_probability_max,wind_speed_10m_max,uv_index_max"))
    let fake = try #require(reply.jsonObject as? [String: Any])
    #expect(Set(fake.keys) == Set(recorded.keys))
    for section in ["current_units", "hourly_units", "daily_units"] {
      #expect(
        fake[section] as? [String: String] == recorded[section] as? [String: String], "\(section)")
    }
    for section in ["hourly", "daily"] {
      let ours = try #require(fake[section] as? [String: [Any]])
      let theirs = try #require(recorded[section] as? [String: [Any]])
      #expect(ours.mapValues(\.count) == theirs.mapValues(\.count), "\(section)")
      #expect(ours["time"] as? [String] == theirs["time"] as? [String], "\(section)")
    }
    for key in ["utc_offset_seconds", "timezone", "timezone_abbreviation", "latitude", "longitude"]
    {
      #expect("\(fake[key]!)" == "\(recorded[key]!)", "\(key)")
    }
    #expect((fake["current"] as? [String: Any])?["time"] as? String == "2026-07-26T23:00")
    // Sections in the recorded order.
    let text = reply.bodyText
    let order = [
      "\"current_units\"", "\"current\"", "\"hourly_units\"", "\"hourly\"",
      "\"daily_units\"", "\"daily\"",
    ].compactMap { text.range(of: $0)?.lowerBound }
    #expect(order.count == 6 && order == order.sorted())
  }

  /// The archive and previous-runs layouts match their recordings too.
  @Test("answers in the same layout as the archive and previous-runs recordings")
  func fakeMatchesOtherLayouts() throws {
    let clock: @Sendable () -> Date = { Date(timeIntervalSince1970: 1_774_001_820) }
    let fake = FakeOpenMeteo(.all, now: clock)
    let archive = try #require(
      fake.respond(
        to: RecordedRequest(
          target: "/v1/archive?latitude=52.52&longitude=13.41&start_date=2024-01-01"
            + "&end_date=2024-01-02&timezone=auto&hourly=temperature_2m,apparent_temperature,"
            + "precipitation,pressure_msl,relative_humidity_2m,cloud_cover,wind_speed_10m,"
            + "wind_gusts_10m")
      ).jsonObject as? [String: Any])
    let recordedArchive = try Self.object("archive-berlin-hourly-2024-01-01-to-02")
    #expect(
      archive["hourly_units"] as? [String: String]
        == recordedArchive["hourly_units"] as? [String: String])
    #expect(
      (archive["hourly"] as? [String: [Any]])?.mapValues(\.count)
        == (recordedArchive["hourly"] as? [String: [Any]])?.mapValues(\.count))
    #expect(
      (archive["hourly"] as? [String: Any])?["time"] as? [String]
        == (recordedArchive["hourly"] as? [String: Any])?["time"] as? [String])

    let previous = try #require(
      fake.respond(
        to: RecordedRequest(
          target: "/v1/forecast?latitude=52.276&longitude=6.873&start_date=2026-03-10"
            + "&end_date=2026-03-10&hourly=temperature_2m,precipitation,"
            + "temperature_2m_previous_day1,temperature_2m_previous_day2,"
            + "precipitation_previous_day1,precipitation_previous_day2"
            + "&current=temperature_2m,temperature_2m_previous_day1,temperature_2m_previous_day2")
      ).jsonObject as? [String: Any])
    let recordedPrevious = try Self.object(
      "previous-runs-enschede-temperature-precipitation-day1-day2")
    for section in ["hourly_units", "current_units"] {
      #expect(
        previous[section] as? [String: String] == recordedPrevious[section] as? [String: String])
    }
    #expect(previous["timezone"] as? String == "GMT")
  }
}
