import Foundation
import TestSupport
import Testing

@testable import SkycastModel
@testable import Store

/// SIGKILL mid-write and several writers at once, with the real `skycast` binary.
@Suite struct CrashAndConcurrencyTests {
  /// Environment for a spawned `skycast`: the test's database and the fake server.
  func environment(database: String, server: LoopbackServer, extra: [String: String] = [:])
    -> [String: String]
  {
    var environment = [
      "PATH": "/usr/bin:/bin", "HOME": NSTemporaryDirectory(), "SKYCAST_DB": database,
      "SKYCAST_FORECAST_URL": server.baseURL, "no_proxy": "127.0.0.1,localhost", "LANG": "C.UTF-8",
    ]
    environment.merge(extra) { $1 }
    return environment
  }

  /// A database with `count` cities saved.
  func database(cities count: Int, in directory: TemporaryDirectory) throws -> String {
    let path = directory.file("skycast.sqlite")
    let store = try Store(path: path)
    let places: [(String, Double, Double, String)] = [
      ("Berlin", 52.52, 13.41, "Europe/Berlin"), ("Denver", 39.74, -104.99, "America/Denver"),
      ("Sydney", -33.87, 151.21, "Australia/Sydney"), ("Kolkata", 22.57, 88.36, "Asia/Kolkata"),
    ]
    for place in places.prefix(count) {
      try store.addCity(
        City(name: place.0, latitude: place.1, longitude: place.2, timezone: place.3))
    }
    return path
  }

  /// Every ok fetch has exactly the rows it recorded, no data row lacks its fetch, and SQLite's
  /// integrity check passes.
  func checkWholeFetches(_ path: String) throws -> (okFetches: Int, rows: Int) {
    let database = try Database(path: path)
    #expect(try database.scalarText("PRAGMA integrity_check") == "ok")
    let mismatched = try database.scalarInt(
      """
      SELECT count(*) FROM fetches f WHERE f.status = 'ok' AND f.rows <>
        (SELECT count(*) FROM hourly_forecasts h WHERE h.fetch_id = f.id)
        + (SELECT count(*) FROM daily_forecasts d WHERE d.fetch_id = f.id)
        + (SELECT count(*) FROM current_conditions c WHERE c.fetch_id = f.id)
      """)
    #expect(mismatched == 0, "a fetch with missing or extra rows")
    let orphans = try database.scalarInt(
      "SELECT count(*) FROM hourly_forecasts WHERE fetch_id NOT IN (SELECT id FROM fetches WHERE status = 'ok')"
    )
    #expect(orphans == 0, "data rows without an ok fetch")
    let failedWithRows = try database.scalarInt(
      "SELECT count(*) FROM fetches f WHERE status = 'failed' AND EXISTS (SELECT 1 FROM hourly_forecasts h WHERE h.fetch_id = f.id)"
    )
    #expect(failedWithRows == 0)
    return (
      Int(try database.scalarInt("SELECT count(*) FROM fetches WHERE status = 'ok'") ?? -1),
      Int(try database.scalarInt("SELECT count(*) FROM hourly_forecasts") ?? -1)
    )
  }

  @Test(
    "collect killed with SIGKILL at several points leaves whole fetches only; a re-run completes",
    arguments: [1, 383, 385, 1_100])
  func killedCollect(afterRows: Int) async throws {
    let directory = TemporaryDirectory()
    let server = try FakeOpenMeteo.server(.forecast)
    defer { server.stop() }
    let path = try database(cities: 3, in: directory)
    let child = try ChildProcess(
      arguments: ["collect"],
      environment: environment(
        database: path, server: server, extra: ["SKYCAST_TEST_STOP_AFTER_ROWS": String(afterRows)]),
      directory: directory)
    let state = await child.exited()
    #expect(state == .stopped, "\(state) \(child.stderr)")
    #expect(child.kill9() == .signalled(SIGKILL))
    let afterKill = try checkWholeFetches(path)
    #expect(afterKill.rows % (16 * 24) == 0)
    let rerun = try ChildProcess(
      arguments: ["collect"], environment: environment(database: path, server: server),
      directory: directory)
    #expect((await rerun.exited()) == .exited(0), "\(rerun.stderr)")
    let complete = try checkWholeFetches(path)
    #expect(complete.okFetches == 3)
    #expect(complete.rows == 3 * 16 * 24)
  }

  @Test(
    "two and four overlapping collect runs all finish, without locks or duplicate fetches",
    arguments: [2, 4])
  func overlappingCollects(processes: Int) async throws {
    let directory = TemporaryDirectory()
    let server = try FakeOpenMeteo.server(.forecast)
    defer { server.stop() }
    let path = try database(cities: 4, in: directory)
    let children = try (0..<processes).map { _ in
      try ChildProcess(
        arguments: ["collect"], environment: environment(database: path, server: server),
        directory: directory)
    }
    for child in children {
      #expect((await child.exited()) == .exited(0), "\(child.stderr)")
      #expect(!child.stderr.contains("locked"))
    }
    let result = try checkWholeFetches(path)
    #expect(result.okFetches == 4, "each city stored once; the others were skipped by the re-check")
    #expect(result.rows == 4 * 16 * 24)
  }

  @Test(
    "forced overlapping runs each store whole fetches; a reader sees a consistent snapshot throughout"
  )
  func forcedRunsAndReader() async throws {
    let directory = TemporaryDirectory()
    let server = try FakeOpenMeteo.server(.forecast)
    defer { server.stop() }
    let path = try database(cities: 4, in: directory)
    let writers = try (0..<3).map { _ in
      try ChildProcess(
        arguments: ["collect", "--force"], environment: environment(database: path, server: server),
        directory: directory)
    }
    // One statement = one snapshot: the fetch log's row counts always match the data.
    let check = """
      SELECT (SELECT coalesce(sum(rows), 0) FROM fetches WHERE status = 'ok')
        - (SELECT count(*) FROM hourly_forecasts) - (SELECT count(*) FROM daily_forecasts)
        - (SELECT count(*) FROM current_conditions) AS difference
      """
    var readings = 0
    for _ in 0..<6 {
      let reader = try ChildProcess(
        arguments: ["sql", check, "--format", "csv"],
        environment: environment(database: path, server: server), directory: directory)
      #expect((await reader.exited()) == .exited(0), "\(reader.stderr)")
      #expect(reader.stdout == "difference\r\n0\r\n", "\(reader.stdout)")
      readings += 1
    }
    for writer in writers { #expect((await writer.exited()) == .exited(0), "\(writer.stderr)") }
    let result = try checkWholeFetches(path)
    #expect(result.okFetches == 12)
    #expect(readings == 6)
  }

  @Test("a full disk fails the collect cleanly with nothing half-written")
  func diskFull() async throws {
    let directory = TemporaryDirectory()
    let server = try FakeOpenMeteo.server(.forecast)
    defer { server.stop() }
    let path = try database(cities: 2, in: directory)
    let pages = try Database(path: path).scalarInt("PRAGMA page_count") ?? 0
    let child = try ChildProcess(
      arguments: ["collect"],
      environment: environment(
        database: path, server: server, extra: ["SKYCAST_TEST_MAX_PAGE_COUNT": String(pages + 20)]),
      directory: directory)
    #expect((await child.exited()) == .exited(1))
    #expect(child.stderr.contains("is full"), "\(child.stderr)")
    let result = try checkWholeFetches(path)
    #expect(result.rows == 0)
  }

  /// An hourly observations CSV for Berlin and Denver, `hours` rows each.
  func observationsFile(
    _ directory: TemporaryDirectory, name: String, hours: Int, offset: Double = 0
  ) throws -> String {
    var text = "city,time,temperature_2m,precipitation\n"
    let start = WallClock.secondsAsUTC("2026-01-01T00:00")!
    for city in ["Berlin", "Denver"] {
      for hour in 0..<hours {
        let time = WallClock.iso8601(epoch: start + Int64(hour) * 3600, offset: 0)
        text += "\(city),\(time),\(Double(hour % 30) / 2 + offset),\(hour % 7 == 0 ? "0.4" : "0")\n"
      }
    }
    let path = directory.file(name)
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  @Test(
    "an import killed mid-file leaves nothing of the file; a re-run imports it whole",
    arguments: [1, 150, 399])
  func killedImport(afterRows: Int) async throws {
    let directory = TemporaryDirectory()
    let server = try FakeOpenMeteo.server(.forecast)
    defer { server.stop() }
    let path = try database(cities: 2, in: directory)
    let file = try observationsFile(directory, name: "station.csv", hours: 200)
    let arguments = ["import", "observations", file, "--source", "station"]
    let child = try ChildProcess(
      arguments: arguments,
      environment: environment(
        database: path, server: server, extra: ["SKYCAST_TEST_STOP_AFTER_ROWS": String(afterRows)]),
      directory: directory)
    #expect((await child.exited()) == .stopped, "\(child.stderr)")
    _ = child.kill9()
    let database = try Database(path: path)
    #expect(try database.scalarText("PRAGMA integrity_check") == "ok")
    #expect(try database.scalarInt("SELECT count(*) FROM hourly_observations") == 0)
    #expect(try database.scalarInt("SELECT count(*) FROM fetches") == 0)
    let rerun = try ChildProcess(
      arguments: arguments, environment: environment(database: path, server: server),
      directory: directory)
    #expect((await rerun.exited()) == .exited(0), "\(rerun.stderr)")
    #expect(try database.scalarInt("SELECT count(*) FROM hourly_observations") == 400)
    #expect(
      try database.scalarInt("SELECT count(*) FROM fetches WHERE source = 'import:station'") == 2)
  }

  @Test("four imports at once, two of them the same file, all finish without duplicates")
  func concurrentImports() async throws {
    let directory = TemporaryDirectory()
    let server = try FakeOpenMeteo.server(.forecast)
    defer { server.stop() }
    let path = try database(cities: 2, in: directory)
    let files = try (0..<3).map {
      try observationsFile(directory, name: "file\($0).csv", hours: 300, offset: Double($0))
    }
    let jobs: [(String, String)] = [
      (files[0], "a"), (files[1], "b"), (files[2], "c"), (files[0], "a"),
    ]
    let children = try jobs.map { file, source in
      try ChildProcess(
        arguments: ["import", "observations", file, "--source", source],
        environment: environment(database: path, server: server), directory: directory)
    }
    for child in children {
      #expect((await child.exited()) == .exited(0), "\(child.stderr)")
      #expect(!child.stderr.contains("locked"))
    }
    let database = try Database(path: path)
    #expect(try database.scalarText("PRAGMA integrity_check") == "ok")
    #expect(try database.scalarInt("SELECT count(*) FROM hourly_observations") == 3 * 600)
    #expect(
      try database.scalarInt("SELECT count(*) FROM hourly_observations WHERE source = 'a'") == 600)
  }
}
