import Foundation
import TestSupport
import Testing

@testable import OpenMeteo
@testable import SkycastModel

@Suite struct ResponseDecoderTests {
  func decode(_ fixture: String, models: [String] = []) throws -> [LocationBlock] {
    try ResponseDecoder(models: models).decode(Array(Fixtures.data(fixture)))
  }

  func decode(text: String, models: [String] = []) throws -> [LocationBlock] {
    try ResponseDecoder(models: models).decode(Array(text.utf8))
  }

  @Test("local wall times become UTC instants with the response's one offset")
  func berlinTimes() throws {
    let location = try #require(try decode("forecast-berlin-hourly-daily-sunrise-1day").first)
    let hourly = try #require(location.hourly)
    #expect(location.utcOffsetSeconds == 3600)
    #expect(hourly.instants.count == 24)
    // 2026-03-20T00:00 at +01:00 is 2026-03-19T23:00Z.
    #expect(hourly.instants.first == WallClock.secondsAsUTC("2026-03-19T23:00"))
    #expect(hourly.columns[SeriesKey(.temperature2m)]?.prefix(3) == [8.9, 8.7, 8.7])
    let daily = try #require(location.daily)
    #expect(daily.dates.map(\.description) == ["2026-03-20"])
    // Sunrise 06:08 local = 05:08 UTC, stored as epoch seconds.
    #expect(
      daily.columns[SeriesKey(.sunrise)] == [Double(WallClock.secondsAsUTC("2026-03-20T05:08")!)])
  }

  @Test("m/s wind is converted to km/h and the current block is read")
  func copenhagenUnits() throws {
    let location = try #require(try decode("forecast-copenhagen-current-hourly-daily-ms").first)
    let current = try #require(location.current)
    #expect(current.time == WallClock.secondsAsUTC("2026-07-26T21:00"))
    #expect(current.intervalSeconds == 900)
    let wind = try #require(current.values[SeriesKey(.windSpeed10m)] ?? nil)
    #expect(abs(wind - 9.0) < 1e-9)
    #expect(current.values[SeriesKey(.weatherCode)] == 55)
    let hourlyWind = try #require(location.hourly?.columns[SeriesKey(.windSpeed10m)])
    let rawWind = try #require(
      (try JSONSerialization.jsonObject(
        with: Fixtures.data("forecast-copenhagen-current-hourly-daily-ms")) as? [String: Any])
        .flatMap { ($0["hourly"] as? [String: Any])?["wind_speed_10m"] as? [Double] })
    for (converted, raw) in zip(hourlyWind, rawWind) {
      #expect(abs((converted ?? .nan) - raw * 3.6) < 1e-9)
    }
    #expect(location.daily?.dates.count == 7)
    #expect(location.daily?.columns[SeriesKey(.uvIndexMax)] != nil)
  }

  @Test("°F, mp/h and inch are converted to °C, km/h and mm; nulls stay nil")
  func imperialDerived() throws {
    let location = try #require(try decode("derived-berlin-imperial-fixed-offset").first)
    let metric = try #require(try decode("forecast-berlin-hourly-daily-sunrise-1day").first)
    let hourly = try #require(location.hourly)
    let reference = try #require(metric.hourly)
    #expect(hourly.instants == reference.instants)
    for (variable, tolerance) in [
      (WeatherVariable.temperature2m, 0.056), (.windSpeed10m, 0.081), (.precipitation, 0.026),
    ] {
      let converted = try #require(hourly.columns[SeriesKey(variable)])
      let expected = try #require(reference.columns[SeriesKey(variable)])
      for (index, value) in converted.enumerated() {
        guard let value else { continue }
        #expect(abs(value - (expected[index] ?? .nan)) <= tolerance, "\(variable) at \(index)")
      }
    }
    #expect(hourly.columns[SeriesKey(.temperature2m)]?[3] == .some(nil))
    #expect(hourly.columns[SeriesKey(.windSpeed10m)]?[12] == .some(nil))
    #expect(hourly.columns[SeriesKey(.precipitation)]?[20] == .some(nil))
  }

  @Test("a daily-only body with current and a negative offset decodes")
  func denver() throws {
    let location = try #require(try decode("forecast-denver-current-daily").first)
    #expect(location.hourly == nil)
    #expect(location.utcOffsetSeconds == -21_600)
    #expect(
      location.daily?.columns[SeriesKey(.temperature2mMax)] == [36.2, 38.2, 36.7, 36.8, 36.5])
    #expect(location.daily?.columns[SeriesKey(.weatherCodeDaily)] == [3, 3, 3, 3, 3])
    #expect(location.current?.values[SeriesKey(.temperature2m)] == 26.8)
  }

  @Test("previous-runs keys map to previous days 1 and 2")
  func previousRuns() throws {
    let location = try #require(
      try decode("previous-runs-enschede-temperature-precipitation-day1-day2").first)
    let hourly = try #require(location.hourly)
    #expect(hourly.columns[SeriesKey(.temperature2m, previousDay: 1)] == [14.2, 12.9, 12.1])
    #expect(hourly.columns[SeriesKey(.temperature2m, previousDay: 2)] == [14.4, 14.2, 13.4])
    #expect(hourly.columns[SeriesKey(.temperature2m)] == [13.8, 13.3, 12.1])
  }

  @Test("archive hourly and daily bodies decode with their grid cell")
  func archive() throws {
    let hourly = try #require(
      try decode("archive-berlin-hourly-2024-01-01-to-02", models: ["era5"]).first)
    #expect(hourly.latitude == 52.54833)
    #expect(hourly.hourly?.instants.count == 48)
    #expect(hourly.hourly?.columns[SeriesKey(.temperature2m, model: "era5")]?.first == 5.1)
    let daily = try #require(
      try decode("archive-berlin-daily-2024-01-01-to-03", models: ["era5"]).first)
    #expect(daily.daily?.columns[SeriesKey(.precipitationSum, model: "era5")] == [1.9, 8.5, 10.8])
  }

  @Test("several locations come back as an array with location_id")
  func multiLocation() throws {
    let one =
      #"{"latitude":1,"longitude":2,"utc_offset_seconds":0,"hourly_units":{"time":"unixtime","temperature_2m":"°C"},"hourly":{"time":[0,3600],"temperature_2m":[1,2]}}"#
    let two =
      #"{"latitude":3,"longitude":4,"location_id":1,"utc_offset_seconds":3600,"hourly_units":{"time":"unixtime","temperature_2m":"°C"},"hourly":{"time":[0,3600],"temperature_2m":[3,null]}}"#
    let locations = try decode(text: "[\(one),\(two)]")
    #expect(locations.map(\.locationID) == [0, 1])
    #expect(locations[1].hourly?.instants == [0, 3600])
    #expect(locations[1].hourly?.columns[SeriesKey(.temperature2m)] == [3, nil])
  }

  @Test("with several models every key carries a model suffix")
  func modelSuffixes() throws {
    let body =
      #"{"utc_offset_seconds":0,"hourly_units":{"time":"unixtime","temperature_2m_gfs_seamless":"°C","temperature_2m_ecmwf_ifs025":"°F"},"hourly":{"time":[0],"temperature_2m_gfs_seamless":[1.5],"temperature_2m_ecmwf_ifs025":[50]}}"#
    let location = try #require(
      try decode(text: body, models: ["gfs_seamless", "ecmwf_ifs025"]).first)
    #expect(location.hourly?.columns[SeriesKey(.temperature2m, model: "gfs_seamless")] == [1.5])
    #expect(location.hourly?.columns[SeriesKey(.temperature2m, model: "ecmwf_ifs025")] == [10])
    #expect(location.models == ["ecmwf_ifs025", "gfs_seamless"])
  }

  @Test(
    "broken bodies are errors that say what is wrong",
    arguments: [
      (#"{"latitude":nan,"utc_offset_seconds":0}"#, "invalid JSON"),
      (
        #"{"utc_offset_seconds":0,"hourly_units":{"temperature_2m":"°C"},"hourly":{"time":["2026-03-20T00:00","2026-03-20T01:00"],"temperature_2m":[1]}}"#,
        "different lengths"
      ),
      (
        #"{"utc_offset_seconds":0,"hourly_units":{"temperature_2m":"K"},"hourly":{"time":["2026-03-20T00:00"],"temperature_2m":[280]}}"#,
        "unknown unit \"K\" for hourly.temperature_2m"
      ),
      (
        #"{"utc_offset_seconds":0,"hourly_units":{"temperature_2m":"undefined"},"hourly":{"time":["2026-03-20T00:00"],"temperature_2m":[1]}}"#,
        "undefined"
      ),
      (#"{"hourly":{"time":[]}}"#, "missing utc_offset_seconds"),
      (#"[1,2]"#, "not an object"),
      (#"{"utc_offset_seconds":0,"hourly":{"time":["yesterday"]}}"#, "invalid time"),
      (
        #"{"utc_offset_seconds":0,"hourly":{"time":["2026-03-20T00:00"],"temperature_2m":["warm"]}}"#,
        "not an array of numbers"
      ),
    ])
  func brokenBodies(body: String, expected: String) {
    do {
      _ = try decode(text: body)
      Issue.record("expected an error for \(body)")
    } catch {
      #expect("\(error)".contains(expected), "\(error)")
    }
  }

  @Test("an error object in a 200 body is a rejection with its reason")
  func errorObject() {
    #expect(throws: APIError.rejected(reason: "Parameter count must be between 1 and 100.")) {
      _ = try decode("error-geocoding-invalid-count-docs-example")
    }
  }

  @Test(
    "an all-null column with unit undefined is accepted with a warning; unknown keys are ignored")
  func undefinedAndUnknown() throws {
    let body =
      #"{"utc_offset_seconds":0,"hourly_units":{"time":"unixtime","uv_index":"undefined","soil_moisture_3_9cm":"m³/m³"},"hourly":{"time":[0],"uv_index":[null],"soil_moisture_3_9cm":[0.3]}}"#
    let location = try #require(try decode(text: body).first)
    #expect(location.hourly?.columns[SeriesKey(.uvIndex)] == [nil])
    #expect(location.warnings.contains { $0.contains("soil_moisture_3_9cm") })
    #expect(location.warnings.contains { $0.contains("undefined") })
  }
}

@Suite struct GeocodingDecoderTests {
  @Test("three Frederick results keep admin1, population and zone")
  func frederick() throws {
    let results = try Geocoding.decode(Array(Fixtures.data("geocoding-frederick-3-results")))
    #expect(results.map(\.admin1) == ["Maryland", "Oklahoma", "Colorado"])
    #expect(results[0].population == 69_479)
    #expect(results[2].timezone == "America/Denver")
    #expect(results[0].id == 4_355_585)
  }

  @Test("no match has no results key and decodes to an empty list")
  func empty() throws {
    #expect(try Geocoding.decode(Array(Fixtures.data("geocoding-empty-no-results-key"))).isEmpty)
  }
}
