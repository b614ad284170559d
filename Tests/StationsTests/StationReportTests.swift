import SkycastModel
import Testing

@testable import Stations

/// The hour rule: nearest whole hour, nearest report wins, dropped reports counted.
@Suite struct StationReportTests {
  @Test("a :53 routine report stands for the next hour; a special between is dropped")
  func nearestHour() {
    var tally = StationTally()
    let reports = [
      StationReport(time: 3600 * 10 - 7 * 60, values: [.temperature2m: 5, .precipitation: 1.2]),
      StationReport(time: 3600 * 10 + 20 * 60, values: [.temperature2m: 6, .precipitation: 0.4]),
      StationReport(time: 3600 * 11 - 7 * 60, values: [.temperature2m: 7, .precipitation: 0.9]),
    ]
    let hours = StationReport.hours(reports, tally: &tally)
    #expect(hours.map(\.validAt) == [36_000, 39_600])
    #expect(hours[0].values == [.temperature2m: 5, .precipitation: 1.2])
    #expect(hours[1].values == [.temperature2m: 7, .precipitation: 0.9])
    #expect(tally.reducedReports == 1)
  }

  @Test("minute 30 rounds up; a variable missing from the nearest report comes from the next")
  func perVariable() {
    var tally = StationTally()
    let reports = [
      StationReport(time: 1800, values: [.temperature2m: 1]),
      StationReport(time: 3600 + 600, values: [.dewPoint2m: -2]),
    ]
    let hours = StationReport.hours(reports, tally: &tally)
    #expect(hours == [StationHour(validAt: 3600, values: [.temperature2m: 1, .dewPoint2m: -2])])
    #expect(tally.reducedReports == 0)
  }
}
