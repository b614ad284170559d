import SkycastModel
import Testing

@Suite struct ReferenceTimeTests {
  let berlin = CityTimeZone(identifier: "Europe/Berlin")!
  let denver = CityTimeZone(identifier: "America/Denver")!

  /// A time without an offset is local to each city; with Z or an offset it is one instant.
  @Test("local wall times per city, instants with an offset")
  func forms() throws {
    let noon = try #require(ReferenceTime.parse("2026-07-30T12:00"))
    #expect(noon.epoch(in: berlin) == 1_785_405_600)  // 10:00Z (CEST, +2)
    #expect(noon.epoch(in: denver) == 1_785_434_400)  // 18:00Z (MDT, −6)
    #expect(ReferenceTime.parse("2026-07-30T12") == noon)
    #expect(ReferenceTime.parse("2026-07-30 12:00:00") == noon)
    let utc = try #require(ReferenceTime.parse("2026-07-30T10:00Z"))
    #expect(utc.epoch(in: berlin) == 1_785_405_600)
    #expect(utc.epoch(in: denver) == 1_785_405_600)
    #expect(ReferenceTime.parse("2026-07-30T12:00+02:00") == utc)
    #expect(ReferenceTime.parse("1785405600") == utc)
    // A date alone is its last hour, local.
    let date = try #require(ReferenceTime.parse("2026-07-30"))
    #expect(date.epoch(in: berlin) == Int64(1_785_445_200))  // 23:00 CEST
    #expect(noon.description == "2026-07-30T12:00")
    #expect(utc.description == "2026-07-30T10:00Z")
  }

  /// A wall time in the spring-forward gap moves to the hour after it; a doubled one is the first.
  @Test("clock changes")
  func clockChanges() throws {
    // Berlin 2026-03-29: 02:00–03:00 does not exist (03:00 CEST = 01:00Z).
    #expect(ReferenceTime.parse("2026-03-29T02:30")?.epoch(in: berlin) == 1_774_747_800)
    // Berlin 2026-10-25: 02:30 happens twice; the first is 00:30Z.
    #expect(ReferenceTime.parse("2026-10-25T02:30")?.epoch(in: berlin) == 1_792_888_200)
  }

  @Test(
    "refuses what is not a time",
    arguments: ["", "yesterday", "2026-13-01", "2026-07-30T25:00", "2026-07-30T12:00+99:00", "-5"])
  func refuses(_ text: String) {
    #expect(ReferenceTime.parse(text) == nil)
  }
}
