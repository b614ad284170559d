import Foundation
import TestSupport
import Testing

@Suite struct CityCommandTests {
  @Test("a unique geocoding match is saved with its zone, admin1 and GeoNames id")
  func addUnique() async throws {
    let server = try FakeOpenMeteo.server(.geocoding)
    defer { server.stop() }
    let harness = CLIHarness()
    harness.use(server: server.baseURL)
    let result = await harness.run("city", "add", "Berlin", "--country", "DE")
    #expect(result.exitCode == 0, "\(result)")
    #expect(result.stdout.hasPrefix("added city 1: Berlin"))
    let city = try #require(try harness.store().cities().first)
    #expect(city.timezone == "Europe/Berlin")
    #expect(city.geonamesID != nil)
    #expect(server.requests.first?.query["name"] == "Berlin")
    #expect(server.requests.first?.query["countryCode"] == "DE")
  }

  @Test("several matches without a terminal list them and require --pick (exit 64)")
  func severalMatchesNeedPick() async throws {
    let server = try FakeOpenMeteo.server(.geocoding)
    defer { server.stop() }
    let harness = CLIHarness()
    harness.use(server: server.baseURL)
    let result = await harness.run("city", "add", "Frederick")
    #expect(result.exitCode == 64)
    #expect(result.stderr.contains("3 places match 'Frederick'"))
    #expect(result.stderr.contains("Maryland"))
    #expect(result.stderr.contains("pop 69,479"))
    #expect(result.stderr.contains("choose one with --pick N"))
    #expect(try harness.store().cities().isEmpty)
    let picked = await harness.run("city", "add", "Frederick", "--pick", "3")
    #expect(picked.exitCode == 0, "\(picked)")
    #expect(try harness.store().cities().first?.admin1 == "Colorado")
  }

  @Test("on a terminal the user picks a match at the prompt")
  func interactivePick() async throws {
    let server = try FakeOpenMeteo.server(.geocoding)
    defer { server.stop() }
    let harness = CLIHarness()
    harness.use(server: server.baseURL)
    harness.stdinIsTTY = true
    let result = await harness.run(["city", "add", "Frederick"], stdin: "2\n")
    #expect(result.exitCode == 0, "\(result)")
    #expect(result.stderr.contains("Pick a number (1-3)"))
    #expect(try harness.store().cities().first?.admin1 == "Oklahoma")
  }

  @Test("no match is a clear failure and saves nothing")
  func noMatch() async throws {
    let server = try FakeOpenMeteo.server(.geocoding)
    defer { server.stop() }
    let harness = CLIHarness()
    harness.use(server: server.baseURL)
    _ = try harness.store()
    let result = await harness.run("city", "add", "Qqqqxyz")
    #expect(result.exitCode == 1)
    #expect(
      result.stderr
        == "Error: no place called 'Qqqqxyz' found (try another spelling, --language, or --name/--lat/--lon)\n"
    )
  }

  @Test("a place saved by coordinates accepts UTC and rejects unknown zones")
  func addByCoordinates() async throws {
    let harness = CLIHarness()
    let utc = await harness.run(
      "city", "add", "--name", "Null Island", "--lat", "0", "--lon", "0", "--timezone", "UTC")
    #expect(utc.exitCode == 0, "\(utc)")
    let bad = await harness.run(
      "city", "add", "--name", "X", "--lat", "1", "--lon", "1", "--timezone", "europe/berlin")
    #expect(bad.exitCode == 64)
    #expect(bad.stderr.contains("expected an IANA zone"))
    let outOfRange = await harness.run("city", "add", "--name", "X", "--lat", "91", "--lon", "1")
    #expect(outOfRange.exitCode == 64)
    #expect(try harness.store().cities().map(\.timezone) == ["UTC"])
  }

  @Test("names with quotes, CJK and emoji round-trip through list in every format")
  func unicodeNames() async throws {
    let harness = CLIHarness()
    let name = "O'Brien \"北京\" 🌧"
    _ = await harness.run(
      "city", "add", "--name", name, "--lat", "39.9", "--lon", "116.4", "--timezone",
      "Asia/Shanghai")
    let json = await harness.run("city", "list", "--format", "json")
    let parsed = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]]
    #expect(parsed?.first?["name"] as? String == name)
    let csv = await harness.run("city", "list", "--format", "csv")
    #expect(csv.stdout.contains("\"O'Brien \"\"北京\"\" 🌧\""))
    let removed = await harness.run("city", "remove", name)
    #expect(removed.exitCode == 0, "\(removed)")
  }

  @Test("a SQL-looking name is stored as text and the tables survive")
  func sqlLookingName() async throws {
    let harness = CLIHarness()
    let name = "'); DROP TABLE cities;--"
    let added = await harness.run(
      "city", "add", "--name", name, "--lat", "1", "--lon", "1", "--timezone", "UTC")
    #expect(added.exitCode == 0)
    #expect(try harness.store().cities().map(\.name) == [name])
  }
}
