import Foundation
import TestSupport
import Testing

@testable import SkycastModel

/// The geocoder's answer is checked like `city add --name --lat --lon --timezone`.
@Suite struct GeocoderAnswerTests {
  func harness(answering places: [GeocodingPlace]) throws -> (CLIHarness, LoopbackServer) {
    let server = try FakeOpenMeteo.server(
      .geocoding, faults: { _ in GeocodingPlace.answer(places) })
    let harness = CLIHarness()
    harness.use(server: server.baseURL)
    return (harness, server)
  }

  static let badPlaces: [(place: GeocodingPlace, problem: String)] = [
    (GeocodingPlace(name: "Huge", latitude: 1e308), "latitude 1e+308 is outside -90…90"),
    (GeocodingPlace(name: "North", latitude: 95), "latitude 95.0 is outside -90…90"),
    (GeocodingPlace(name: "West", longitude: -999), "longitude -999.0 is outside -180…180"),
    (GeocodingPlace(name: "Deep", elevation: -20_000), "elevation -20000.0 m is outside -500…9000"),
    (
      GeocodingPlace(name: "Path", timezone: "../../etc/passwd"),
      "time zone '../../etc/passwd' is not an IANA zone"
    ),
    (
      GeocodingPlace(name: "Mars", timezone: "Mars/Base"),
      "time zone 'Mars/Base' is not an IANA zone"
    ),
    (GeocodingPlace(name: "  "), "the name is empty"),
    (GeocodingPlace(name: "12345"), "the name is all digits (digits name a city id)"),
  ]

  /// Each bad match is named with its problem; the one good match is saved as if it were the
  /// only one, with its own coordinates and zone.
  @Test("bad matches are skipped with a warning each and the good one is saved")
  func skipsBadMatches() async throws {
    let good = GeocodingPlace(
      name: "Goodtown", latitude: 48.14, longitude: 11.58, timezone: "Europe/Berlin")
    let (harness, server) = try harness(answering: Self.badPlaces.map(\.place) + [good])
    defer { server.stop() }
    let result = await harness.run("city", "add", "Goodtown")
    #expect(result.exitCode == 0, "\(result)")
    for (index, bad) in Self.badPlaces.enumerated() {
      #expect(
        result.stderr.contains(
          "warning: skipped the geocoder's match \(index + 1) ('\(bad.place.name)', id \(9_000_000 + index)): \(bad.problem)"
        ), "\(result)")
    }
    let cities = try harness.store().cities()
    #expect(cities.count == 1)
    #expect(cities.first?.name == "Goodtown")
    #expect(cities.first?.latitude == 48.14)
    #expect(cities.first?.timezone == "Europe/Berlin")
  }

  @Test("an answer with no usable match is refused and saves nothing")
  func refusesWhenNoneRemain() async throws {
    let (harness, server) = try harness(answering: Self.badPlaces.map(\.place))
    defer { server.stop() }
    let result = await harness.run("city", "add", "Anything", "--pick", "1")
    #expect(result.exitCode == 1, "\(result)")
    #expect(
      result.stderr.hasSuffix(
        "Error: the geocoder's 8 matches for 'Anything' cannot be saved (see the warnings above); nothing was saved\n"
      ), "\(result)")
    #expect(try harness.store().cities().isEmpty)
  }

  /// 10,000 results would print 10,000 lines: only the 10 asked for are considered and listed.
  @Test("a flood of matches is capped at the number asked for, with a warning")
  func capsTheAnswer() async throws {
    let places = (0..<10_000).map { GeocodingPlace(name: "Springfield", admin1: "Region \($0)") }
    let (harness, server) = try harness(answering: places)
    defer { server.stop() }
    let result = await harness.run("city", "add", "Springfield")
    #expect(result.exitCode == 64, "\(result)")
    #expect(server.requests.first?.query["count"] == "10")
    #expect(
      result.stderr.contains(
        "warning: the geocoder sent 10000 matches for 'Springfield' when 10 were asked for; only the first 10 are considered"
      ), "\(result)")
    #expect(result.stderr.contains("10 places match 'Springfield'"))
    #expect(!result.stderr.contains("Region 10 "))
    // The list, the warning and the hint (and the note that the database was created).
    #expect(result.stderr.split(separator: "\n").count < 21, "\(result)")
    let picked = await harness.run("city", "add", "Springfield", "--pick", "11")
    #expect(picked.exitCode == 64, "--pick counts only the matches considered: \(picked)")
  }

  /// The same rule guards `--timezone`: a path is never looked up as a zone.
  @Test("zone names shaped like paths are refused for --timezone too")
  func timezoneOptionRefusesPaths() async throws {
    let harness = CLIHarness()
    for zone in ["../../etc/passwd", "/etc/localtime", "Europe//Berlin", "Mars/Base", "Europe/"] {
      let result = await harness.run(
        "city", "add", "--name", "X", "--lat", "1", "--lon", "1", "--timezone", zone)
      #expect(result.exitCode == 64, "\(zone): \(result)")
      #expect(result.stderr.contains("expected an IANA zone"))
    }
    for zone in ["Etc/GMT+5", "America/Port-au-Prince", "UTC", "America/Argentina/Buenos_Aires"] {
      #expect(CityTimeZone(identifier: zone) != nil, "\(zone)")
    }
  }
}
