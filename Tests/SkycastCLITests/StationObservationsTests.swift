import Foundation
import SkycastModel
import TestSupport
import Testing

@testable import Store

/// Station files end to end: `import observations --format dwd` into the linked city's
/// station source, and `verify --obs station` against it.
@Suite struct StationObservationsTests {
  static let fixtures = PackagePaths.stationFixtures

  static let potsdam = Station(
    provider: .dwd, id: "03987", name: "Potsdam", latitude: 52.3812, longitude: 13.0622,
    elevation: 81)

  /// Potsdam (city) with DWD 03987 linked, its hourly TU file imported, and a forecast of
  /// those hours (the observation + 0.5 + 0.1·hour) imported under source `fc`.
  static func world() async throws -> CLIHarness {
    let harness = CLIHarness(now: Date(timeIntervalSince1970: 1_702_000_000))
    try await Ingest.addCity(
      harness, "Potsdam", latitude: 52.39, longitude: 13.06, zone: "Europe/Berlin")
    let store = try harness.store()
    // The city at 34 m, the station at 81 m: 47 m higher.
    try store.database.execute("UPDATE cities SET elevation = 34")
    try store.write { try store.cacheStations([potsdam], loadedAt: 0) }
    let link = await harness.run("station", "link", "Potsdam", "dwd:03987")
    #expect(link.exitCode == 0 && link.stdout.contains("(default)"), "\(link)")
    let file = fixtures.appendingPathComponent("dwd/derived-stundenwerte_TU_03987_akt.zip").path
    let imported = await harness.run("import", "observations", "--format", "dwd", file)
    #expect(imported.exitCode == 0, "\(imported)")
    #expect(imported.stderr.contains("source station:dwd:03987"), "\(imported.stderr)")

    let rows = try Ingest.rows(
      harness,
      "SELECT valid_at, temperature_2m FROM hourly_observations WHERE source = 'station:dwd:03987' AND temperature_2m IS NOT NULL ORDER BY valid_at"
    )
    var csv = "time,issued_at,temperature_2m\n"
    for (index, row) in rows.enumerated() {
      let time = Int64(row[0])!
      let value = Double(row[1])! + 0.5 + 0.1 * Double(index)
      csv +=
        "\(WallClock.utc(epoch: time)),\(WallClock.utc(epoch: time - 6 * 3600)),\(NumberText.shortest(value))\n"
    }
    let path = harness.directory.file("fc.csv")
    try csv.write(toFile: path, atomically: true, encoding: .utf8)
    let forecasts = await harness.run(
      "import", "forecasts", path, "--source", "fc", "--city", "Potsdam")
    #expect(forecasts.exitCode == 0, "\(forecasts)")
    return harness
  }

  @Test("DWD's file lands under station:dwd:03987 for the linked city, in UTC and canonical units")
  func imported() async throws {
    let harness = try await Self.world()
    // The file's first row: 2023120100 (UTC from 2000 on), TT_TU 1.2, RF_TU 93.0.
    #expect(
      try Ingest.rows(
        harness,
        "SELECT valid_at, temperature_2m, relative_humidity_2m FROM hourly_observations ORDER BY valid_at LIMIT 1"
      ) == [["1701388800", "1.2", "93.0"]])
    #expect(
      try Ingest.rows(
        harness,
        "SELECT source, model, url LIKE 'file://%' FROM fetches WHERE source LIKE 'station:%'")
        == [["station:dwd:03987", "station", "1"]])
    // city list shows the default station once one is linked.
    let list = await harness.run("city", "list", "--format", "csv")
    #expect(CSVTable(list.stdout).rows.first?["station"] == "station:dwd:03987", "\(list.stdout)")
    // Importing the same file again changes nothing.
    let file = Self.fixtures.appendingPathComponent("dwd/derived-stundenwerte_TU_03987_akt.zip")
      .path
    let again = await harness.run("import", "observations", "--format", "dwd", file)
    #expect(again.stderr.contains("0 new, 0 updated"), "\(again.stderr)")
  }

  @Test("verify --obs station equals verifying against the same values imported as CSV")
  func verifyAgainstStation() async throws {
    let harness = try await Self.world()
    let rows = try Ingest.rows(
      harness,
      "SELECT valid_at, temperature_2m, relative_humidity_2m FROM hourly_observations ORDER BY valid_at"
    )
    var csv = "time,temperature_2m,relative_humidity_2m\n"
    for row in rows {
      let cells = row.dropFirst().map { $0 == "NULL" ? "" : $0 }
      csv += "\(WallClock.utc(epoch: Int64(row[0])!)),\(cells.joined(separator: ","))\n"
    }
    let path = harness.directory.file("copy.csv")
    try csv.write(toFile: path, atomically: true, encoding: .utf8)
    let copy = await harness.run(
      "import", "observations", path, "--source", "copy", "--city", "Potsdam")
    #expect(copy.exitCode == 0, "\(copy)")

    let byStation = await harness.run(
      "verify", "--source", "fc", "--obs", "station", "--by", "lead", "--format", "csv")
    let byCopy = await harness.run(
      "verify", "--source", "fc", "--obs", "copy", "--by", "lead", "--format", "csv")
    #expect(byStation.exitCode == 0 && byCopy.exitCode == 0, "\(byStation)\n\(byCopy)")
    let station = CSVTable(byStation.stdout).rows
    let copied = CSVTable(byCopy.stdout).rows
    #expect(!station.isEmpty && station.count == copied.count, "\(byStation.stdout)")
    for (a, b) in zip(station, copied) {
      for score in ["n", "bias", "mae", "rmse"] { #expect(a[score] == b[score], "\(score)") }
    }
    let table = await harness.run(
      "verify", "--source", "fc", "--obs", "station", "--format", "table")
    #expect(
      table.stdout.contains("station Potsdam dwd 03987 Potsdam, 1.0 km away"), "\(table.stdout)")
    // --compare names the stations too.
    #expect(
      await harness.run(
        "import", "forecasts", harness.directory.file("fc.csv"), "--source", "fc2", "--city",
        "Potsdam"
      ).exitCode == 0)
    let compared = await harness.run(
      "verify", "--compare", "source:fc", "source:fc2", "--obs", "station", "--format", "table")
    #expect(compared.exitCode == 0, "\(compared)")
    #expect(
      compared.stdout.contains("station Potsdam dwd 03987 Potsdam, 1.0 km away"),
      "\(compared.stdout)")
  }

  @Test("--lapse-rate brings the station's temperature down to the city: bias − 0.0065 × 47 m")
  func lapseRate() async throws {
    let harness = try await Self.world()
    let plain = await harness.run(
      "verify", "--source", "fc", "--obs", "station", "--format", "csv")
    let adjusted = await harness.run(
      "verify", "--source", "fc", "--obs", "station", "--lapse-rate", "--format", "csv")
    #expect(plain.exitCode == 0 && adjusted.exitCode == 0, "\(plain)\n\(adjusted)")
    let before = try #require(CSVTable(plain.stdout).rows.first?["bias"].flatMap(Double.init))
    let after = try #require(CSVTable(adjusted.stdout).rows.first?["bias"].flatMap(Double.init))
    // The station is higher, so colder: its temperature + 0.3055 K, the bias 0.3055 K lower.
    #expect(abs((before - after) - 0.0065 * 47) < 0.001, "\(before) → \(after)")
    let table = await harness.run(
      "verify", "--source", "fc", "--obs", "station", "--lapse-rate", "--format", "table")
    #expect(table.stdout.contains("+ 0.65 K per 100 m"), "\(table.stdout)")
    let wrong = await harness.run(
      "verify", "--var", "precipitation", "--obs", "station", "--lapse-rate")
    #expect(wrong.exitCode == 64, "\(wrong)")
  }

  @Test("--keep-suspect stores a flagged value marked; verify leaves it out unless asked")
  func keepSuspect() async throws {
    let harness = CLIHarness(now: Date(timeIntervalSince1970: 1_702_000_000))
    try await Ingest.addCity(harness, "Vaexjoe", latitude: 56.87, longitude: 14.8, zone: "UTC")
    let file = Self.fixtures.appendingPathComponent("ecad/derived-RR_STAID000001.txt").path
    let plain = await harness.run(
      "import", "observations", "--format", "ecad", file, "--city", "Vaexjoe")
    #expect(plain.exitCode == 0 && plain.stderr.contains("1 flagged value left out"), "\(plain)")
    #expect(try Ingest.int(harness, "SELECT count(*) FROM daily_observations") == 4)
    // 19600105 870 with Q_RR 1: 87.0 mm, suspect.
    let kept = await harness.run(
      "import", "observations", "--format", "ecad", file, "--city", "Vaexjoe", "--keep-suspect")
    #expect(kept.exitCode == 0 && kept.stderr.contains("1 flagged value kept"), "\(kept)")
    #expect(
      try Ingest.rows(
        harness,
        "SELECT o.date, o.precipitation_sum, f.flag FROM daily_observations o JOIN observation_flags f ON f.city_id = o.city_id AND f.source = o.source AND f.date = o.date"
      ) == [["1960-01-05", "87.0", "suspect"]])

    var csv = "date,issued_at,precipitation_sum\n"
    for (date, value) in [
      ("1960-01-01", 1.0), ("1960-01-02", 3.3), ("1960-01-03", 12.4), ("1960-01-05", 88.0),
      ("1960-01-06", 1.3),
    ] {
      csv += "\(date),1959-12-31T00:00Z,\(value)\n"
    }
    let path = harness.directory.file("daily.csv")
    try csv.write(toFile: path, atomically: true, encoding: .utf8)
    #expect(
      await harness.run("import", "forecasts", path, "--source", "fc", "--city", "Vaexjoe")
        .exitCode == 0)
    func n(_ extra: String...) async -> String? {
      let result = await harness.run(
        [
          "verify", "--source", "fc", "--var", "precipitation_sum", "--obs", "station:ecad:1",
          "--format", "csv",
        ] + extra)
      #expect(result.exitCode == 0, "\(result)")
      return CSVTable(result.stdout).rows.first?["n"]
    }
    #expect(await n() == "4")
    #expect(await n("--include-suspect") == "5")
    let table = await harness.run(
      "verify", "--source", "fc", "--var", "precipitation_sum", "--obs", "station:ecad:1",
      "--format", "table")
    #expect(
      table.stdout.contains("provider-flagged observation values left out"), "\(table.stdout)")
  }

  @Test(
    "trace precipitation is stored as 0 with a trace flag; verify keeps it unless --exclude-trace"
  )
  func traceFlagged() async throws {
    let harness = CLIHarness(now: Date(timeIntervalSince1970: 1_702_000_000))
    try await Ingest.addCity(harness, "Reno", latitude: 39.5, longitude: -119.77, zone: "UTC")
    let file = Self.fixtures.appendingPathComponent("isdlite/derived-724940-23234-2020.gz").path
    let imported = await harness.run(
      "import", "observations", "--format", "isd-lite", file, "--city", "Reno")
    #expect(imported.exitCode == 0, "\(imported)")
    #expect(imported.stderr.contains("2 trace values stored as 0 and flagged"), "\(imported)")
    // 04:00 and 11:00 give -1 (trace); 00:00 and 10:00 a measured 0 without a flag.
    let flags = try Ingest.rows(
      harness,
      """
      SELECT strftime('%H', o.valid_at, 'unixepoch'), o.precipitation, f.flag
      FROM hourly_observations o LEFT JOIN observation_flags f
        ON f.city_id = o.city_id AND f.source = o.source AND f.valid_at = o.valid_at
        AND f.variable = 'precipitation'
      WHERE strftime('%H', o.valid_at, 'unixepoch') IN ('00', '04', '10', '11')
      ORDER BY o.valid_at
      """)
    #expect(
      flags == [
        ["00", "0.0", "NULL"], ["04", "0.0", "trace"], ["10", "0.0", "NULL"],
        ["11", "0.0", "trace"],
      ],
      "\(flags)")

    var csv = "time,issued_at,precipitation\n"
    for hour in 0..<12 {
      let time = WallClock.secondsAsUTC("2020-01-01T00:00")! + Int64(hour) * 3600
      csv += "\(WallClock.utc(epoch: time)),2019-12-31T00:00Z,0.1\n"
    }
    let path = harness.directory.file("fc.csv")
    try csv.write(toFile: path, atomically: true, encoding: .utf8)
    #expect(
      await harness.run("import", "forecasts", path, "--source", "fc", "--city", "Reno")
        .exitCode == 0)
    func verify(_ extra: String...) async -> CLIResult {
      await harness.run(
        [
          "verify", "--source", "fc", "--var", "precipitation", "--obs",
          "station:isd-lite:724940-23234",
        ] + extra)
    }
    // 11 hours have a precipitation (03:00 is missing): the 2 traces count unless excluded.
    let kept = await verify("--format", "csv")
    #expect(kept.exitCode == 0, "\(kept)")
    #expect(CSVTable(kept.stdout).rows.first?["n"] == "11", "\(kept.stdout)")
    let left = await verify("--format", "csv", "--exclude-trace")
    #expect(CSVTable(left.stdout).rows.first?["n"] == "9", "\(left.stdout)")
    let table = await verify("--format", "table", "--exclude-trace")
    #expect(table.stdout.contains("trace precipitation left out (2 stored"), "\(table.stdout)")
    // A trace is no provider flag: the suspect note stays away.
    let plain = await verify("--format", "table")
    #expect(!plain.stdout.contains("provider-flagged"), "\(plain.stdout)")
  }

  @Test("db merge carries links and flags; a good value clears its flag")
  func mergeAndClear() async throws {
    let file = Self.fixtures.appendingPathComponent("ecad/derived-RR_STAID000001.txt").path
    let other = CLIHarness(now: Date(timeIntervalSince1970: 1_702_000_000))
    try await Ingest.addCity(other, "Vaexjoe", latitude: 56.87, longitude: 14.8, zone: "UTC")
    #expect(
      await other.run(
        "import", "observations", "--format", "ecad", file, "--city", "Vaexjoe", "--keep-suspect"
      ).exitCode == 0)
    let otherStore = try other.store()
    try otherStore.write {
      try otherStore.cacheStations(
        [Station(provider: .ecad, id: "1", name: "VAEXJOE", latitude: 56.87, longitude: 14.8)],
        loadedAt: 0)
    }
    #expect(await other.run("station", "link", "Vaexjoe", "ecad:1").exitCode == 0)

    let main = CLIHarness(now: Date(timeIntervalSince1970: 1_702_000_000))
    try await Ingest.addCity(main, "Vaexjoe", latitude: 56.87, longitude: 14.8, zone: "UTC")
    let merged = await main.run("db", "merge", other.databasePath)
    #expect(merged.exitCode == 0, "\(merged)")
    #expect(try Ingest.int(main, "SELECT count(*) FROM observation_flags") == 1)
    #expect(
      try Ingest.rows(main, "SELECT provider, station_id, is_default FROM station_links")
        == [["ecad", "1", "1"]])

    // The same day arrives good (Q_RR 0): stored, and its flag is gone.
    let text = try String(contentsOfFile: file, encoding: .utf8)
    let fixed = text.replacingOccurrences(of: "19600105,  870,    1", with: "19600105,  870,    0")
    #expect(fixed != text, "the fixture's suspect line changed shape")
    let path = main.directory.file("RR_STAID000001.txt")
    try fixed.write(toFile: path, atomically: true, encoding: .utf8)
    #expect(
      await main.run("import", "observations", "--format", "ecad", path, "--city", "Vaexjoe")
        .exitCode == 0)
    #expect(try Ingest.int(main, "SELECT count(*) FROM observation_flags") == 0)
  }
}
