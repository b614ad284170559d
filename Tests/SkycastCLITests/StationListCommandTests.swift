import Foundation
import SkycastModel
import Store
import TestSupport
import Testing

/// Station lists that cannot crash later commands: `station load` leaves out what
/// `Station.problem` refuses and says so; a station or link stored before the checks can be
/// shown, is not linked again and never becomes a request path.
@Suite struct StationListCommandTests {
  static let header =
    "GHCN_ID,LATITUDE,LONGITUDE,ELEVATION,STATE,NAME,GSN,(US)HCN_(US)CRN,WMO_ID,ICAO,ISO_CODE\n"

  @Test("station load caches the good rows and names each left-out line with its reason")
  func loadSkips() async throws {
    let harness = try await ObserveStationTests.harness()
    let file = harness.directory.file("list.csv")
    try Data(
      (Self.header + "GMM00010379,52.38,13.06,81.0,,POTSDAM,,,,,GM\n"
        + "GMM00010380,52.38,13.06,99999999,,HIGH,,,,,GM\n"
        + "../../../../etc/x,52.38,13.06,10,,PATH,,,,,GM\n").utf8
    ).write(to: URL(fileURLWithPath: file))
    let load = await harness.run("station", "load", "ghcnh", file)
    #expect(load.exitCode == 0, "\(load)")
    #expect(load.stderr.contains("cached 1 ghcnh stations"), "\(load.stderr)")
    #expect(
      load.stderr.contains(
        "2 stations left out: line 3 (GMM00010380): elevation 99999999.0 m is outside -500…9000; line 4 (../../../../etc/x): station id"
      ), "\(load.stderr)")
    #expect(try Ingest.int(harness, "SELECT count(*) FROM stations") == 1)
    let link = await harness.run("station", "link", "Potsdam", "ghcnh:GMM00010380")
    #expect(link.exitCode == 1 && link.stderr.contains("not in the cached ghcnh list"), "\(link)")
  }

  /// Plants a station and a default link the way a list of before the checks left them.
  static func plant(_ harness: CLIHarness, city name: String, station: Station) throws {
    let store = try harness.store()
    let city = try store.resolveCity(name)
    try store.write {
      try store.cacheStations([station], loadedAt: 0)
      try store.link(
        StationLink(
          cityID: city.id, station: station, distanceKm: 1, elevationDifference: 1e19,
          isDefault: true), at: 0)
    }
  }

  @Test("a cached station of 1e19 m is refused by station link, and now shows the old link")
  func oldStation() async throws {
    let harness = ViewsFixtures.harness(at: ViewsFixtures.copenhagenFetchedAt + 600)
    try ViewsFixtures.storeCopenhagen(harness)
    let station = Station(
      provider: .dwd, id: "02564", name: "Kiel", latitude: 54.38, longitude: 10.14,
      elevation: 1e19)
    try Self.plant(harness, city: "Copenhagen", station: station)
    let now = await harness.run("now", "Copenhagen")
    #expect(now.exitCode == 0, "\(now)")
    #expect(now.stdout.contains("+10000000000000000000 m"), "\(now.stdout)")
    let list = await harness.run("station", "list", "--format", "csv")
    #expect(list.exitCode == 0, "\(list)")
    let link = await harness.run("station", "link", "Copenhagen", "dwd:02564")
    #expect(link.exitCode == 1, "\(link)")
    #expect(
      link.stderr.contains(
        "station dwd:02564 cannot be linked: elevation 1e+19 m is outside -500…9000; load the dwd list again"
      ), "\(link.stderr)")
  }

  @Test("observe --station linked refuses a linked id that is a path, and asks no server")
  func linkedPath() async throws {
    let server = try LoopbackServer { _ in .text(status: 404, body: "Not Found") }
    defer { server.stop() }
    let harness = try await ObserveStationTests.harness()
    let station = Station(
      provider: .meteostat, id: "../../../../etc/x", name: "X", latitude: 52.4, longitude: 13.1)
    try Self.plant(harness, city: "Potsdam", station: station)
    let result = await harness.run(
      "observe", "--station", "linked", "--meteostat-url", server.baseURL)
    #expect(result.exitCode == 1, "\(result)")
    #expect(
      result.stderr.contains("linked meteostat station id '../../../../etc/x' is not"),
      "\(result.stderr)")
    #expect(server.requests.isEmpty, "\(server.requests.map(\.target))")
  }

  /// A link of before the checks with a station at 1e19 m: `verify --lapse-rate` would move
  /// every temperature by 6.5e16 K and `collect --elevation station` would send it as a request.
  @Test("verify --lapse-rate and collect --elevation station refuse a link at 1e19 m")
  func oldLinkRefused() async throws {
    let server = try LoopbackServer { _ in .text(status: 500, body: "unexpected") }
    defer { server.stop() }
    let harness = ViewsFixtures.harness(at: ViewsFixtures.copenhagenFetchedAt + 600)
    harness.use(server: server.baseURL)
    try ViewsFixtures.storeCopenhagen(harness)
    let station = Station(
      provider: .dwd, id: "02564", name: "Kiel", latitude: 54.38, longitude: 10.14,
      elevation: 1e19)
    try Self.plant(harness, city: "Copenhagen", station: station)
    let verify = await harness.run("verify", "--obs", "station", "--lapse-rate")
    #expect(verify.exitCode == 1, "\(verify)")
    #expect(
      verify.stderr.contains(
        "--lapse-rate: the link of Copenhagen to dwd:02564 has an impossible elevation (elevation 1e+19 m is outside -500…9000)"
      ), "\(verify.stderr)")
    let collect = await harness.run("collect", "--elevation", "station", "--force")
    #expect(collect.exitCode == 1, "\(collect)")
    #expect(
      collect.stderr.contains(
        "--elevation station: the default station of Copenhagen has an impossible elevation (1e+19 m"
      ), "\(collect.stderr)")
    #expect(server.requests.isEmpty, "\(server.requests.map(\.target))")
  }

  /// `db check` reports a station or link that breaks the station rules; `db merge` leaves
  /// them out of the other file and counts them.
  @Test("db check names a planted 1e19 m station and path id; db merge does not copy them")
  func checkAndMerge() async throws {
    let planted = try await ObserveStationTests.harness()
    try Self.plant(
      planted, city: "Potsdam",
      station: Station(
        provider: .dwd, id: "02564", name: "Kiel", latitude: 54.38, longitude: 10.14,
        elevation: 1e19))
    try Self.plant(
      planted, city: "Potsdam",
      station: Station(
        provider: .meteostat, id: "../../../../etc/x", name: "X\u{1B}[2J", latitude: 52.4,
        longitude: 13.1))
    let check = await planted.run("db", "check")
    #expect(check.exitCode == 1, "\(check)")
    let text = check.stdout + check.stderr
    #expect(
      text.contains("stations: 1 row with elevation not a number in -500…9000"), "\(text)")
    #expect(text.contains("station_links: 1 row with station_id not a station id"), "\(text)")
    #expect(text.contains("stations: 1 row with name not text, or with control characters"))

    let main = try await ObserveStationTests.harness()
    let merge = await main.run("db", "merge", planted.databasePath)
    #expect(merge.exitCode == 0, "\(merge)")
    #expect(try Ingest.int(main, "SELECT count(*) FROM stations") == 0)
    #expect(try Ingest.int(main, "SELECT count(*) FROM station_links") == 0)
    #expect(await main.run("db", "check").stdout == "ok\n")
  }
}
