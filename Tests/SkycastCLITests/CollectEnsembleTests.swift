import Foundation
import TestSupport
import Testing

@testable import SkycastModel
@testable import Store

/// `collect --ensemble` against the derived Ensemble API fixture replayed on a loopback server.
@Suite struct CollectEnsembleTests {
  static let fixture = "derived-ensemble-berlin-copenhagen-icon-gefs"
  static let models = "dwd_icon_seamless_eps,ncep_gefs025"

  /// A harness with Berlin and Copenhagen saved (the fixture's two locations), every API host
  /// pointed at `server`.
  func harness(_ server: LoopbackServer) async -> CLIHarness {
    let harness = CLIHarness()
    harness.use(server: server.baseURL)
    harness.environment["SKYCAST_ENSEMBLE_URL"] = server.baseURL
    _ = await harness.run(
      "city", "add", "--name", "Berlin", "--lat", "52.52", "--lon", "13.41", "--timezone",
      "Europe/Berlin")
    _ = await harness.run(
      "city", "add", "--name", "Copenhagen", "--lat", "55.68", "--lon", "12.57", "--timezone",
      "Europe/Copenhagen")
    return harness
  }

  func replay(_ reply: Reply? = nil) throws -> LoopbackServer {
    let body = reply ?? .ok(Fixtures.text(Self.fixture))
    return try LoopbackServer { request in
      request.path == "/v1/ensemble" ? body : .openMeteoError(status: 404, reason: "Not Found")
    }
  }

  @Test("db merge carries the ensemble members of added fetches once; a second merge adds none")
  func mergeCarriesEnsembles() async throws {
    let server = try replay()
    defer { server.stop() }
    let collector = await harness(server)
    #expect(await collector.run("collect", "--ensemble", Self.models).exitCode == 0)
    let target = CLIHarness()
    _ = await target.run(
      "city", "add", "--name", "Berlin", "--lat", "52.52", "--lon", "13.41", "--timezone",
      "Europe/Berlin")
    let first = await target.run("db", "merge", collector.databasePath)
    #expect(first.exitCode == 0, "\(first)")
    let members = """
      SELECT c.name, e.model, e.variable, e.valid_at, e.issued_at, e.lead_hours, hex(e.members)
      FROM ensemble_forecasts e JOIN cities c ON c.id = e.city_id
      ORDER BY 1, 2, 3, 4
      """
    let stored = try collector.store().database.query(members).map(\.values)
    #expect(!stored.isEmpty)
    #expect(try target.store().database.query(members).map(\.values) == stored)
    let second = await target.run("db", "merge", collector.databasePath)
    #expect(second.exitCode == 0, "\(second)")
    #expect(try target.store().database.query(members).map(\.values) == stored)
  }

  @Test("a replayed two-model, two-city reply is stored in one fetch per city, members exact")
  func storesMembersExactly() async throws {
    let server = try replay()
    defer { server.stop() }
    let harness = await harness(server)
    let result = await harness.run("collect", "--ensemble", Self.models)
    #expect(result.exitCode == 0, "\(result)")
    #expect(result.stderr.contains("collected 2/2 cities"), "\(result)")
    let requests = server.requests(path: "/v1/ensemble")
    #expect(requests.count == 1, "both cities share one request")
    #expect(requests.first?.list("models") == ["dwd_icon_seamless_eps", "ncep_gefs025"])
    #expect(
      requests.first?.list("hourly") == ["temperature_2m", "precipitation", "wind_speed_10m"])
    #expect(requests.first?.query["forecast_days"] == "15")
    let database = try harness.store().database
    let fetches = try database.query(
      "SELECT * FROM fetches WHERE source = 'ensemble' ORDER BY city_id")
    #expect(fetches.count == 2)
    let sha = SHA256.hexDigest(Array(Fixtures.data(Self.fixture)))
    // 3 variables × (40 + 31) members over 15 days, per location (Open-Meteo's own weighting).
    let weight = max(1, 213.0 / 10, 15.0 / 14 * 213 / 10)
    for fetch in fetches {
      #expect(fetch["status"] == .text("ok"))
      #expect(fetch["model"] == .text(Self.models))
      #expect(fetch["body_sha256"] == .text(sha))
      #expect(abs((fetch["call_weight"].doubleValue ?? 0) - weight) < 1e-9)
      // 24 hours × 3 variables × 2 models.
      #expect(fetch["rows"] == .integer(24 * 3 * 2))
    }
    let sizes = try database.query(
      "SELECT model, min(ens_size(members)), max(ens_size(members)) FROM ensemble_forecasts GROUP BY model ORDER BY model"
    )
    #expect(sizes.map { $0[0] } == [.text("dwd_icon_seamless_eps"), .text("ncep_gefs025")])
    #expect(sizes.map { $0[1] } == [.integer(40), .integer(31)])
    #expect(sizes.map { $0[2] } == [.integer(40), .integer(31)])

    // Every member value of the fixture comes back through ens_member as its Float32.
    let root = try #require(
      try JSONSerialization.jsonObject(with: Fixtures.data(Self.fixture)) as? [[String: Any]])
    var checked = 0
    for (cityID, location) in zip([1, 2], root) {
      let hourly = try #require(location["hourly"] as? [String: Any])
      let offset = try #require(location["utc_offset_seconds"] as? Int)
      let times = try #require(hourly["time"] as? [String])
      for (key, column) in hourly where key != "time" {
        let values = try #require(column as? [Any])
        let parts = try #require(Self.split(key))
        for (step, time) in times.enumerated() {
          let validAt = try #require(WallClock.secondsAsUTC(time)) - Int64(offset)
          let stored = try database.scalar(
            """
            SELECT ens_member(members, ?) FROM ensemble_forecasts
            WHERE city_id = ? AND model = ? AND variable = ? AND valid_at = ?
            """,
            [
              .integer(Int64(parts.member)), .integer(Int64(cityID)), .text(parts.model),
              .text(parts.variable), .integer(validAt),
            ])
          if let number = values[step] as? Double {
            let canonical = parts.variable == "wind_speed_10m" ? number * 3.6 : number
            #expect(stored == .real(Double(Float(canonical))), "\(key) \(time)")
          } else {
            #expect(stored == .null, "\(key) \(time) is null in the reply")
          }
          checked += 1
        }
      }
    }
    #expect(checked == 2 * 24 * 3 * (40 + 31))
    // The all-null member keeps its slot, so member numbers stay aligned.
    #expect(
      try database.scalarInt(
        "SELECT count(*) FROM ensemble_forecasts WHERE city_id = 1 AND model = 'ncep_gefs025' AND ens_member(members, 7) IS NULL"
      ) == 72)
  }

  /// `temperature_2m_member07_ncep_gefs025` → (temperature_2m, 7, ncep_gefs025).
  static func split(_ key: String) -> (variable: String, member: Int, model: String)? {
    for variable in ["temperature_2m", "precipitation", "wind_speed_10m"]
    where key.hasPrefix(variable + "_") {
      var rest = key.dropFirst(variable.count + 1)
      var member = 0
      if rest.hasPrefix("member") {
        member = Int(rest.dropFirst(6).prefix(2)) ?? -1
        rest = rest.dropFirst(9)
      }
      return (variable, member, String(rest))
    }
    return nil
  }

  @Test("a second run within --min-interval skips; a deterministic fetch does not count")
  func freshness() async throws {
    let server = try replay()
    defer { server.stop() }
    let harness = await harness(server)
    let first = await harness.run("collect", "--ensemble", Self.models)
    #expect(first.exitCode == 0, "\(first)")
    let second = await harness.run("collect", "--ensemble", Self.models)
    #expect(second.exitCode == 0, "\(second)")
    #expect(second.stderr.contains("2 skipped"), "\(second)")
    #expect(server.requestCount(path: "/v1/ensemble") == 1)
    let forced = await harness.run("collect", "--ensemble", Self.models, "--force")
    #expect(forced.exitCode == 0, "\(forced)")
    #expect(server.requestCount(path: "/v1/ensemble") == 2)
    let database = try harness.store().database
    #expect(try database.scalarInt("SELECT count(DISTINCT fetch_id) FROM ensemble_forecasts") == 4)
    // A deterministic forecast fetch in the fetch log leaves the ensemble due.
    let store = try harness.store()
    _ = try store.write {
      try store.insertFetch(
        FetchRecord(
          cityID: 1, source: .forecast, model: "best_match", requestedAt: 1_774_000_000,
          status: .ok))
    }
    #expect(
      try store.freshFetch(
        cityID: 1, source: .ensemble, now: 1_774_000_000 + 3600, minInterval: 1800) == nil)
  }

  @Test("--dry-run prints the ensemble URL and call weight and fetches nothing")
  func dryRun() async throws {
    let server = try replay()
    defer { server.stop() }
    let harness = await harness(server)
    let result = await harness.run(
      "collect", "--ensemble", "ecmwf_ifs025_ensemble", "--days", "7", "--dry-run")
    #expect(result.exitCode == 0, "\(result)")
    #expect(result.stdout.contains("GET \(server.baseURL)/v1/ensemble?latitude=52.52,55.68"))
    #expect(result.stdout.contains("models=ecmwf_ifs025_ensemble"))
    // 3 variables × 51 members at 7 days: 15.3 calls per location, two locations.
    #expect(result.stdout.contains("total weight: 30.6 calls"), "\(result)")
    #expect(server.requestCount == 0)
  }

  @Test("--ensemble-url overrides SKYCAST_ENSEMBLE_URL; the key is sent but never logged")
  func ensembleURLFlag() async throws {
    let server = try replay()
    defer { server.stop() }
    let harness = await harness(server)
    harness.environment["SKYCAST_ENSEMBLE_URL"] = LoopbackServer.refusingBaseURL
    harness.environment["SKYCAST_API_KEY"] = "secret-key"
    let result = await harness.run(
      "collect", "--ensemble", Self.models, "--ensemble-url", server.baseURL)
    #expect(result.exitCode == 0, "\(result)")
    #expect(server.requests(path: "/v1/ensemble").first?.query["apikey"] == "secret-key")
    let urls = try harness.store().database.query("SELECT url FROM fetches").map(\.[0])
    #expect(!urls.isEmpty)
    #expect(urls.allSatisfy { !($0.stringValue ?? "").contains("secret") })
  }

  @Test("a failed request logs a failed ensemble fetch per city and stores nothing")
  func failureLogged() async throws {
    let server = try replay(.openMeteoError(status: 400, reason: "Invalid model"))
    defer { server.stop() }
    let harness = await harness(server)
    let result = await harness.run("collect", "--ensemble", Self.models)
    #expect(result.exitCode == 1, "\(result)")
    #expect(result.stderr.contains("Invalid model"), "\(result)")
    let database = try harness.store().database
    #expect(
      try database.scalarInt(
        "SELECT count(*) FROM fetches WHERE source = 'ensemble' AND status = 'failed' AND http_status = 400"
      ) == 2)
    #expect(try database.scalarInt("SELECT count(*) FROM ensemble_forecasts") == 0)
  }

  @Test("a city whose location is wrong fails alone; the other city is stored")
  func atomicPerCity() async throws {
    // The second location claims a grid point 1,000 km away: Copenhagen must not store it.
    var text = Fixtures.text(Self.fixture)
    text = text.replacingOccurrences(of: #""latitude":55.75"#, with: #""latitude":46.75"#)
    let server = try replay(.ok(text))
    defer { server.stop() }
    let harness = await harness(server)
    let result = await harness.run("collect", "--ensemble", Self.models)
    #expect(result.exitCode == 1, "\(result)")
    let database = try harness.store().database
    #expect(
      try database.query("SELECT city_id, status FROM fetches ORDER BY city_id").map {
        [$0[0], $0[1]]
      } == [[.integer(1), .text("ok")], [.integer(2), .text("failed")]])
    #expect(
      try database.scalarInt("SELECT count(*) FROM ensemble_forecasts WHERE city_id = 2") == 0)
    #expect(
      try database.scalarInt("SELECT count(*) FROM ensemble_forecasts WHERE city_id = 1") == 144)
  }

  @Test(
    "a reply whose every member is impossible (9999, 1e308) is a failed fetch with its reason, and the next run fetches again"
  )
  func impossibleMembersFail() async throws {
    let locations = try #require(
      try JSONSerialization.jsonObject(with: Data(Fixtures.text(Self.fixture).utf8))
        as? [[String: Any]])
    let hostile = locations.map { location -> [String: Any] in
      var location = location
      var hourly = location["hourly"] as? [String: Any] ?? [:]
      for (index, key) in hourly.keys.sorted().enumerated() where key != "time" {
        let count = (hourly[key] as? [Any])?.count ?? 0
        hourly[key] = Array(repeating: index.isMultiple(of: 2) ? 9999.0 : 1e308, count: count)
      }
      location["hourly"] = hourly
      return location
    }
    let body = String(decoding: try JSONSerialization.data(withJSONObject: hostile), as: UTF8.self)
    let server = try replay(.ok(body))
    defer { server.stop() }
    let harness = await harness(server)
    let first = await harness.run("collect", "--ensemble", Self.models)
    #expect(first.exitCode == 1, "\(first)")
    let database = try harness.store().database
    #expect(
      try database.query("SELECT status, rows FROM fetches WHERE source = 'ensemble'").map(\.values)
        == [[.text("failed"), .integer(0)], [.text("failed"), .integer(0)]])
    let reasons = try database.query("SELECT error FROM fetches").compactMap(\.[0].stringValue)
    #expect(
      reasons.count == 2 && reasons.allSatisfy { $0.contains("plausible") || $0.contains("no ") },
      "\(reasons)")
    #expect(try database.scalarInt("SELECT count(*) FROM ensemble_forecasts") == 0)
    // Nothing was stored, so nothing is fresh: the next run asks again.
    let second = await harness.run("collect", "--ensemble", Self.models)
    #expect(!second.stderr.contains("skipped"), "\(second)")
    #expect(server.requestCount(path: "/v1/ensemble") == 2)
  }

  @Test("an ok fetch that stored no row never makes a city fresh (files from before the rule)")
  func emptyOkFetchNotFresh() throws {
    let directory = TemporaryDirectory()
    let store = try Store(path: directory.file("f.sqlite"))
    let city = try store.addCity(City(id: 0, name: "Berlin", latitude: 52.5, longitude: 13.4))
    _ = try store.write {
      try store.insertFetch(
        FetchRecord(
          cityID: city.id, source: .ensemble, model: "m", requestedAt: 1_774_000_000,
          status: .ok))
    }
    #expect(
      try store.freshFetch(
        cityID: city.id, source: .ensemble, now: 1_774_000_060, minInterval: 1800) == nil)
  }

  @Test("usage errors: no model, --models with --ensemble, a variable that is not hourly")
  func usageErrors() async throws {
    let server = try replay()
    defer { server.stop() }
    let harness = await harness(server)
    let combined = await harness.run(
      "collect", "--ensemble", "ncep_gefs025", "--models", "gfs_seamless")
    #expect(combined.exitCode == 64, "\(combined)")
    let variable = await harness.run(
      "collect", "--ensemble", "ncep_gefs025", "--vars", "temperature_2m_max")
    #expect(variable.exitCode == 64, "\(variable)")
    let days = await harness.run("collect", "--ensemble", "ncep_gefs025", "--days", "36")
    #expect(days.exitCode == 64, "\(days)")
    #expect(server.requestCount == 0)
  }
}

/// `spark --ensemble` on ensembles collected from the fake Ensemble API.
@Suite struct SparkEnsembleTests {
  @Test("spark --ensemble draws the member median and the 10–90 % width per city")
  func medianAndSpread() async throws {
    let now = Date(timeIntervalSince1970: 1_774_000_000)
    let server = try FakeOpenMeteo.server(.ensemble, now: { now })
    defer { server.stop() }
    let harness = CLIHarness(now: now)
    harness.use(server: server.baseURL)
    _ = await harness.run(
      "city", "add", "--name", "Berlin", "--lat", "52.52", "--lon", "13.41", "--timezone",
      "Europe/Berlin")
    let collect = await harness.run("collect", "--ensemble", "ncep_gefs025", "--days", "3")
    #expect(collect.exitCode == 0, "\(collect)")
    let result = await harness.run("spark", "--ensemble", "--width", "200")
    #expect(result.exitCode == 0, "\(result)")
    let lines = result.stdout.split(separator: "\n").map(String.init)
    #expect(lines.count == 2, "\(result.stdout)")
    #expect(lines.first?.contains("temperature_2m median") == true)
    #expect(lines.last?.contains("spread p90−p10") == true)
    // The last label of the median line is the median of the last stored hour from now on.
    let database = try harness.store().database
    let last = try #require(
      try database.scalar(
        "SELECT ens_quantile(members, 0.5) FROM ensemble_forecasts WHERE variable = 'temperature_2m' ORDER BY valid_at DESC LIMIT 1"
      )?.doubleValue)
    #expect(lines[0].contains(NumberText.fixed(last, decimals: 1)), "\(lines[0]) vs \(last)")
    let usage = await harness.run("spark", "--ensemble", "--series", "observed")
    #expect(usage.exitCode == 64)
  }
}

/// `now` with and without a stored ensemble.
@Suite struct NowEnsembleTests {
  @Test("now lists the ensemble's 10–90 % range per coming day only when an ensemble is stored")
  func ensembleRange() async throws {
    let now = Date(timeIntervalSince1970: 1_774_000_000)
    let server = try FakeOpenMeteo.server(.all, now: { now })
    defer { server.stop() }
    let harness = CLIHarness(now: now)
    harness.use(server: server.baseURL)
    _ = await harness.run(
      "city", "add", "--name", "Berlin", "--lat", "52.52", "--lon", "13.41", "--timezone",
      "Europe/Berlin")
    _ = await harness.run("collect")
    let before = await harness.run("now", "Berlin")
    #expect(before.exitCode == 0, "\(before)")
    #expect(!before.stdout.contains("Ensemble 10–90 % range"))
    let collect = await harness.run("collect", "--ensemble", "ncep_gefs025", "--days", "3")
    #expect(collect.exitCode == 0, "\(collect)")
    let after = await harness.run("now", "Berlin")
    #expect(after.exitCode == 0, "\(after)")
    let lines = after.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(
      String.init)
    let header = try #require(lines.firstIndex { $0.contains("Ensemble 10–90 % range") })
    #expect(lines[header + 1].hasPrefix("Today"), "\(after.stdout)")
    #expect(lines[header + 3].contains("–"))
    #expect(lines[header + 4].isEmpty, "three days of ensemble, then a blank line")
    // Today's range: the lowest hourly 10 % quantile and the highest 90 % one.
    let store = try harness.store()
    let zone = try #require(CityTimeZone(identifier: "Europe/Berlin"))
    let today = zone.localDate(1_774_000_000)
    let steps = try store.latestEnsemble(
      cityID: 1, variable: .temperature2m,
      range: zone.startOfDay(today)..<zone.startOfDay(today.adding(days: 1)))
    let low = try #require(steps.compactMap { $0.quantile(0.1) }.min())
    let high = try #require(steps.compactMap { $0.quantile(0.9) }.max())
    #expect(
      lines[header + 1].contains(Self.degrees(low)), "\(lines[header + 1]) \(low)")
    #expect(
      lines[header + 1].contains(Self.degrees(high)),
      "\(lines[header + 1]) \(high)")
  }

  /// `−3°` as the view prints it (a real minus sign).
  static func degrees(_ value: Double) -> String {
    NumberText.fixed(value, decimals: 0).replacingOccurrences(of: "-", with: "−") + "°"
  }
}
