import Foundation
import TestSupport
import Testing

@testable import Collect
@testable import OpenMeteo
@testable import SkycastModel
@testable import Store

/// The rules `FetchPipeline` holds once for every product, shown on a forecast product (a batch
/// of cities a request) and a history product (a city and a date chunk a request) against the
/// fake Open-Meteo: a daily rate limit stops the run with the rest not attempted, a failed
/// request leaves one `failed` fetch row and nothing else, a locked database is waited for, and a
/// zone adopted from one request is used by the next.
@Suite struct FetchPipelineTests {
  /// 2026-03-20T09:46:40Z.
  static let now: Int64 = 1_774_000_000

  /// A store with Berlin, Hamburg and Munich (Berlin without a zone when `zoneless`), a fake
  /// Open-Meteo for every API, and a client without retries whose pauses are recorded.
  final class World {
    let directory = TemporaryDirectory()
    let server: LoopbackServer
    let store: Store
    let cities: [City]
    let client: HTTPClient
    let sleeps = LockedBox<[Double]>([])
    let events = LockedBox<[FetchEvent]>([])

    init(
      zoneless: Bool = false, realSleep: Bool = false,
      faults: (@Sendable (RecordedRequest) -> Reply?)? = nil
    ) throws {
      server = try FakeOpenMeteo.server(
        .all, now: { Date(timeIntervalSince1970: TimeInterval(FetchPipelineTests.now)) },
        faults: faults)
      let store = try Store(path: directory.file("fetch.sqlite"))
      self.store = store
      cities = try [
        ("Berlin", 52.52, 13.41), ("Hamburg", 53.55, 9.99), ("Munich", 48.14, 11.58),
      ].map { name, latitude, longitude in
        try store.addCity(
          City(
            id: 0, name: name, latitude: latitude, longitude: longitude,
            timezone: zoneless && name == "Berlin" ? nil : "Europe/Berlin"))
      }
      var endpoints = Endpoints.openMeteo
      endpoints.forecast = server.baseURL
      endpoints.archive = server.baseURL
      endpoints.previousRuns = server.baseURL
      endpoints.ensemble = server.baseURL
      let sleeps = sleeps
      client = HTTPClient(
        endpoints: endpoints, policy: RetryPolicy(retries: 0),
        sleep: { seconds in
          sleeps.withLock { $0.append(seconds) }
          if realSleep { try? await Task.sleep(nanoseconds: 50_000_000) }
        },
        clock: { FetchPipelineTests.now })
    }

    func pipeline<Product: FetchProduct>(_ product: Product) -> FetchPipeline<Product> {
      let events = events
      return FetchPipeline(
        store: store, client: client, product: product, now: { FetchPipelineTests.now },
        onEvent: { event in events.withLock { $0.append(event) } })
    }

    /// `city:source:status:http_status` of every fetch row, in order.
    func fetchRows() throws -> [String] {
      let text = try store.database.scalarText(
        "SELECT group_concat(row, ' ') FROM (SELECT c.name || ':' || f.source || ':' || f.status "
          + "|| ':' || coalesce(f.http_status, '-') AS row FROM fetches f JOIN cities c "
          + "ON c.id = f.city_id ORDER BY f.id)")
      return text.map { $0.split(separator: " ").map(String.init) } ?? []
    }

    func count(_ table: String) throws -> Int64? {
      try store.database.scalarInt("SELECT count(*) FROM \(table)")
    }

    func stop() { server.stop() }
  }

  /// A fault hook that answers the `number`-th request (1-based) with `reply`, and the ones
  /// after it with `after` (nil: the fake's answer).
  static func request(
    _ number: Int, answers reply: Reply, thenAll after: Reply? = nil
  ) -> @Sendable (RecordedRequest) -> Reply? {
    let seen = LockedBox(0)
    return { _ in
      let index = seen.withLock { value -> Int in
        value += 1
        return value
      }
      return index == number ? reply : index > number ? after : nil
    }
  }

  /// The reason of a not-attempted outcome, nil for any other.
  static func notAttempted<Counts>(_ outcome: FetchOutcome<Counts>) -> String? {
    guard case .notAttempted(let reason) = outcome.status else { return nil }
    return reason
  }

  static func httpStatus<Counts>(_ outcome: FetchOutcome<Counts>) -> Int? {
    guard case .failed(let error) = outcome.status else { return nil }
    return error.httpStatus
  }

  /// March `first`…`last` 2026.
  static func march(_ first: Int, _ last: Int) throws -> ClosedRange<LocalDate> {
    try #require(LocalDate(year: 2026, month: 3, day: first))...#require(
      LocalDate(year: 2026, month: 3, day: last))
  }

  static let stopped = "stopped after HTTP 429: \(Reply.RateLimit.daily.reason)"

  @Test("a forecast run stops on a daily limit: one failed fetch row, the rest not attempted")
  func forecastDailyLimit() async throws {
    let world = try World(faults: { _ in .rateLimited(.daily) })
    defer { world.stop() }
    let outcomes = try await world.pipeline(ForecastProduct(options: ForecastRequestOptions()))
      .collect(cities: world.cities, batchSize: 1, minInterval: 0, force: true)
    #expect(outcomes.map(\.city.name) == ["Berlin", "Hamburg", "Munich"])
    #expect(Self.httpStatus(outcomes[0]) == 429)
    #expect(outcomes.dropFirst().map(Self.notAttempted) == [Self.stopped, Self.stopped])
    #expect(world.server.requestCount == 1)
    #expect(world.sleeps.withLock { $0 }.isEmpty, "no pause before a request never sent")
    #expect(try world.fetchRows() == ["Berlin:forecast:failed:429"])
    #expect(try world.count("hourly_forecasts") == 0)
  }

  @Test("a history run stops on a daily limit: one failed fetch row, later chunks not attempted")
  func historyDailyLimit() async throws {
    let world = try World(faults: Self.request(2, answers: .rateLimited(.daily)))
    defer { world.stop() }
    var options = ArchiveRequestOptions()
    options.chunkDays = 1
    let dates = try Self.march(1, 2)
    let outcomes = try await world.pipeline(ArchiveProduct(options: options))
      .observe(cities: Array(world.cities.prefix(2)), dates: dates)
    #expect(
      outcomes.map { "\($0.city.name) \($0.datesText ?? "")" } == [
        "Berlin 2026-03-01", "Berlin 2026-03-02", "Hamburg 2026-03-01", "Hamburg 2026-03-02",
      ])
    guard case .stored(let counts) = outcomes[0].status else {
      Issue.record("the first chunk was not stored: \(outcomes[0].status)")
      return
    }
    #expect(counts.daily == 1)
    #expect(Self.httpStatus(outcomes[1]) == 429)
    #expect(outcomes.dropFirst(2).map(Self.notAttempted) == [Self.stopped, Self.stopped])
    #expect(world.server.requestCount == 2)
    #expect(world.sleeps.withLock { $0.count } == 1, "one pause, after the first request")
    #expect(try world.fetchRows() == ["Berlin:era5:ok:200", "Berlin:era5:failed:429"])
    #expect(try world.count("daily_observations") == 1, "only the stored chunk's date")
  }

  @Test("a daily limit met in the city-by-city retry of a failed batch stops the rest of it")
  func dailyLimitInBatchRetry() async throws {
    let world = try World(
      faults: Self.request(
        1, answers: .openMeteoError(status: 500, reason: "busy"), thenAll: .rateLimited(.daily)))
    defer { world.stop() }
    let outcomes = try await world.pipeline(ForecastProduct(options: ForecastRequestOptions()))
      .collect(cities: world.cities, batchSize: 3, minInterval: 0, force: true)
    #expect(Self.httpStatus(outcomes[0]) == 429)
    #expect(outcomes.dropFirst().map(Self.notAttempted) == [Self.stopped, Self.stopped])
    #expect(world.server.requestCount == 2, "the batch, then Berlin alone")
    #expect(try world.fetchRows() == ["Berlin:forecast:failed:429"])
  }

  @Test("a failed previous-runs request leaves one failed fetch row and nothing else")
  func historyFailedRow() async throws {
    let world = try World(faults: { _ in .openMeteoError(status: 500, reason: "down") })
    defer { world.stop() }
    let dates = try Self.march(1, 2)
    let outcomes = try await world.pipeline(PreviousRunsProduct())
      .fetch([(world.cities[0], dates)])
    #expect(outcomes.map(Self.httpStatus) == [500])
    #expect(try world.fetchRows() == ["Berlin:previous-runs:failed:500"])
    #expect(try world.count("hourly_forecasts") == 0)
  }

  @Test("a history write that meets another process's lock is retried and stored")
  func historyLockedWrite() async throws {
    let world = try World(realSleep: true)
    defer { world.stop() }
    try world.store.database.execute("PRAGMA busy_timeout = 100")
    let other = try Database(path: world.directory.file("fetch.sqlite"))
    try other.execute("BEGIN IMMEDIATE")
    let release = Task {
      try await Task.sleep(nanoseconds: 400_000_000)
      try other.execute("COMMIT")
    }
    let outcomes = try await world.pipeline(ArchiveProduct())
      .observe(cities: [world.cities[0]], dates: try Self.march(1, 1))
    try await release.value
    guard case .stored(let counts) = outcomes.first?.status else {
      Issue.record("not stored: \(String(describing: outcomes.first?.status))")
      return
    }
    #expect(counts.hourly == 24)
    let retries = world.events.withLock { events in
      events.compactMap { event -> [String]? in
        guard case .writeRetry(let cities, _) = event else { return nil }
        return cities.map(\.name)
      }
    }
    #expect(!retries.isEmpty && retries.allSatisfy { $0 == ["Berlin"] }, "\(retries)")
    #expect(try world.fetchRows() == ["Berlin:era5:ok:200"])
  }

  @Test("a zone adopted from one chunk's reply is asked for in the next chunk")
  func zoneAdoptedAcrossChunks() async throws {
    let world = try World(zoneless: true)
    defer { world.stop() }
    var options = PreviousRunsRequestOptions()
    options.chunkDays = 1
    options.days = 1
    let dates = try Self.march(1, 2)
    let outcomes = try await world.pipeline(PreviousRunsProduct(options: options))
      .fetch([(world.cities[0], dates)])
    #expect(outcomes.map(\.isFailure) == [false, false])
    #expect(world.server.requests.map { $0.query["timezone"] } == ["auto", "Europe/Berlin"])
    #expect(outcomes.last?.city.timezone == "Europe/Berlin")
  }
}
