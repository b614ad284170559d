import Foundation
import TestSupport
import Testing

/// The fake archive (ERA5) and Previous Runs APIs: latency nulls, fill-in on re-fetch, and
/// errors growing with the lead day.
@Suite struct FakeHistoryTests {
  // MARK: - Archive

  /// The last five days before today (and today) are `null`; fetching again later fills them in
  /// with the values older days already had.
  @Test("withholds recent archive days and fills them in later")
  func archiveLatency() throws {
    let target =
      "/v1/archive?latitude=52.52&longitude=13.41&start_date=2026-03-10&end_date=2026-03-20"
      + "&hourly=temperature_2m&daily=temperature_2m_max,sunrise&timezone=Europe/Berlin"
      + "&models=era5"
    let early = try FakeOpenMeteoTests.json(FakeOpenMeteoTests.respond(target, .archive))
    let hourly = try #require(early["hourly"] as? [String: Any])
    #expect((hourly["time"] as? [String])?.count == 11 * 24)
    let values = FakeOpenMeteoTests.numbers(hourly["temperature_2m"])
    let lastKnownHour = (2026_03_14 - 2026_03_10 + 1) * 24  // through 2026-03-14 (today − 6)
    #expect(values[..<lastKnownHour].allSatisfy { $0 != nil })
    #expect(values[lastKnownHour...].allSatisfy { $0 == nil })
    let daily = try #require(early["daily"] as? [String: Any])
    #expect(
      FakeOpenMeteoTests.numbers(daily["temperature_2m_max"]).suffix(6).allSatisfy { $0 == nil })
    #expect((daily["sunrise"] as? [Any])?.allSatisfy { $0 is String } == true)
    #expect(early["hourly_units"].map { ($0 as? [String: String])?["temperature_2m"] } == "°C")

    let later: @Sendable () -> Date = { Date(timeIntervalSince1970: 1_774_612_800) }  // 27 March
    let filled = try FakeOpenMeteoTests.json(
      FakeOpenMeteoTests.respond(target, .archive, now: later))
    let refilled = FakeOpenMeteoTests.numbers(
      (filled["hourly"] as? [String: Any])?["temperature_2m"])
    #expect(refilled.allSatisfy { $0 != nil })
    #expect(Array(refilled[..<lastKnownHour]) == Array(values[..<lastKnownHour]))

    let future = FakeOpenMeteoTests.respond(
      "/v1/archive?latitude=52.52&longitude=13.41&start_date=2026-03-10&end_date=2026-03-25"
        + "&hourly=temperature_2m", .archive)
    #expect(future.status == 400)
    let noDates = FakeOpenMeteoTests.respond(
      "/v1/archive?latitude=52.52&longitude=13.41&hourly=temperature_2m")
    #expect(noDates.status == 400)
  }

  // MARK: - Previous runs

  /// `_previous_dayN` = day 0 plus an error that grows with N; values whose run would be issued
  /// after `now` are `null`.
  @Test("serves previous runs with errors growing with the lead day")
  func previousRuns() throws {
    let variables = (1...7).map { "temperature_2m_previous_day\($0)" }.joined(separator: ",")
    let object = try FakeOpenMeteoTests.json(
      FakeOpenMeteoTests.respond(
        "/v1/forecast?latitude=52.52&longitude=13.41&past_days=60&forecast_days=2"
          + "&hourly=temperature_2m," + variables))
    let hourly = try #require(object["hourly"] as? [String: Any])
    let day0 = FakeOpenMeteoTests.numbers(hourly["temperature_2m"])
    var meanErrors: [Double] = []
    for n in 1...7 {
      let series = FakeOpenMeteoTests.numbers(hourly["temperature_2m_previous_day\(n)"])
      let pairs = zip(day0, series).prefix(55 * 24).compactMap { a, b in b.map { abs($0 - a!) } }
      meanErrors.append(pairs.reduce(0, +) / Double(pairs.count))
      // A value needs a run issued n days before its time, so it must not lie after `now`
      // (2026-03-20T10:17Z): with n = 1, the hours after 2026-03-21T10:17Z are null.
      let nulls = series.filter { $0 == nil }.count
      #expect(nulls == (n == 1 ? 13 : 0), "previous_day\(n)")
    }
    #expect(meanErrors.first! > 0.1)
    #expect(meanErrors.last! > 3 * meanErrors.first!)
    #expect((object["hourly_units"] as? [String: String])?["temperature_2m_previous_day7"] == "°C")
    let forecastOnly = FakeOpenMeteo(.forecast, now: FakeOpenMeteoTests.march20).respond(
      to: RecordedRequest(
        target: "/v1/forecast?latitude=52.52&longitude=13.41&hourly=temperature_2m_previous_day1"))
    #expect(forecastOnly.status == 400)
  }
}
