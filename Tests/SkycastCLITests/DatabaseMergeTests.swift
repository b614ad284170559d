import Collect
import Foundation
import TestSupport
import Testing

@testable import OpenMeteo
@testable import SkycastModel
@testable import Store
@testable import Synthetic

/// `skycast db merge`: histories collected on several machines combined into one database.
@Suite struct DatabaseMergeTests {
  static let history = SyntheticHistory(places: SyntheticCity.spread(3), seed: 7, forecastDays: 2)
  static let start = LocalDate(year: 2026, month: 1, day: 1)!
  static let issues = (0..<6).map { start.midnightAsUTC + Int64($0) * 21_600 }

  /// What one machine collected: forecasts of `places` at `issues`, and ERA5 observations of
  /// `observed` places over `days` days, fetched at `observedAt`.
  struct Collection {
    var places: [Int]
    var issues: [Int]
    var observed: [(place: Int, days: Int, observedAt: Int64)]
  }

  /// Collects through the collector's and observer's own storing code, in time order.
  func collect(_ collections: [Collection], into path: String) throws {
    let store = try Store(path: path)
    let used = Set(collections.flatMap { $0.places + $0.observed.map(\.place) })
    var cities: [Int: City] = [:]
    for place in used.sorted() {
      cities[place] = try store.addCity(
        Self.history.places[place].city(addedAt: Self.start.midnightAsUTC))
    }
    var jobs: [(issue: Int, place: Int)] = []
    for collection in collections {
      for issue in collection.issues {
        for place in collection.places where !jobs.contains(where: { $0 == (issue, place) }) {
          jobs.append((issue, place))
        }
      }
    }
    for issue in Set(jobs.map(\.issue)).sorted() {
      let issuedAt = Self.issues[issue]
      let items = try jobs.filter { $0.issue == issue }.map(\.place).sorted().map { place in
        let body = Self.history.forecastBody(place: place, issuedAt: issuedAt)
        return ForecastIngest.Item(
          location: try ResponseDecoder().decode(body)[0], city: cities[place]!,
          provenance: ResponseProvenance(url: "synthetic://merge", body: body, callWeight: nil))
      }
      _ = try ForecastIngest.storeBatch(
        items, store: store, requestedAt: issuedAt, models: ["best_match"], minInterval: nil)
    }
    let observations = collections.flatMap(\.observed).sorted { $0.observedAt < $1.observedAt }
    for (place, days, observedAt) in observations {
      let body = Self.history.archiveBody(
        place: place, from: Self.start, to: Self.start.adding(days: days - 1))
      let location = try ResponseDecoder(models: ["era5"]).decode(body)[0]
      try store.write {
        let fetch = try store.insertFetch(
          FetchRecord(
            cityID: cities[place]!.id, source: .era5, model: "era5", requestedAt: observedAt,
            status: .ok, url: "synthetic://merge"))
        _ = try store.upsertObservations(
          location, model: "era5", city: cities[place]!, source: .era5, fetchID: fetch,
          fetchedAt: observedAt)
      }
    }
  }

  /// Every row of the history with ids replaced by what they stand for (city names, the
  /// fetch's source, model and request time), sorted: equal for equal histories, whatever ids.
  func dump(_ path: String) throws -> [String] {
    let database = try Database(path: path, mode: .readOnly)
    var lines: [String] = []
    func columns(_ table: String) throws -> [String] {
      try database.query("SELECT name FROM pragma_table_info(?)", [.text(table)]).compactMap {
        $0[0].stringValue
      }
    }
    let fetchKey =
      "(SELECT source || '/' || model || '/' || requested_at FROM fetches WHERE id = t.fetch_id)"
    for table in [
      "cities", "fetches", "hourly_forecasts", "daily_forecasts", "current_conditions",
      "hourly_observations", "daily_observations",
    ] {
      let selected = try columns(table).map { column -> String in
        switch column {
        case "id": "NULL"
        case "city_id": "(SELECT name FROM cities WHERE id = t.city_id)"
        case "fetch_id": fetchKey
        default: "t.\(column)"
        }
      }
      for row in try database.query("SELECT \(selected.joined(separator: ", ")) FROM \(table) AS t")
      {
        lines.append(table + ": " + row.values.map { "\($0)" }.joined(separator: "|"))
      }
    }
    return lines.sorted()
  }

  @Test(
    "Two machines' overlapping histories merge into the rows of one collection; merging again changes nothing"
  )
  func mergeEqualsOneCollection() async throws {
    let directory = TemporaryDirectory()
    let first = Collection(
      places: [0, 1], issues: [0, 1, 2, 3],
      observed: [(0, 3, Self.issues[5] + 3600), (1, 2, Self.issues[3] + 3600)])
    let second = Collection(
      places: [1, 2], issues: [2, 3, 4, 5],
      observed: [(1, 3, Self.issues[5] + 7200), (2, 3, Self.issues[5] + 7200)])
    try collect([first], into: directory.file("a.sqlite"))
    try collect([second], into: directory.file("b.sqlite"))
    try collect([first, second], into: directory.file("all.sqlite"))

    let harness = CLIHarness()
    harness.environment["SKYCAST_DB"] = directory.file("a.sqlite")
    let merged = await harness.run(["db", "merge", directory.file("b.sqlite")])
    #expect(merged.exitCode == 0, "\(merged)")
    // b's cities 1 and 2 (Place 0 is a's only), its 4 issues × 2 places of which 2 × 1 overlap.
    #expect(merged.stdout.contains("cities 1 added, 1 matched"), "\(merged)")
    #expect(merged.stdout.contains("fetches 8 added, 2 already present"), "\(merged)")
    let expected = try dump(directory.file("all.sqlite"))
    #expect(try dump(directory.file("a.sqlite")) == expected)

    let again = await harness.run(["db", "merge", directory.file("b.sqlite")])
    #expect(again.exitCode == 0, "\(again)")
    #expect(again.stdout.contains("cities 0 added, 2 matched; fetches 0 added"), "\(again)")
    #expect(again.stdout.contains("rows 0 added, 0 updated"), "\(again)")
    #expect(try dump(directory.file("a.sqlite")) == expected)
  }

  @Test("Observations: NULL never overwrites, the later fetch's value wins")
  func observationRule() async throws {
    let harness = CLIHarness()
    let other = harness.directory.file("other.sqlite")
    for (path, values) in [
      (
        harness.databasePath,
        (temperature: nil as Double?, humidity: 50.0 as Double?, wind: 3.0, at: 100)
      ),
      (other, (temperature: 5.0, humidity: nil, wind: 4.0, at: 200)),
    ] {
      let store = try Store(path: path)
      let builder = HistoryBuilder(store: store)
      let city = try builder.city("Berlin", timezone: "Europe/Berlin")
      try builder.observedHour(
        city, validAt: 1_774_000_800,
        [
          "temperature_2m": values.temperature, "relative_humidity_2m": values.humidity,
          "wind_speed_10m": values.wind,
        ])
      try store.database.run(
        "UPDATE hourly_observations SET fetched_at = ?", [.integer(Int64(values.at))])
    }
    let result = await harness.run(["db", "merge", other])
    #expect(result.exitCode == 0, "\(result)")
    #expect(result.stdout.contains("rows 0 added, 1 updated"), "\(result)")
    let row = try #require(
      try harness.store().database.query(
        "SELECT temperature_2m, relative_humidity_2m, wind_speed_10m, fetched_at FROM hourly_observations"
      ).first)
    #expect(row.values == [.real(5), .real(50), .real(4), .integer(200)])
  }

  @Test("The database itself, a missing, empty, foreign or newer file is refused untouched")
  func refusals() async throws {
    let harness = CLIHarness()
    _ = await harness.run(["city", "add", "--name", "Berlin", "--lat", "52.5", "--lon", "13.4"])
    let empty = harness.directory.file("empty.sqlite")
    #expect(FileManager.default.createFile(atPath: empty, contents: nil))
    let foreign = harness.directory.file("foreign.sqlite")
    try Database(path: foreign).execute("CREATE TABLE notes (text TEXT)")
    let newer = harness.directory.file("newer.sqlite")
    do {
      let store = try Store(path: newer)
      try store.database.execute("PRAGMA user_version = \(Schema.currentVersion + 1)")
    }
    let cases: [(String, String)] = [
      (harness.databasePath, "this database itself"),
      (harness.directory.file("missing.sqlite"), "cannot read"),
      (empty, "holds no Skycast data"),
      (foreign, "not a Skycast database"),
      (newer, "newer Skycast"),
    ]
    let before = try FileManager.default.contentsOfDirectory(atPath: harness.directory.path)
      .sorted()
    for (path, message) in cases {
      let result = await harness.run(["db", "merge", path])
      #expect(result.exitCode == 1, "\(path): \(result)")
      #expect(result.stderr.contains(message), "\(path): \(result)")
    }
    #expect(try Database(path: foreign).scalarInt("PRAGMA user_version") == 0)
    #expect(
      try Database(path: newer, mode: .readOnly).scalarInt("PRAGMA user_version")
        == Int64(Schema.currentVersion + 1))
    #expect(!FileManager.default.fileExists(atPath: harness.directory.file("missing.sqlite")))
    // A reader of a WAL-mode file (newer.sqlite) may leave its -wal and -shm behind, as any
    // SQLite reader does; no other file may appear.
    let after = try FileManager.default.contentsOfDirectory(atPath: harness.directory.path)
      .filter { !$0.hasSuffix("-wal") && !$0.hasSuffix("-shm") }.sorted()
    #expect(after == before, "\(before) → \(after)")
    let usage = await harness.run(["db", "merge"])
    #expect(usage.exitCode == 64, "\(usage)")
  }

  @Test("A file that fails half-way leaves the database as it was before it")
  func allOrNothing() async throws {
    let harness = CLIHarness()
    _ = await harness.run(["city", "add", "--name", "Berlin", "--lat", "52.5", "--lon", "13.4"])
    let other = harness.directory.file("other.sqlite")
    do {
      let store = try Store(path: other)
      let builder = HistoryBuilder(store: store)
      let city = try builder.city("Lima", timezone: "America/Lima")
      // A fetch row this database's CHECK refuses: the merge fails after adding the city.
      try store.database.execute("PRAGMA ignore_check_constraints = ON")
      try builder.fetch(city, requestedAt: 1_774_000_000, status: "lost")
    }
    let before = try dump(harness.databasePath)
    let result = await harness.run(["db", "merge", other])
    #expect(result.exitCode == 1, "\(result)")
    #expect(try dump(harness.databasePath) == before)
  }
}
