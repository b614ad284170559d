import Foundation
import TestSupport
import Testing

@testable import SkycastModel
@testable import Store

@Suite struct EnsembleMemberCountTests {
  /// City 1: model `a` with 3 and 5 members (temperature), model `b` with 2; city 2: model `a`
  /// with 4; precipitation of model `a` with 7.
  func makeStore() throws -> Store {
    let store = try Store(path: ":memory:")
    for name in ["One", "Two"] {
      _ = try store.addCity(City(name: name, latitude: 50, longitude: 10, timezone: "UTC"))
    }
    let rows: [(Int64, String, String, Int)] = [
      (1, "a", "temperature_2m", 3), (1, "a", "temperature_2m", 5), (1, "b", "temperature_2m", 2),
      (2, "a", "temperature_2m", 4), (1, "a", "precipitation", 7),
    ]
    try store.write {
      for (index, (city, model, variable, members)) in rows.enumerated() {
        try store.database.run(
          """
          INSERT INTO ensemble_forecasts (city_id, model, variable, valid_at, issued_at, fetch_id,
            lead_hours, members) VALUES (?, ?, ?, ?, 0, 1, ?, ?)
          """,
          [
            .integer(city), .text(model), .text(variable), .integer(Int64(index) * 3600),
            .integer(Int64(index)),
            .blob(EnsembleBlob.pack((0..<members).map { Float($0) })),
          ])
      }
    }
    return store
  }

  @Test("the count is the most members of the variable's values, by model and city")
  func counts() throws {
    let store = try makeStore()
    #expect(try store.ensembleMemberCount(variable: .temperature2m) == 5)
    #expect(try store.ensembleMemberCount(variable: .temperature2m, models: ["b"]) == 2)
    #expect(try store.ensembleMemberCount(variable: .temperature2m, models: ["b", "a"]) == 5)
    #expect(try store.ensembleMemberCount(variable: .temperature2m, cityIDs: [2]) == 4)
    #expect(
      try store.ensembleMemberCount(variable: .temperature2m, models: ["b"], cityIDs: [2]) == 0)
    #expect(try store.ensembleMemberCount(variable: .precipitation) == 7)
    #expect(try store.ensembleMemberCount(variable: .windSpeed10m) == 0)
  }
}
