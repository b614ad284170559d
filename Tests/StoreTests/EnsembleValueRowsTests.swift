import Foundation
import TestSupport
import Testing

@testable import SkycastModel
@testable import Store

@Suite struct EnsembleValueRowsTests {
  /// A store with ensemble rows for cities 1 and 2: models `b` and `a` (and `c` for city 2),
  /// temperature and precipitation, leads −1…2 from one issue.
  func makeStore() throws -> (Store, TemporaryDirectory) {
    let directory = TemporaryDirectory()
    let store = try Store(path: directory.file("ensemble.sqlite"))
    for name in ["One", "Two"] {
      _ = try store.addCity(City(name: name, latitude: 50, longitude: 10, timezone: "UTC"))
    }
    let issuedAt: Int64 = 1_767_225_600
    try store.write {
      let fetchID = try store.insertFetch(
        FetchRecord(
          cityID: 1, source: .ensemble, model: "a", requestedAt: issuedAt, issuedAt: issuedAt,
          status: .ok))
      for (city, models) in [(Int64(2), ["c", "a"]), (1, ["b", "a"])] {
        for model in models {
          for variable in ["temperature_2m", "precipitation"] {
            for lead in Int64(-1)...2 {
              try store.database.run(
                """
                INSERT INTO ensemble_forecasts (city_id, model, variable, valid_at, issued_at,
                  fetch_id, lead_hours, members) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                """,
                [
                  .integer(city), .text(model), .text(variable),
                  .integer(issuedAt + lead * 3600), .integer(issuedAt), .integer(fetchID),
                  .integer(lead), .blob(EnsembleBlob.pack([Float(lead), Float(city)])),
                ])
            }
          }
        }
      }
    }
    return (store, directory)
  }

  @Test("the series are every (city, model) pair in key order, across cities")
  func series() throws {
    let (store, _) = try makeStore()
    #expect(
      try store.ensembleSeries() == [
        EnsembleSeries(cityID: 1, model: "a"), EnsembleSeries(cityID: 1, model: "b"),
        EnsembleSeries(cityID: 2, model: "a"), EnsembleSeries(cityID: 2, model: "c"),
      ])
    let empty = try Store(path: ":memory:")
    #expect(try empty.ensembleSeries().isEmpty)
  }

  @Test("the rows of one series and variable come in valid-time order, past leads on request")
  func rows() throws {
    let (store, _) = try makeStore()
    for includePast in [false, true] {
      let rows = try store.ensembleValueRows(
        variable: .temperature2m, includePast: includePast, referenceModel: nil)
      for series in try store.ensembleSeries() {
        try rows.select(cityID: series.cityID, model: series.model)
        var leads: [Int64] = []
        while try rows.next() {
          leads.append(rows.leadHours)
          #expect(rows.validAt == 1_767_225_600 + rows.leadHours * 3600)
          let members = rows.withMembers { EnsembleBlob.unpack(Array($0)) } ?? nil
          #expect(members == [Float(rows.leadHours), Float(series.cityID)])
          #expect(rows.reference == nil)
        }
        #expect(leads == (includePast ? [-1, 0, 1, 2] : [0, 1, 2]))
      }
    }
  }
}
