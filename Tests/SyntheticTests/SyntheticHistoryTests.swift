import Foundation
import Testing

@testable import OpenMeteo
@testable import SkycastModel
@testable import Synthetic

@Suite struct SyntheticHistoryTests {
  let history = SyntheticHistory(places: SyntheticCity.demo, seed: 7)
  let issuedAt: Int64 = 1_784_700_000 / 3600 * 3600

  @Test("the same seed gives the same bytes; another seed differs")
  func reproducible() {
    let again = SyntheticHistory(places: SyntheticCity.demo, seed: 7)
    let other = SyntheticHistory(places: SyntheticCity.demo, seed: 8)
    #expect(
      history.forecastBody(place: 0, issuedAt: issuedAt)
        == again.forecastBody(place: 0, issuedAt: issuedAt))
    #expect(
      history.forecastBody(place: 0, issuedAt: issuedAt)
        != other.forecastBody(place: 0, issuedAt: issuedAt))
  }

  @Test("a forecast body decodes like a real response: 16 days from local midnight, all variables")
  func decodes() throws {
    let locations = try ResponseDecoder().decode(history.forecastBody(place: 2, issuedAt: issuedAt))
    let location = try #require(locations.first)
    let hourly = try #require(location.hourly)
    #expect(hourly.instants.count == 16 * 24)
    #expect(location.utcOffsetSeconds == 8 * 3600)
    let zone = try #require(CityTimeZone(identifier: "Asia/Shanghai"))
    #expect(zone.local(hourly.instants[0]).hour == 0)
    for variable in SyntheticHistory.hourlyVariables {
      #expect(hourly.columns[SeriesKey(variable)]?.count == 16 * 24, "\(variable)")
    }
    #expect(location.daily?.dates.count == 16)
    #expect(location.current?.values.count == SyntheticHistory.currentVariables.count)
    #expect(location.warnings.isEmpty, "\(location.warnings)")
  }

  @Test("forecast temperature errors grow with lead time")
  func errorsGrow() throws {
    var early: [Double] = []
    var late: [Double] = []
    for issue in 0..<40 {
      let time = issuedAt + Int64(issue) * 6 * 3600
      let location = try #require(
        try ResponseDecoder().decode(history.forecastBody(place: 0, issuedAt: time)).first)
      let hourly = try #require(location.hourly)
      let temperatures = try #require(hourly.columns[SeriesKey(.temperature2m)])
      for (index, valid) in hourly.instants.enumerated() {
        let lead = (valid - time) / 3600
        guard let forecast = temperatures[index] else { continue }
        let error = forecast - history.weather(0).hour(valid).temperature
        if (0..<24).contains(lead) { early.append(error * error) }
        if (300..<360).contains(lead) { late.append(error * error) }
      }
    }
    let earlyRMSE = (early.reduce(0, +) / Double(early.count)).squareRoot()
    let lateRMSE = (late.reduce(0, +) / Double(late.count)).squareRoot()
    #expect(earlyRMSE < 1.2)
    #expect(lateRMSE > 1.8 * earlyRMSE)
  }

  @Test("an archive body decodes with the truth as observations")
  func archive() throws {
    let from = try #require(LocalDate("2026-07-01"))
    let body = history.archiveBody(place: 1, from: from, to: from.adding(days: 1))
    let location = try #require(try ResponseDecoder(models: ["era5"]).decode(body).first)
    #expect(location.hourly?.instants.count == 48)
    let first = try #require(
      location.hourly?.columns[SeriesKey(.temperature2m, model: "era5")]?.first ?? nil)
    let truth = history.weather(1).hour(location.hourly!.instants[0]).temperature
    #expect(abs(first - truth) <= 0.05 + 1e-9)
  }
}
