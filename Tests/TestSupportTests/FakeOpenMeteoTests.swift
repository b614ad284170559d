import Foundation
import TestSupport
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The fake Open-Meteo behaves like the real APIs where Skycast depends on it. Tests that matter
/// for the wire go through a loopback server and URLSession; the rest call `respond(to:)`.
@Suite struct FakeOpenMeteoTests {
  /// 2026-03-20T10:17:00Z: Berlin is on CET (+01:00), nine days before the switch to CEST.
  static let march20: @Sendable () -> Date = { Date(timeIntervalSince1970: 1_774_001_820) }

  static func fetch(_ server: LoopbackServer, _ target: String) async throws -> (Int, Data) {
    let (body, response) = try await LoopbackServerTests.get(server.url(target))
    return (response.statusCode, body)
  }

  static func object(_ data: Data) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
  }

  static func respond(
    _ target: String, _ service: FakeOpenMeteo.Service = .all,
    now: @escaping @Sendable () -> Date = march20
  ) -> Reply {
    FakeOpenMeteo(service, now: now).respond(to: RecordedRequest(target: target))
  }

  static func json(_ reply: Reply) throws -> [String: Any] {
    try #require(reply.jsonObject as? [String: Any], "not a JSON object: \(reply.bodyText)")
  }

  static func numbers(_ value: Any?) -> [Double?] {
    (value as? [Any] ?? []).map { ($0 as? NSNumber)?.doubleValue }
  }

  // MARK: - Forecast

  /// Two coordinates give an array; the second element carries `location_id`.
  @Test("answers several locations with an array carrying location_id")
  func twoLocations() async throws {
    let server = try FakeOpenMeteo.server(.forecast, now: Self.march20)
    defer { server.stop() }
    let target =
      "/v1/forecast?latitude=52.52,39.74&longitude=13.41,-104.98&hourly=temperature_2m"
      + "&daily=temperature_2m_max&timezone=Europe/Berlin,America/Denver"
    let (status, body) = try await Self.fetch(server, target)
    #expect(status == 200)
    let array = try #require(try JSONSerialization.jsonObject(with: body) as? [[String: Any]])
    #expect(array.count == 2)
    #expect(array[0]["location_id"] == nil)
    #expect(array[1]["location_id"] as? Int == 1)
    #expect(array[0]["utc_offset_seconds"] as? Int == 3600)
    #expect(array[1]["utc_offset_seconds"] as? Int == -21_600)
    #expect(array[1]["timezone_abbreviation"] as? String == "GMT-6")
    let berlinTimes = try #require((array[0]["hourly"] as? [String: Any])?["time"] as? [String])
    #expect(berlinTimes.count == 7 * 24)
    #expect(berlinTimes.first == "2026-03-20T00:00")
    #expect(berlinTimes.last == "2026-03-26T23:00")
    let denverTimes = try #require((array[1]["hourly"] as? [String: Any])?["time"] as? [String])
    #expect(denverTimes.first == "2026-03-20T00:00")
    let daily = try #require(array[0]["daily"] as? [String: Any])
    #expect((daily["time"] as? [String])?.count == 7)
  }

  /// `models=a,b` suffixes every variable key, in data and units.
  @Test("suffixes keys with the model when several models are requested")
  func modelSuffixes() throws {
    let object = try Self.json(
      Self.respond(
        "/v1/forecast?latitude=52.52&longitude=13.41&hourly=temperature_2m,precipitation"
          + "&daily=temperature_2m_max&current=temperature_2m&models=ecmwf_ifs025,gfs_seamless"))
    for section in ["hourly", "hourly_units", "daily", "daily_units", "current", "current_units"] {
      let keys = Set((object[section] as? [String: Any] ?? [:]).keys)
      #expect(!keys.contains("temperature_2m") && !keys.contains("temperature_2m_max"))
      #expect(keys.contains { $0.hasSuffix("_ecmwf_ifs025") })
      #expect(keys.contains { $0.hasSuffix("_gfs_seamless") })
    }
    let units = try #require(object["hourly_units"] as? [String: String])
    #expect(units["precipitation_gfs_seamless"] == "mm")
    let hourly = try #require(object["hourly"] as? [String: Any])
    #expect(
      Self.numbers(hourly["temperature_2m_ecmwf_ifs025"])
        != Self.numbers(hourly["temperature_2m_gfs_seamless"]))
    let single = try Self.json(
      Self.respond(
        "/v1/forecast?latitude=52.52&longitude=13.41&hourly=temperature_2m&models=icon_d2"))
    #expect((single["hourly"] as? [String: Any])?["temperature_2m"] != nil)
    let bad = Self.respond("/v1/forecast?latitude=52.52&longitude=13.41&models=nonsense_model")
    #expect(bad.status == 400)
    #expect(bad.bodyText.contains("invalid String value nonsense_model"))
  }

  /// Imperial parameters convert the values with Open-Meteo's factors and declare the units.
  @Test("converts to imperial units and declares them")
  func imperialUnits() async throws {
    let server = try FakeOpenMeteo.server(.forecast, now: Self.march20)
    defer { server.stop() }
    let base =
      "/v1/forecast?latitude=52.52&longitude=13.41&timezone=Europe/Berlin"
      + "&hourly=temperature_2m,wind_speed_10m,precipitation,snowfall&current=wind_speed_10m"
    let (_, metricBody) = try await Self.fetch(server, base)
    let (_, imperialBody) = try await Self.fetch(
      server, base + "&temperature_unit=fahrenheit&wind_speed_unit=mph&precipitation_unit=inch")
    let metric = try Self.object(metricBody)
    let imperial = try Self.object(imperialBody)
    let units = try #require(imperial["hourly_units"] as? [String: String])
    #expect(units["temperature_2m"] == "°F")
    #expect(units["wind_speed_10m"] == "mp/h")
    #expect(units["precipitation"] == "inch")
    #expect(units["snowfall"] == "inch")
    #expect((imperial["current_units"] as? [String: String])?["wind_speed_10m"] == "mp/h")
    let m = try #require(metric["hourly"] as? [String: Any])
    let i = try #require(imperial["hourly"] as? [String: Any])
    for (c, f) in zip(Self.numbers(m["temperature_2m"]), Self.numbers(i["temperature_2m"])) {
      #expect(abs(c! * 1.8 + 32 - f!) <= 0.15)  // both sides rounded to 0.1
    }
    for (kmh, mph) in zip(Self.numbers(m["wind_speed_10m"]), Self.numbers(i["wind_speed_10m"])) {
      #expect(abs(kmh! / 1.609344 - mph!) <= 0.09)
    }
    for (mm, inch) in zip(Self.numbers(m["precipitation"]), Self.numbers(i["precipitation"])) {
      #expect(abs(mm! / 25.4 - inch!) <= 0.0008)
    }
    let ms = try Self.json(Self.respond(base + "&wind_speed_unit=ms"))
    #expect((ms["hourly_units"] as? [String: String])?["wind_speed_10m"] == "m/s")
    let kn = try Self.json(Self.respond(base + "&wind_speed_unit=kn"))
    #expect((kn["hourly_units"] as? [String: String])?["wind_speed_10m"] == "kn")
  }

  /// One offset for the whole response: the offset at request time (CET), even for hours after
  /// the switch to CEST on 29 March, so 02:00 appears on that day although it does not exist.
  @Test("uses the offset in force at request time for the whole response")
  func fixedOffset() throws {
    let object = try Self.json(
      Self.respond(
        "/v1/forecast?latitude=52.52&longitude=13.41&hourly=temperature_2m&forecast_days=16"
          + "&timezone=Europe/Berlin"))
    #expect(object["utc_offset_seconds"] as? Int == 3600)
    #expect(object["timezone_abbreviation"] as? String == "GMT+1")
    let times = try #require((object["hourly"] as? [String: Any])?["time"] as? [String])
    #expect(times.count == 16 * 24)
    #expect(times.contains("2026-03-29T02:00"))
    let unix = try Self.json(
      Self.respond(
        "/v1/forecast?latitude=52.52&longitude=13.41&hourly=temperature_2m&daily=sunrise"
          + "&timezone=Europe/Berlin&timeformat=unixtime&forecast_days=1"))
    let epochs = try #require((unix["hourly"] as? [String: Any])?["time"] as? [Int])
    #expect(epochs.first == 1_773_961_200)  // 2026-03-20T00:00+01:00
    #expect(zip(epochs, epochs.dropFirst()).allSatisfy { $1 - $0 == 3600 })
    #expect((unix["hourly_units"] as? [String: String])?["time"] == "unixtime")
    #expect((unix["daily_units"] as? [String: String])?["sunrise"] == "unixtime")
    let sunrise = try #require(((unix["daily"] as? [String: Any])?["sunrise"] as? [Int])?.first)
    #expect(abs(sunrise - (1_773_961_200 + 6 * 3600 + 8 * 60)) < 15 * 60)  // recorded: 06:08
  }

  /// `current` is floored to 15 minutes with `interval: 900`; `timezone=auto` resolves Berlin.
  @Test("answers current conditions and resolves timezone=auto")
  func currentBlock() throws {
    let object = try Self.json(
      Self.respond(
        "/v1/forecast?latitude=52.52&longitude=13.41&current=temperature_2m,is_day,weather_code"
          + "&timezone=auto"))
    #expect(object["timezone"] as? String == "Europe/Berlin")
    let current = try #require(object["current"] as? [String: Any])
    #expect(current["time"] as? String == "2026-03-20T11:15")
    #expect(current["interval"] as? Int == 900)
    #expect(current["is_day"] as? Int == 1)
    let units = try #require(object["current_units"] as? [String: String])
    #expect(units["interval"] == "seconds")
    #expect(units["weather_code"] == "wmo code")
    #expect(units["is_day"] == "")
  }

  @Test("rejects bad parameters with Open-Meteo's error shape")
  func badParameters() throws {
    let unknown = Self.respond("/v1/forecast?latitude=52.52&longitude=13.41&hourly=tempeture_2m")
    #expect(unknown.status == 400)
    let reason = try #require(try Self.json(unknown)["reason"] as? String)
    #expect(reason.hasPrefix("Cannot initialize "))
    #expect(reason.contains("from invalid String value tempeture_2m"))
    #expect(try Self.json(unknown)["error"] as? Bool == true)
    let zone = Self.respond("/v1/forecast?latitude=52.52&longitude=13.41&timezone=Mars/Olympus")
    #expect(try Self.json(zone)["reason"] as? String == "Invalid timezone")
    #expect(
      Self.respond("/v1/forecast?latitude=52.52&longitude=13.41&forecast_days=17").status == 400)
    #expect(Self.respond("/v1/forecast?latitude=52.52,1&longitude=13.41").status == 400)
    #expect(Self.respond("/v1/forecast?latitude=95&longitude=13.41").status == 400)
  }

  /// The same request at the same clock gives the same bytes; another place gives other data.
  /// 2026-03-20T10:17:00Z's Single Runs: 2026-03-18T06:00 UTC (07:00 in Berlin, CET).
  static let runQuery =
    "/v1/forecast?latitude=52.52&longitude=13.41&hourly=temperature_2m&timeformat=unixtime"
    + "&models=ecmwf_ifs&run=2026-03-18T06:00"

  @Test("a single run: daily only at local midnight, hours from the run, 7 days by default")
  func singleRun() throws {
    let run = 1_773_813_600.0
    // The open-meteo server's refusal (validateSingleRunAggregationsAlignWithLocalPeriodStart).
    let refused = Self.respond(
      Self.runQuery + "&timezone=Europe/Berlin&daily=temperature_2m_max")
    #expect(refused.status == 400)
    #expect(try Self.json(refused)["error"] as? Bool == true)
    #expect(
      try Self.json(refused)["reason"] as? String
        == "Parameter 'daily' is only supported for single-runs-api if 'run' starts at 00:00 in "
        + "the requested timezone")
    // 06:00 UTC is local midnight in Regina (CST, UTC−6 all year): daily values.
    let midnight = Self.respond(
      Self.runQuery + "&timezone=America/Regina&daily=temperature_2m_max&forecast_days=3")
    #expect(midnight.status == 200, "\(midnight.bodyText)")
    #expect(
      Self.numbers((try Self.json(midnight)["daily"] as? [String: Any])?["time"]).count == 3)
    // Neither forecast_hours nor forecast_days: the API's 7-day default, from the run on.
    let plain = Self.respond(Self.runQuery + "&timezone=Europe/Berlin")
    let times = Self.numbers((try Self.json(plain)["hourly"] as? [String: Any])?["time"])
    #expect(times.count == 7 * 24 && times.first == run)
    let long = Self.respond(Self.runQuery + "&timezone=Europe/Berlin&forecast_hours=145")
    let longTimes = Self.numbers((try Self.json(long)["hourly"] as? [String: Any])?["time"])
    #expect(longTimes.count == 145 && longTimes.last == run + 144 * 3600)
  }

  @Test("is deterministic")
  func deterministic() {
    let target =
      "/v1/forecast?latitude=52.52&longitude=13.41&hourly=temperature_2m,precipitation"
      + "&daily=precipitation_sum&current=temperature_2m"
    #expect(Self.respond(target).body == Self.respond(target).body)
    let other = target.replacingOccurrences(of: "52.52", with: "48.85")
    #expect(Self.respond(target).body != Self.respond(other).body)
  }

  /// Daily aggregates are computed from the same hourly values (local days at the fixed offset).
  @Test("keeps daily aggregates consistent with the hourly values")
  func dailyConsistency() throws {
    let object = try Self.json(
      Self.respond(
        "/v1/forecast?latitude=52.52&longitude=13.41&timezone=Europe/Berlin&forecast_days=16"
          + "&hourly=temperature_2m,precipitation&daily=temperature_2m_max,precipitation_sum"))
    let hourly = try #require(object["hourly"] as? [String: Any])
    let daily = try #require(object["daily"] as? [String: Any])
    let temperatures = Self.numbers(hourly["temperature_2m"]).map { $0! }
    let precipitation = Self.numbers(hourly["precipitation"]).map { $0! }
    let maxima = Self.numbers(daily["temperature_2m_max"]).map { $0! }
    let sums = Self.numbers(daily["precipitation_sum"]).map { $0! }
    for day in 0..<16 {
      let hours = (day * 24)..<(day * 24 + 24)
      #expect(abs(temperatures[hours].max()! - maxima[day]) < 0.051)
      #expect(abs(precipitation[hours].reduce(0, +) - sums[day]) < 0.011)
    }
    #expect(precipitation.contains { $0 == 0 })
    #expect(precipitation.contains { $0 > 0 })
  }

  /// Values stay in realistic ranges; UV is 0 at night.
  @Test("produces values in realistic ranges")
  func ranges() throws {
    let object = try Self.json(
      Self.respond(
        "/v1/forecast?latitude=39.74&longitude=-104.98&timezone=America/Denver&forecast_days=16"
          + "&hourly=temperature_2m,relative_humidity_2m,wind_direction_10m,uv_index,is_day,"
          + "weather_code,cloud_cover,precipitation_probability"))
    let hourly = try #require(object["hourly"] as? [String: Any])
    let temperature = Self.numbers(hourly["temperature_2m"]).map { $0! }
    #expect(temperature.allSatisfy { (-40...45).contains($0) })
    #expect(Self.numbers(hourly["relative_humidity_2m"]).allSatisfy { (30...100).contains($0!) })
    #expect(Self.numbers(hourly["wind_direction_10m"]).allSatisfy { (0...360).contains($0!) })
    #expect(Self.numbers(hourly["cloud_cover"]).allSatisfy { (0...100).contains($0!) })
    #expect(
      Self.numbers(hourly["precipitation_probability"]).allSatisfy { (0...100).contains($0!) })
    let uv = Self.numbers(hourly["uv_index"]).map { $0! }
    let isDay = Self.numbers(hourly["is_day"]).map { $0! }
    #expect(zip(uv, isDay).allSatisfy { $1 == 1 || $0 == 0 })
    #expect(uv.max()! > 1)
    let codes = Set(Self.numbers(hourly["weather_code"]).map { Int($0!) })
    #expect(codes.isSubset(of: [0, 1, 2, 3, 45, 51, 53, 61, 63, 65, 71, 73, 75, 95]))
    #expect(temperature.max()! - temperature.min()! > 5)
  }

  // MARK: - Routing and faults

  @Test("routes per service and injects faults for one city")
  func routingAndFaults() async throws {
    let faults = FakeOpenMeteo.Faults.forLatitude(39.74, reply: .rateLimited(.hourly))
    let server = try FakeOpenMeteo.server(.forecast, now: Self.march20, faults: faults)
    defer { server.stop() }
    let (berlinStatus, _) = try await Self.fetch(
      server, "/v1/forecast?latitude=52.52&longitude=13.41&hourly=temperature_2m")
    #expect(berlinStatus == 200)
    let (denverStatus, denverBody) = try await Self.fetch(
      server, "/v1/forecast?latitude=39.7400&longitude=-104.98&hourly=temperature_2m")
    #expect(denverStatus == 429)
    #expect(try Self.object(denverBody)["reason"] as? String == Reply.RateLimit.hourly.reason)
    let (searchStatus, _) = try await Self.fetch(server, "/v1/search?name=Berlin")
    #expect(searchStatus == 404)
    #expect(server.requestCount == 3)
  }

  @Test("offers ready-made broken bodies")
  func brokenBodies() {
    #expect(FakeOpenMeteo.Faults.nanBody.jsonObject == nil)
    #expect(FakeOpenMeteo.Faults.nanBody.status == 200)
    let mismatched = FakeOpenMeteo.Faults.mismatchedArrays.jsonObject as? [String: Any]
    let hourly = mismatched?["hourly"] as? [String: Any]
    #expect((hourly?["time"] as? [Any])?.count == 3)
    #expect((hourly?["temperature_2m"] as? [Any])?.count == 2)
    #expect(FakeOpenMeteo.Faults.htmlErrorPage(status: 502).bodyText.contains("502 Bad Gateway"))
    let full = Self.respond("/v1/forecast?latitude=52.52&longitude=13.41&hourly=temperature_2m")
    guard case .truncated(_, let body, let declared) = FakeOpenMeteo.Faults.truncate(full) else {
      Issue.record("not truncated")
      return
    }
    #expect(declared == full.body.count && body.count < declared)
    let error200 = FakeOpenMeteo.Faults.errorWithStatus200(reason: "boom")
    #expect(error200.status == 200 && error200.bodyText == #"{"error":true,"reason":"boom"}"#)
  }
}
