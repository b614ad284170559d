import Testing

@testable import SkycastModel

/// `Station.isValidID`, `nameProblem` and `problem`: the one rule set for station ids, names,
/// coordinates and elevations, whatever names them.
@Suite struct StationChecksTests {
  static func station(
    id: String = "03987", name: String = "Potsdam", latitude: Double = 52.38,
    longitude: Double = 13.06, elevation: Double? = 81
  ) -> Station {
    Station(
      provider: .dwd, id: id, name: name, latitude: latitude, longitude: longitude,
      elevation: elevation)
  }

  @Test(
    "ids are letters, digits, - and _ only: no path, control or empty id",
    arguments: [
      ("USW00024135", true), ("724940-23234", true), ("a_b", true), ("", false),
      ("../../../../etc/x", false), ("a/b", false), ("a\\b", false), ("..", false),
      ("10637\u{1B}[2J", false), ("a b", false), ("é", false),
      (String(repeating: "1", count: 40), true), (String(repeating: "1", count: 41), false),
    ])
  func ids(id: String, valid: Bool) {
    #expect(Station.isValidID(id) == valid)
    #expect((Station.idProblem(id) == nil) == valid)
  }

  @Test("a name with a control or bidi character is refused; a slash is a real name's")
  func names() throws {
    #expect(Station.nameProblem("BERLIN/TEMPELHOF") == nil)
    let escape = try #require(Station.nameProblem("Potsdam\u{1B}]52;c;x\u{7}"))
    #expect(escape.contains("\\e]52"), "the message shows the escape: \(escape)")
    #expect(Station.nameProblem("abc\u{202E}fed") != nil)
    #expect(Station.nameProblem(String(repeating: "x", count: 201)) != nil)
  }

  @Test(
    "coordinates and elevation out of range (or not finite) are named",
    arguments: [
      (station(latitude: 95), "latitude 95.0 is outside -90…90"),
      (station(longitude: -180.5), "longitude -180.5 is outside -180…180"),
      (station(elevation: 1e19), "elevation 1e+19 m is outside -500…9000"),
      (station(elevation: 99_999_999), "elevation 99999999.0 m is outside -500…9000"),
      (station(elevation: -501), "elevation -501.0 m is outside -500…9000"),
      (station(latitude: .nan), "latitude nan is outside -90…90"),
      (station(id: "../x"), "station id '../x' is not 1 to 40 letters, digits, - or _"),
    ])
  func problems(station: Station, expected: String) {
    #expect(station.problem == expected)
  }

  @Test("a station inside every range, with or without elevation, has no problem")
  func valid() {
    #expect(Self.station().problem == nil)
    #expect(Self.station(elevation: nil).problem == nil)
    #expect(Self.station(elevation: 9000).problem == nil)
    #expect(Self.station(elevation: -500).problem == nil)
  }
}
