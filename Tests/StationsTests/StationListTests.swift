import SkycastModel
import Testing

@testable import Stations

/// The Meteostat, DWD and ECA&D station-list parsers.
@Suite struct StationListTests {
  @Test("Meteostat: one station object, an array, and a lite.json-style inventory")
  func meteostat() throws {
    let frankfurt = StationFileBytes.utf8(
      StationFixtures.bytes("meteostat/weather-stations-10637.json"))
    let janMayen = StationFileBytes.utf8(
      StationFixtures.bytes("meteostat/weather-stations-01001.json"))
    #expect(
      try MeteostatStationList.parse(frankfurt) == [
        Station(
          provider: .meteostat, id: "10637", name: "Frankfurt Airport", latitude: 50.05,
          longitude: 8.6, elevation: 111)
      ])
    let both = try MeteostatStationList.parse("[\(frankfurt),\(janMayen)]")
    #expect(both.map(\.id) == ["10637", "01001"])
    #expect(both[1].name == "Jan Mayen")
    #expect(both[1].longitude == -8.6667)
    let lite = """
      [{"id": "X1", "name": {"de": "Görlitz"}, "location": {"latitude": 51.16, "longitude": 14.95,
        "elevation": 238}, "inventory": {"hourly": {"start": "1926-01-01", "end": "2024-12-30"},
        "daily": {"start": "1934-01-01", "end": "2024-12-31"}, "monthly": {"start": 1934}}}]
      """
    let station = try #require(MeteostatStationList.parse(lite).first)
    #expect(station.name == "Görlitz")
    #expect(station.first == LocalDate("1926-01-01"))
    #expect(station.last == LocalDate("2024-12-31"))
    #expect(throws: StationFileError.self) { try MeteostatStationList.parse("{\"id\": 1}") }
  }

  @Test("DWD 2024 list: Latin-1 names with spaces, 5-digit ids, period and height")
  func dwd2024() throws {
    let stations = try DWDStationList.parse(
      StationFixtures.bytes("dwd/TU_Stundenwerte_Beschreibung_Stationen.txt"))
    #expect(stations.count == 20)
    // 00044 20070401 20240101 44 52.9336 8.2370 Gro\xdfenkneten … Niedersachsen
    #expect(
      stations[1]
        == Station(
          provider: .dwd, id: "00044", name: "Großenkneten", latitude: 52.9336, longitude: 8.2370,
          elevation: 44, first: LocalDate("2007-04-01"), last: LocalDate("2024-01-01")))
    let names = Set(stations.map(\.name))
    #expect(names.isSuperset(of: ["Leuchtturm Alte Weser", "Angermünde", "Altomünster-Maisbrunn"]))
    #expect(stations.first { $0.name == "Neuruppin-Alt Ruppin" }?.id == "00096")
  }

  @Test("DWD 2016 list: ids without zeros, \\r\\r\\n line ends")
  func dwd2016() throws {
    let stations = try DWDStationList.parse(
      StationFixtures.bytes("dwd/TU_Stundenwerte_Beschreibung_Stationen.2016-variant.txt"))
    #expect(stations.count == 10)
    #expect(stations[0].id == "00003")
    #expect(stations[0].name == "Aachen")
    #expect(stations[0].elevation == 202)
    #expect(stations[1].name == "Großenkneten")
    #expect(stations[1].last == LocalDate("2016-03-01"))
    #expect(stations[7].name == "Leuchtturm Alte Weser")
  }

  @Test("DWD list with an Abgabe column: ä, ö, ü decode and the name stops at the gap")
  func dwdUmlauts() throws {
    let stations = try DWDStationList.parse(
      StationFixtures.bytes("dwd/derived-KL_Tageswerte_Beschreibung_Stationen.abgabe-variant.txt"))
    #expect(stations.map(\.name) == ["Görlitz", "Köln-Bonn", "Schwäbisch Hall (Flugplatz)"])
    #expect(stations.map(\.id) == ["01684", "02667", "04566"])
    #expect(stations[2].latitude == 49.1190)
  }

  @Test("ECA&D stations.txt: D:M:S coordinates, padded names, both header vintages")
  func ecad() throws {
    let stations = try ECADStationList.parse(
      StationFileBytes.utf8(StationFixtures.bytes("ecad/stations.txt")))
    #expect(stations.count == 15)
    // 1,VAEXJOE,SE,+56:52:00,+014:48:00,166
    #expect(
      stations[0]
        == Station(
          provider: .ecad, id: "1", name: "VAEXJOE", latitude: 56.0 + 52.0 / 60 + 0.0 / 3600,
          longitude: 14.0 + 48.0 / 60 + 0.0 / 3600, elevation: 166))
    // 7,KARLSTAD-AIRPORT,SE,+59:26:40,+013:20:15,107
    #expect(stations[6].latitude == 59.0 + 26.0 / 60 + 40.0 / 3600)
    #expect(stations[6].longitude == 13.0 + 20.0 / 60 + 15.0 / 3600)
    #expect(stations[10].name == "KREMSMUENSTER (TAWES)")
    #expect(ECADStationList.degrees("-003:30:00") == -3.5)
    let variant = try ECADStationList.parse(
      StationFileBytes.utf8(StationFixtures.bytes("ecad/stations.2023-header-variant.txt")))
    #expect(variant.count == 7)
    #expect(variant[0].elevation == 166)
  }
}
