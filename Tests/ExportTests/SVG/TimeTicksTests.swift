import Testing

@testable import Export
@testable import SkycastModel

@Suite struct TimeTicksTests {
  static let shanghai = CityTimeZone(identifier: "Asia/Shanghai")!
  static let berlin = CityTimeZone(identifier: "Europe/Berlin")!
  /// 2026-03-20T00:00+08:00.
  static let start: Int64 = 1_773_936_000

  @Test("three days tick every six hours with the day at local midnight")
  func hours() {
    let zone = Self.shanghai
    let ticks = TimeTicks.ticks(
      lower: Self.start, upper: Self.start + 71 * 3600, maxTicks: 13,
      offset: { zone.offset(at: $0) }, style: .abbreviated)
    #expect(
      ticks.map(\.label).prefix(6) == ["Mar 20", "06:00", "12:00", "18:00", "Mar 21", "06:00"])
    #expect(ticks.count == 12)
    #expect(ticks.allSatisfy { zone.local(Int64($0.value)).hour % 6 == 0 })
  }

  @Test("numeric style prints month-day")
  func numericStyle() {
    let zone = Self.shanghai
    let ticks = TimeTicks.ticks(
      lower: Self.start, upper: Self.start + 9 * 86_400, maxTicks: 12,
      offset: { zone.offset(at: $0) }, style: .numeric)
    #expect(ticks.map(\.label) == (20...29).map { "03-" + String($0) })
  }

  @Test("two months tick on Mondays at local midnight")
  func weeks() {
    let zone = Self.shanghai
    let ticks = TimeTicks.ticks(
      lower: Self.start, upper: Self.start + 60 * 86_400, maxTicks: 10,
      offset: { zone.offset(at: $0) }, style: .abbreviated)
    #expect(ticks.first?.label == "Mar 23")
    for tick in ticks {
      let local = zone.local(Int64(tick.value))
      #expect(local.hour == 0)
      #expect((local.date.dayNumber - 4) % 7 == 0, "\(local.date) is a Monday")
    }
  }

  @Test("two years tick every quarter as YYYY-MM, and decades by year")
  func monthsAndYears() {
    let zone = Self.shanghai
    let quarters = TimeTicks.ticks(
      lower: Self.start, upper: Self.start + 730 * 86_400, maxTicks: 10,
      offset: { zone.offset(at: $0) }, style: .abbreviated)
    #expect(
      quarters.map(\.label) == [
        "2026-04", "2026-07", "2026-10", "2027-01", "2027-04", "2027-07", "2027-10", "2028-01",
      ])
    let years = TimeTicks.ticks(
      lower: Self.start, upper: Self.start + 3650 * 86_400, maxTicks: 8,
      offset: { zone.offset(at: $0) }, style: .abbreviated)
    #expect(years.map(\.label) == ["2028", "2030", "2032", "2034", "2036"])
  }

  /// Europe/Berlin skips 02:00–03:00 on 2026-03-29 and repeats 02:00–03:00 on 2026-10-25.
  @Test("ticks stay on whole local hours across daylight-saving changes")
  func daylightSaving() {
    let zone = Self.berlin
    for day in [
      LocalDate(year: 2026, month: 3, day: 29)!, LocalDate(year: 2026, month: 10, day: 25)!,
    ] {
      let lower = zone.startOfDay(day)
      let ticks = TimeTicks.ticks(
        lower: lower, upper: lower + 22 * 3600, maxTicks: 9, offset: { zone.offset(at: $0) },
        style: .abbreviated)
      #expect(ticks.first?.label == DateLabelStyle.abbreviated.day(day))
      #expect(
        ticks.dropFirst().map(\.label) == [
          "03:00", "06:00", "09:00", "12:00", "15:00", "18:00", "21:00",
        ])
      #expect(zip(ticks, ticks.dropFirst()).allSatisfy { $0.value < $1.value })
    }
  }

  @Test("a span too short for any tick gives none, and a huge one stays within the limit")
  func extremes() {
    let ticks = TimeTicks.ticks(
      lower: Self.start + 60, upper: Self.start + 1800, maxTicks: 5, offset: { _ in 0 },
      style: .abbreviated)
    #expect(ticks.isEmpty)
    let ages = TimeTicks.ticks(
      lower: -60_000_000_000, upper: 60_000_000_000, maxTicks: 6, offset: { _ in 0 },
      style: .abbreviated)
    #expect(ages.count <= 6)
  }

  @Test("tooltips print local wall time")
  func wallText() {
    #expect(DateLabelStyle.wallText(epoch: Self.start + 5400, offset: 28_800) == "2026-03-20 01:30")
    #expect(DateLabelStyle.abbreviated.day(LocalDate(year: 2026, month: 12, day: 1)!) == "Dec 1")
    #expect(DateLabelStyle.numeric.month(LocalDate(year: 2026, month: 3, day: 9)!) == "2026-03")
  }
}
