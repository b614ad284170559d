import Foundation
import TestSupport
import Testing

@testable import Collect
@testable import OpenMeteo
@testable import SkycastModel
@testable import Store

/// One bad city never costs the others, and data is never filed under the wrong city: replies
/// with repeated hours, shuffled locations, far-away grid points, no requested variables or
/// impossible values, and a database locked by another process.
@Suite struct CollectIsolationTests {
  /// A saved city and the coordinates the fake answers with.
  struct Place {
    let name: String
    let latitude: Double
    let longitude: Double
  }

  static let places = [
    Place(name: "Berlin", latitude: 52.52, longitude: 13.41),
    Place(name: "Hamburg", latitude: 53.55, longitude: 9.99),
    Place(name: "Munich", latitude: 48.14, longitude: 11.58),
  ]

  /// The request's hour (1_774_000_000 floored) and the next 24.
  static let start: Int64 = 1_774_000_000 / 3600 * 3600

  /// One location of a reply: 24 hourly temperatures from `start`, in `Europe/Berlin`.
  static func location(
    _ place: Place, id: Int?, times: [Int64]? = nil, key: String = "temperature_2m",
    value: Double = 5.5, offset: Int = 3600
  ) -> String {
    let instants = times ?? (0..<24).map { start + Int64($0) * 3600 }
    let values = instants.indices.map { $0 == 3 ? String(value) : "5.0" }
    return "{\"latitude\":\(place.latitude),\"longitude\":\(place.longitude),"
      + (id.map { "\"location_id\":\($0)," } ?? "")
      + "\"utc_offset_seconds\":\(offset),\"timezone\":\"Europe/Berlin\","
      + "\"hourly_units\":{\"time\":\"unixtime\",\"\(key)\":\"°C\"},"
      + "\"hourly\":{\"time\":[\(instants.map(String.init).joined(separator: ","))],"
      + "\"\(key)\":[\(values.joined(separator: ","))]}}"
  }

  /// A harness with the three places saved, pointed at a server that answers `body`.
  static func harness(answering body: String) async throws -> (CLIHarness, LoopbackServer) {
    let server = try LoopbackServer { _ in .ok(body) }
    let harness = CLIHarness()
    harness.use(server: server.baseURL)
    for place in places {
      _ = await harness.run(
        "city", "add", "--name", place.name, "--lat", "\(place.latitude)", "--lon",
        "\(place.longitude)", "--timezone", "Europe/Berlin")
    }
    return (harness, server)
  }

  static func status(_ harness: CLIHarness, _ city: String) throws -> String? {
    try harness.scalar(
      "SELECT group_concat(f.status) FROM fetches f JOIN cities c ON c.id = f.city_id "
        + "WHERE c.name = '\(city)'")
  }

  @Test("a city whose reply repeats an hour fails alone; the others are stored")
  func repeatedHour() async throws {
    var times = (0..<24).map { Self.start + Int64($0) * 3600 }
    times[5] = times[4]
    let body =
      "[" + Self.location(Self.places[0], id: nil) + ","
      + Self.location(Self.places[1], id: 1, times: times) + ","
      + Self.location(Self.places[2], id: 2) + "]"
    let (harness, server) = try await Self.harness(answering: body)
    defer { server.stop() }
    let result = await harness.run("collect", "--retries", "0")
    #expect(result.exitCode == 1, "\(result)")
    #expect(result.stderr.contains("Hamburg: failed:"), "\(result.stderr)")
    #expect(result.stderr.contains("repeats"), "\(result.stderr)")
    #expect(try Self.status(harness, "Berlin") == "ok")
    #expect(try Self.status(harness, "Hamburg") == "failed")
    #expect(try Self.status(harness, "Munich") == "ok")
    #expect(try harness.scalar("SELECT count(*) FROM hourly_forecasts") == "48")
  }

  @Test("locations answered in another order are filed by location_id")
  func shuffled() async throws {
    let body =
      "[" + Self.location(Self.places[2], id: 2) + "," + Self.location(Self.places[0], id: 0)
      + "," + Self.location(Self.places[1], id: 1) + "]"
    let (harness, server) = try await Self.harness(answering: body)
    defer { server.stop() }
    let result = await harness.run("collect")
    #expect(result.exitCode == 0, "\(result)")
    for place in Self.places {
      let latitude = try harness.scalar(
        "SELECT f.grid_latitude FROM fetches f JOIN cities c ON c.id = f.city_id "
          + "WHERE c.name = '\(place.name)'")
      #expect(latitude.flatMap(Double.init) == place.latitude, "\(place.name)")
    }
  }

  @Test("a grid point far from the city is refused for that city; another zone is a warning")
  func farAwayOrOtherZone() async throws {
    // Berlin answered with Munich's coordinates (no location_id: positions are trusted), and
    // Hamburg answered with a UTC offset its zone never has: stored, with a warning.
    let body =
      "[" + Self.location(Self.places[2], id: nil) + ","
      + Self.location(Self.places[1], id: 1, offset: -18_000) + ","
      + Self.location(Self.places[2], id: 2) + "]"
    let (harness, server) = try await Self.harness(answering: body)
    defer { server.stop() }
    let result = await harness.run("collect", "--retries", "0")
    #expect(result.exitCode == 1)
    #expect(result.stderr.contains("Berlin: failed:"), "\(result.stderr)")
    #expect(result.stderr.contains("km from the city"), "\(result.stderr)")
    #expect(result.stderr.contains("UTC offset -05:00"), "\(result.stderr)")
    #expect(try Self.status(harness, "Berlin") == "failed")
    #expect(try Self.status(harness, "Hamburg") == "ok")
    #expect(
      result.stderr.contains("warning: Hamburg: the reply is for UTC offset"), "\(result.stderr)")
    #expect(try Self.status(harness, "Munich") == "ok")
  }

  @Test("a 200 with none of the requested variables is a failed fetch, so the next run retries")
  func noRequestedVariables() async throws {
    // `--models a,b` answered without model suffixes: every key is ignored.
    let body =
      "[" + Self.places.enumerated().map { Self.location($1, id: $0) }.joined(separator: ",") + "]"
    let (harness, server) = try await Self.harness(answering: body)
    defer { server.stop() }
    let result = await harness.run("collect", "--models", "gfs_seamless,icon_seamless")
    #expect(result.exitCode == 1, "\(result)")
    #expect(result.stderr.contains("none of the requested variables"), "\(result.stderr)")
    #expect(try harness.scalar("SELECT count(*) FROM fetches WHERE status = 'ok'") == "0")
    let again = await harness.run("collect", "--models", "gfs_seamless,icon_seamless")
    #expect(!again.stderr.contains("skipped"), "a failed fetch never makes a city fresh")
  }

  @Test("an impossible value from the server is stored as NULL with a warning")
  func implausibleValue() async throws {
    let body =
      "["
      + Self.places.enumerated().map { Self.location($1, id: $0, value: 9999) }
      .joined(separator: ",") + "]"
    let (harness, server) = try await Self.harness(answering: body)
    defer { server.stop() }
    let result = await harness.run("collect")
    #expect(result.exitCode == 0, "\(result)")
    #expect(result.stderr.contains("outside the plausible range -80…60"), "\(result.stderr)")
    // The hour left with no value at all is not stored (rows whose every value is NULL never are).
    #expect(try harness.scalar("SELECT count(*) FROM hourly_forecasts") == "69")
    #expect(try harness.scalar("SELECT max(temperature_2m) FROM hourly_forecasts") == "5.0")
  }

  /// `collect -v` of Berlin against `server` with `SKYCAST_API_KEY` set to `key`.
  static func collectVerbosely(key: String, server: LoopbackServer) async -> (
    CLIHarness, CLIResult
  ) {
    let harness = CLIHarness()
    harness.use(server: server.baseURL)
    harness.environment["SKYCAST_API_KEY"] = key
    _ = await harness.run(
      "city", "add", "--name", "Berlin", "--lat", "52.52", "--lon", "13.41", "--timezone",
      "Europe/Berlin")
    return (harness, await harness.run("-v", "collect", "--retries", "1"))
  }

  @Test("with SKYCAST_API_KEY set, a server that echoes it leaves it in no output and no file")
  func keyNeverLeaks() async throws {
    let key = "sk-SECRET-4711"
    let server = try LoopbackServer { request in
      .openMeteoError(status: 503, reason: "upstream failed for \(request.target)")
    }
    defer { server.stop() }
    let (harness, result) = await Self.collectVerbosely(key: key, server: server)
    #expect(result.exitCode == 1)
    #expect(server.requests.first?.query["apikey"] == key, "the key is sent")
    #expect(result.stderr.contains("[redacted]"), "\(result.stderr)")
    let exported = await harness.run("export", "fetches", "--format", "csv")
    for text in [result.stdout, result.stderr, exported.stdout] {
      #expect(!text.contains(key))
      #expect(!text.contains("SECRET"))
    }
    for suffix in ["", "-wal"] {
      let bytes =
        (try? Data(contentsOf: URL(fileURLWithPath: harness.databasePath + suffix))) ?? Data()
      #expect(bytes.range(of: Data(key.utf8)) == nil, "the key is in the database file\(suffix)")
    }
  }

  @Test(
    "a redirect that nests the request URL, key included, once or twice encoded, prints no form of the key",
    arguments: ["sk-SECRET-4711", "k3y/with+special=chars&more"])
  func keyNeverLeaksThroughRedirects(key: String) async throws {
    let server = try LoopbackServer { request in
      guard request.query["hop"] == nil else {
        return .openMeteoError(status: 503, reason: "upstream failed for \(request.target)")
      }
      // The request's own target, key included, in the query of the next hop: encoded once
      // (`%26apikey%3D…`) and twice (`%2526apikey%253D…`).
      let once = request.target.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
      let twice = once.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
      return .custom(
        status: 302,
        headers: [.init("Location", "/v1/forecast?hop=1&next=\(once)&again=\(twice)")], body: [])
    }
    defer { server.stop() }
    let (harness, result) = await Self.collectVerbosely(key: key, server: server)
    #expect(result.exitCode == 1, "\(result)")
    #expect(result.stderr.contains("redirected to"), "\(result)")
    #expect(server.requests.count >= 2, "the redirect is followed")
    let exported = await harness.run("export", "fetches", "--format", "csv")
    let distinctive = String(key.prefix(6))
    for text in [result.stdout, result.stderr, exported.stdout] {
      #expect(!text.lowercased().contains(distinctive.lowercased()), "\(text)")
      #expect(!text.contains("SECRET"), "\(text)")
    }
  }

  // MARK: - A locked database

  /// A forecast pipeline whose store gives up on a lock after 100 ms, against the fake forecast
  /// API.
  static func collector(
    _ directory: TemporaryDirectory, server: LoopbackServer, events: LockedBox<[FetchEvent]>
  ) throws -> (FetchPipeline<ForecastProduct>, Store, City) {
    let store = try Store(path: directory.file("locked.sqlite"))
    try store.database.execute("PRAGMA busy_timeout = 100")
    let city = try store.addCity(
      City(id: 0, name: "Berlin", latitude: 52.52, longitude: 13.41, timezone: "Europe/Berlin"))
    var endpoints = Endpoints.openMeteo
    endpoints.forecast = server.baseURL
    let client = HTTPClient(
      endpoints: endpoints, sleep: { _ in try? await Task.sleep(nanoseconds: 50_000_000) })
    let collector = FetchPipeline(
      store: store, client: client, product: ForecastProduct(options: ForecastRequestOptions()),
      now: { 1_774_000_000 }, onEvent: { event in events.withLock { $0.append(event) } })
    return (collector, store, city)
  }

  @Test("a collect that meets another writer's lock waits and stores what it fetched")
  func lockReleased() async throws {
    let directory = TemporaryDirectory()
    let server = try FakeOpenMeteo.server(
      .forecast, now: { Date(timeIntervalSince1970: 1_774_000_000) })
    defer { server.stop() }
    let events = LockedBox<[FetchEvent]>([])
    let (collector, _, city) = try Self.collector(directory, server: server, events: events)
    let other = try Database(path: directory.file("locked.sqlite"))
    try other.execute("BEGIN IMMEDIATE")
    let release = Task {
      try await Task.sleep(nanoseconds: 400_000_000)
      try other.execute("COMMIT")
    }
    let outcomes = try await collector.collect(
      cities: [city], batchSize: ForecastProduct.defaultBatchSize, minInterval: 0, force: true)
    try await release.value
    guard case .stored(let counts) = outcomes.first?.status else {
      Issue.record("not stored: \(String(describing: outcomes.first?.status))")
      return
    }
    #expect(counts.rows > 0)
    #expect(events.withLock { $0.contains { if case .writeRetry = $0 { true } else { false } } })
  }

  @Test("a lock that never goes away fails the city without losing the run")
  func lockHeld() async throws {
    let directory = TemporaryDirectory()
    let server = try FakeOpenMeteo.server(
      .forecast, now: { Date(timeIntervalSince1970: 1_774_000_000) })
    defer { server.stop() }
    let events = LockedBox<[FetchEvent]>([])
    let (collector, store, city) = try Self.collector(directory, server: server, events: events)
    let other = try Database(path: directory.file("locked.sqlite"))
    try other.execute("BEGIN IMMEDIATE")
    let outcomes = try await collector.collect(
      cities: [city], batchSize: ForecastProduct.defaultBatchSize, minInterval: 0, force: true)
    try other.execute("ROLLBACK")
    guard case .failed(let error) = outcomes.first?.status else {
      Issue.record("expected a failure: \(String(describing: outcomes.first?.status))")
      return
    }
    #expect(error.description.contains("stayed locked"), "\(error)")
    #expect(try store.database.scalarInt("SELECT count(*) FROM hourly_forecasts") == 0)
  }
}

/// The same checks guard `observe`: an archive reply that repeats an hour is a failed fetch of
/// that request, and nothing of it is stored.
@Suite struct ObserveIsolationTests {
  @Test("an archive reply that repeats an hour is a failed fetch; nothing of it is stored")
  func repeatedHour() async throws {
    let start = WallClock.secondsAsUTC("2026-03-10T00:00")!
    var times = (0..<24).map { start + Int64($0) * 3600 }
    times[7] = times[6]
    let body = CollectIsolationTests.location(
      CollectIsolationTests.places[0], id: nil, times: times)
    let server = try LoopbackServer { _ in .ok(body) }
    defer { server.stop() }
    let harness = CLIHarness()
    harness.use(server: server.baseURL)
    _ = await harness.run(
      "city", "add", "--name", "Berlin", "--lat", "52.52", "--lon", "13.41", "--timezone",
      "Europe/Berlin")
    let result = await harness.run(
      "observe", "--from", "2026-03-10", "--to", "2026-03-10", "--retries", "0")
    #expect(result.exitCode == 1, "\(result)")
    #expect(result.stderr.contains("repeats"), "\(result.stderr)")
    #expect(try harness.scalar("SELECT status FROM fetches") == "failed")
    #expect(try harness.scalar("SELECT count(*) FROM hourly_observations") == "0")
  }
}
