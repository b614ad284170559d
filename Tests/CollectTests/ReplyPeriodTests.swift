import OpenMeteo
import SkycastModel
import Testing

@testable import Collect

/// `ReplyPeriod`: the times a history or single-run reply may hold, and the refusal of one
/// that holds others; `SingleRunsProduct.emptinessProblem` for a run of nothing.
@Suite struct ReplyPeriodTests {
  static let march10 = LocalDate(year: 2026, month: 3, day: 10)!
  static let march12 = LocalDate(year: 2026, month: 3, day: 12)!

  static func location(hours: [Int64], dates: [LocalDate] = [], value: Double? = 1, offset: Int = 0)
    -> LocationBlock
  {
    var location = LocationBlock(
      locationID: 0, latitude: 52.5, longitude: 13.4, elevation: 38, utcOffsetSeconds: offset,
      timezone: "GMT")
    var hourly = SeriesBlock()
    hourly.instants = hours
    hourly.columns[SeriesKey(.temperature2m, model: "ecmwf_ifs")] = hours.map { _ in value }
    location.hourly = hourly
    if !dates.isEmpty {
      var daily = SeriesBlock()
      daily.dates = dates
      daily.columns[SeriesKey(.sunrise, model: "ecmwf_ifs")] = dates.map { _ in 1_773_126_000 }
      location.daily = daily
    }
    return location
  }

  @Test("a history reply inside the asked dates passes; hours in 2199 and other dates do not")
  func history() {
    let period = ReplyPeriod.history(Self.march10...Self.march12)
    let inside = Self.march10.midnightAsUTC - 3600
    #expect(
      period.problem(Self.location(hours: [inside, Self.march12.midnightAsUTC + 82_800])) == nil)
    let hostile = Self.location(hours: [inside] + (0..<72).map { 7_226_582_400 + Int64($0) * 3600 })
    #expect(
      period.problem(hostile)
        == "the reply holds 72 hourly times (first 2199-01-01T00:00Z) outside what was asked (2026-03-10…2026-03-12); nothing of it is stored"
    )
    let otherDate = Self.location(
      hours: [inside], dates: [Self.march10, Self.march12.adding(days: 1)])
    #expect(period.problem(otherDate)?.contains("1 date (first 2026-03-13)") == true)
  }

  @Test("a single run's reply may start at its local midnight, never 48 h before the run")
  func run() {
    // 2026-04-05T12:00Z, answered in UTC+14: the local day began at 2026-04-05T10:00Z.
    let run: Int64 = 1_775_390_400
    let period = ReplyPeriod.run(run, offset: 14 * 3600)
    #expect(
      period.problem(Self.location(hours: [run - 2 * 3600, run + 16 * 86_400], offset: 50_400))
        == nil)
    let early = period.problem(Self.location(hours: [run - 48 * 3600, run], offset: 50_400))
    #expect(early?.hasPrefix("the reply holds 1 hourly time (first 2026-04-03T12:00Z)") == true)
    #expect(early?.contains("the run 2026-04-05T12:00Z and its 16-day horizon") == true)
    #expect(period.problem(Self.location(hours: [run + 18 * 86_400])) != nil, "past the horizon")
  }

  @Test("a single run of only nulls (or values dropped as impossible) is a failed fetch")
  func emptyRun() {
    let product = SingleRunsProduct(options: SingleRunsRequestOptions(model: "ecmwf_ifs"))
    let run: Int64 = 1_775_390_400
    let nulls = Self.location(hours: [run, run + 3600], dates: [Self.march10], value: nil)
    #expect(
      product.emptinessProblem(nulls)
        == "the single run holds no value to store (every value is missing)",
      "sunrise alone is no forecast")
    var dropped = nulls
    dropped.droppedValues = ["temperature_2m: 2 values outside the plausible range"]
    #expect(product.emptinessProblem(dropped)?.hasSuffix("or outside its plausible range)") == true)
    #expect(product.emptinessProblem(Self.location(hours: [run])) == nil)
  }
}
