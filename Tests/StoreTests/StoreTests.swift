import Foundation
import TestSupport
import Testing

@testable import SkycastModel
@testable import Store

@Suite struct StoreTests {
  @Test("a new file is migrated to the current schema with every table and view")
  func freshSchema() throws {
    let directory = TemporaryDirectory()
    let store = try Store(path: directory.file("new.sqlite"))
    #expect(try store.database.userVersion() == Schema.currentVersion)
    let names = try store.database.query(
      "SELECT name FROM sqlite_schema WHERE type IN ('table','view') ORDER BY name"
    )
    .compactMap { $0.values.first?.stringValue }
    for name in [
      "cities", "fetches", "hourly_forecasts", "daily_forecasts", "current_conditions",
      "hourly_observations", "daily_observations", "settings", "hourly_forecasts_named",
    ] {
      #expect(names.contains(name), "missing \(name)")
    }
  }

  @Test("table columns match the variable catalog's roles")
  func columnsMatchCatalog() throws {
    let store = try Store(path: ":memory:")
    func columns(_ table: String) throws -> Set<String> {
      Set(
        try store.database.query("SELECT name FROM pragma_table_info(?)", [.text(table)]).compactMap
        { $0.values.first?.stringValue })
    }
    let checks: [(String, WeatherVariable.Roles)] = [
      ("hourly_forecasts", .hourlyForecast), ("daily_forecasts", .dailyForecast),
      ("current_conditions", .current), ("hourly_observations", .hourlyObservation),
      ("daily_observations", .dailyObservation),
    ]
    for (table, role) in checks {
      let actual = try columns(table)
      for variable in WeatherVariable.with(role) {
        #expect(actual.contains(variable.column), "\(table) lacks \(variable.column)")
      }
    }
  }

  @Test("a file from a newer Skycast is refused with a clear message")
  func newerSchema() throws {
    let directory = TemporaryDirectory()
    let path = directory.file("future.sqlite")
    do {
      let database = try Database(path: path)
      try database.setUserVersion(Schema.currentVersion + 1)
    }
    #expect(
      throws: StoreError.newerSchema(
        path: path, found: Schema.currentVersion + 1, supported: Schema.currentVersion)
    ) {
      _ = try Store(path: path)
    }
  }

  @Test("a file that is not SQLite gets a clear error")
  func notSQLite() throws {
    let directory = TemporaryDirectory()
    let path = directory.file("notes.txt")
    try Data("these are my notes, not a database\n".utf8 + Data(repeating: 0x20, count: 200)).write(
      to: URL(fileURLWithPath: path))
    #expect(throws: StoreError.notADatabase(path: path)) { _ = try Store(path: path) }
    let text = StoreError.notADatabase(path: path).description
    #expect(text.contains("not a Skycast database"))
  }

  @Test("an older schema is migrated in place, keeps its data and leaves a backup")
  func migration() throws {
    let directory = TemporaryDirectory()
    let path = directory.file("old.sqlite")
    do {
      let database = try Database(path: path)
      try Migrator.migrate(database, to: 1)
      try database.run(
        "INSERT INTO cities (name, latitude, longitude, added_at) VALUES ('Old Town', 1, 2, 0)")
    }
    let store = try Store(path: path, now: 1_000)
    #expect(try store.database.userVersion() == Schema.currentVersion)
    #expect(try store.cities().map(\.name) == ["Old Town"])
    let backup = Migrator.backupPath(for: path, version: 1, now: 1_000)
    #expect(FileManager.default.fileExists(atPath: backup))
    let copy = try Database(path: backup, mode: .readOnly)
    #expect(try copy.userVersion() == 1)
    #expect(try copy.scalarText("SELECT name FROM cities") == "Old Town")
  }

  @Test("the database folder is created on first use")
  func createsFolder() throws {
    let directory = TemporaryDirectory()
    let path = directory.file("a/b/c/skycast.sqlite")
    _ = try Store(path: path)
    #expect(FileManager.default.fileExists(atPath: path))
  }

  @Test("read-only opening of a missing file fails without creating it")
  func readOnlyMissing() throws {
    let directory = TemporaryDirectory()
    let path = directory.file("missing.sqlite")
    #expect(throws: StoreError.self) { _ = try Store(path: path, access: .readOnly) }
    #expect(!FileManager.default.fileExists(atPath: path))
  }

  @Test(
    "city references resolve by id, case-insensitive name and 'Name, Admin1'; ambiguity lists candidates"
  )
  func cityReferences() throws {
    let store = try Store(path: ":memory:")
    let maryland = try store.addCity(
      City(
        name: "Frederick", countryCode: "US", admin1: "Maryland", latitude: 39.4, longitude: -77.4,
        geonamesID: 4_355_585))
    let colorado = try store.addCity(
      City(
        name: "Frederick", countryCode: "US", admin1: "Colorado", latitude: 40.1, longitude: -104.9,
        geonamesID: 5_577_217))
    let beijing = try store.addCity(City(name: "北京", latitude: 39.9, longitude: 116.4))
    #expect(try store.resolveCity(String(colorado.id)) == colorado)
    #expect(try store.resolveCity("frederick, maryland") == maryland)
    #expect(try store.resolveCity("北京") == beijing)
    #expect(throws: CityReferenceError.ambiguous("FREDERICK", candidates: [maryland, colorado])) {
      try store.resolveCity("FREDERICK")
    }
    #expect(throws: CityReferenceError.unknown("Atlantis")) { try store.resolveCity("Atlantis") }
    #expect(throws: CityReferenceError.unknown("99")) { try store.resolveCity("99") }
  }

  @Test("the same GeoNames id cannot be saved twice")
  func duplicateGeonames() throws {
    let store = try Store(path: ":memory:")
    let city = City(name: "Berlin", latitude: 52.5, longitude: 13.4, geonamesID: 2_950_159)
    try store.addCity(city)
    #expect(throws: CityChangeError.self) { try store.addCity(city) }
    #expect(try store.cities().count == 1)
  }

  @Test("removing a city with history needs purge, which deletes everything in one go")
  func removeWithHistory() throws {
    let store = try Store(path: ":memory:")
    let city = try store.addCity(City(name: "Berlin", latitude: 52.5, longitude: 13.4))
    _ = try store.write {
      try store.insertFetch(
        FetchRecord(
          cityID: city.id, source: .forecast, model: "best_match", requestedAt: 0, status: .failed)
      )
    }
    #expect(throws: CityChangeError.hasHistory(city, rows: 1)) {
      try store.removeCity(city, purge: false)
    }
    try store.removeCity(city, purge: true)
    #expect(try store.cities().isEmpty)
    #expect(try store.database.scalarInt("SELECT count(*) FROM fetches") == 0)
  }

  @Test("SQL functions are registered on every store connection")
  func functionsRegistered() throws {
    let store = try Store(path: ":memory:")
    #expect(try store.database.scalarText("SELECT uv_category(6.4)") == "high")
    #expect(try store.database.scalar("SELECT wind_chill(NULL, 10)") == .null)
  }
}
