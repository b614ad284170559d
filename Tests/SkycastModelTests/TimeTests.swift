import Testing

@testable import SkycastModel

@Suite struct LocalDateTests {
  @Test(
    "day numbers round-trip across leap years and before 1970",
    arguments: [
      ("1970-01-01", 0), ("2000-02-29", 11_016), ("2024-12-31", 20_088), ("1969-12-31", -1),
      ("2026-03-29", 20_541),
    ])
  func dayNumbers(text: String, number: Int64) throws {
    let date = try #require(LocalDate(text))
    #expect(date.dayNumber == number)
    #expect(LocalDate(dayNumber: number) == date)
    #expect(date.description == text)
  }

  @Test(
    "invalid dates are rejected",
    arguments: [
      "2026-02-29", "2026-13-01", "2026-1-01", "26-01-01", "2026-01-32", "", "2026/01/01",
    ])
  func invalid(text: String) {
    #expect(LocalDate(text) == nil)
  }
}

@Suite struct WallClockTests {
  @Test("Open-Meteo local times parse without seconds and with them")
  func parse() {
    #expect(WallClock.secondsAsUTC("2026-03-20T06:08") == 1_773_986_880)
    #expect(WallClock.secondsAsUTC("2026-03-20T06:08:30") == 1_773_986_910)
    #expect(WallClock.secondsAsUTC("2026-03-20 06:08") == 1_773_986_880)
    #expect(WallClock.secondsAsUTC("2026-03-20T24:00") == nil)
    #expect(WallClock.secondsAsUTC("2026-03-20") == nil)
  }

  @Test("ISO 8601 with offsets and Z parse to wall time plus offset")
  func parseOffsets() throws {
    let z = try #require(WallClock.parseISO8601("2026-03-20T06:00Z"))
    #expect(z.offset == 0)
    let plus = try #require(WallClock.parseISO8601("2026-03-20T06:00+01:00"))
    #expect(plus.offset == 3600)
    let minus = try #require(WallClock.parseISO8601("2026-03-20T06:00:00-0530"))
    #expect(minus.offset == -19_800)
    let naive = try #require(WallClock.parseISO8601("2026-03-20T06:00"))
    #expect(naive.offset == nil)
    #expect(WallClock.parseISO8601("2026-03-20T06:00+25:00") == nil)
  }

  @Test("formatting shows local time with the real offset")
  func format() {
    #expect(WallClock.iso8601(epoch: 1_773_986_400, offset: 3600) == "2026-03-20T07:00:00+01:00")
    #expect(WallClock.iso8601(epoch: 1_773_986_400, offset: -19_800) == "2026-03-20T00:30:00-05:30")
    #expect(WallClock.iso8601(epoch: 1_773_986_400, offset: 0) == "2026-03-20T06:00:00+00:00")
    #expect(WallClock.spreadsheetTime(epoch: 1_773_986_400, offset: 28_800) == "2026-03-20 14:00")
    #expect(WallClock.iso8601(epoch: -1, offset: 0) == "1969-12-31T23:59:59+00:00")
  }
}

@Suite struct CityTimeZoneTests {
  @Test("UTC and Etc/UTC are valid zones; identifiers are case-sensitive")
  func identifiers() {
    #expect(CityTimeZone(identifier: "UTC") != nil)
    #expect(CityTimeZone(identifier: "Etc/UTC") != nil)
    #expect(CityTimeZone(identifier: "Europe/Berlin") != nil)
    #expect(CityTimeZone(identifier: "europe/berlin") == nil)
    #expect(CityTimeZone(identifier: "Mars/Olympus") == nil)
  }

  @Test("local dates and hours follow the zone across the spring DST change")
  func springForward() throws {
    let berlin = try #require(CityTimeZone(identifier: "Europe/Berlin"))
    // 2026-03-29 01:00 UTC = 03:00 CEST (clocks jumped from 02:00 to 03:00 local).
    let before = 1_774_742_400  // 00:00 UTC = 01:00 CET
    #expect(berlin.local(Int64(before)).hour == 1)
    #expect(berlin.local(1_774_746_000).hour == 3)
    #expect(berlin.local(1_774_746_000).date.description == "2026-03-29")
  }

  @Test("a naive time in the spring gap is a gap and one in the autumn overlap is ambiguous")
  func resolve() throws {
    let berlin = try #require(CityTimeZone(identifier: "Europe/Berlin"))
    let gap = try #require(WallClock.secondsAsUTC("2026-03-29T02:30"))
    #expect(berlin.resolve(wallSeconds: gap) == .gap)
    let overlap = try #require(WallClock.secondsAsUTC("2026-10-25T02:30"))
    guard case .overlap(let first, let second) = berlin.resolve(wallSeconds: overlap) else {
      Issue.record("expected an overlap")
      return
    }
    #expect(second - first == 3600)
    let normal = try #require(WallClock.secondsAsUTC("2026-07-01T12:00"))
    #expect(berlin.resolve(wallSeconds: normal) == .unique(normal - 7200))
  }
}
