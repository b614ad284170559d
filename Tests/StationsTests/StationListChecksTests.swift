import SkycastModel
import Testing

@testable import Stations

/// Every provider's list reader keeps the stations that pass `Station.problem` and lists the
/// others with their line and reason; a cell that is no plain decimal refuses the list.
@Suite struct StationListChecksTests {
  static let ghcnhHeader =
    "GHCN_ID,LATITUDE,LONGITUDE,ELEVATION,STATE,NAME,GSN,(US)HCN_(US)CRN,WMO_ID,ICAO,ISO_CODE"

  @Test("GHCNh: an elevation of 1e19 style, latitude 95, a path id and an ESC name are left out")
  func ghcnh() throws {
    let list = try GHCNhStationList.read(
      Self.ghcnhHeader + "\n"
        + "ACL000BARA9,17.591,-61.821,5.0,TX,BARBUDA,,,,,AG\n"
        + "ACM00078861,17.1167,-61.7833,99999999,,COOLIDGE,,,78861,,AG\n"
        + "ACM00078862,95.0,-61.7833,10.0,,NORTH,,,,,AG\n"
        + "../../../../etc/x,17.1,-61.7,10.0,,PATH,,,,,AG\n"
        + "ACM00078863,17.1,-61.7,10.0,,BAD\u{1B}[2JNAME,,,,,AG\n"
        + "ACM00078864,17.1,-61.7,-600,,LOW,,,,,AG\n")
    #expect(list.stations.map(\.id) == ["ACL000BARA9"])
    #expect(list.skipped.map(\.line) == [3, 4, 5, 6, 7])
    #expect(list.skipped[0].reason == "elevation 99999999.0 m is outside -500…9000")
    #expect(list.skipped[1].reason == "latitude 95.0 is outside -90…90")
    #expect(list.skipped[2].reason.hasPrefix("station id '../../../../etc/x' is not"))
    #expect(list.skipped[3].reason.contains("control character"))
    #expect(list.skipped[4].reason == "elevation -600.0 m is outside -500…9000")
    let summary = list.summary(limit: 2)
    #expect(summary.hasPrefix("5 stations left out: line 3 (ACM00078861): elevation"), "\(summary)")
    #expect(summary.hasSuffix("; and 3 more"), "\(summary)")
    #expect(try GHCNhStationList.parse(Self.ghcnhHeader + "\n").isEmpty)
  }

  @Test(
    "GHCNh: hex, exponent, inf and nan cells are not numbers and refuse the list with the line",
    arguments: ["0x1A", "1e19", "inf", "nan", "1\u{0}5", "+-1", ""])
  func ghcnhStrictNumbers(cell: String) {
    let text = Self.ghcnhHeader + "\nACL000BARA9,\(cell),-61.821,5.0,TX,BARBUDA,,,,,AG\n"
    let error = #expect(throws: StationFileError.self) { try GHCNhStationList.read(text) }
    guard case .line(2, let reason)? = error else {
      Issue.record("expected line 2, got \(String(describing: error))")
      return
    }
    #expect(reason.hasPrefix("latitude"), "\(reason)")
  }

  @Test("DWD: a height of 99999999 m is left out with its line, the rest kept")
  func dwd() throws {
    let text = """
      Stations_id von_datum bis_datum Stationshoehe geoBreite geoLaenge Stationsname Bundesland
      ----------- --------- --------- ------------- --------- --------- ------ ----------
      00003 19500401 20110331            202     50.7827    6.0941 Aachen  Nordrhein-Westfalen
      00044 20070401 20240101       99999999     52.9336    8.2370 Hoch  Niedersachsen
      00045 20070401 20240101             44     152.9336    8.2370 Nord  Niedersachsen
      """
    let list = try DWDStationList.read(text)
    #expect(list.stations.map(\.id) == ["00003"])
    #expect(
      list.skipped.map(\.description) == [
        "line 4 (00044): elevation 99999999.0 m is outside -500…9000",
        "line 5 (00045): latitude 152.9336 is outside -90…90",
      ])
  }

  @Test("ECA&D: a height of 99999 m and a latitude of +95 are left out; 0x1A refuses the list")
  func ecad() throws {
    let header = "STAID,STANAME                                 ,CN,      LAT,       LON,HGHT\n"
    let list = try ECADStationList.read(
      header + "    1,VAEXJOE ,SE,+56:52:00,+014:48:00,  166\n"
        + "    2,HIGH ,SE,+56:52:00,+014:48:00,99999\n"
        + "    3,NORTH ,SE,+95:00:00,+014:48:00,  10\n")
    #expect(list.stations.map(\.id) == ["1"])
    #expect(list.skipped.map(\.line) == [3, 4])
    #expect(throws: StationFileError.self) {
      try ECADStationList.read(header + "    1,VAEXJOE ,SE,+56:52:00,+014:48:00,0x1A\n")
    }
  }

  @Test("Meteostat: elevation 1e19 and an id with a path are left out of a JSON array")
  func meteostat() throws {
    func record(_ id: String, elevation: String) -> String {
      #"{"id":"\#(id)","name":{"en":"X"},"location":{"latitude":50.0,"longitude":8.6,"elevation":\#(elevation)}}"#
    }
    let list = try MeteostatStationList.read(
      "["
        + [
          record("10637", elevation: "111"), record("10638", elevation: "1e19"),
          record("../x", elevation: "10"),
        ].joined(separator: ",") + "]")
    #expect(list.stations.map(\.id) == ["10637"])
    #expect(list.skipped.map(\.id) == ["10638", "../x"])
    #expect(list.skipped[0].line == nil)
    #expect(list.skipped[0].description == "(10638): elevation 1e+19 m is outside -500…9000")
  }

  @Test("StationLists.read reports what each provider's reader left out")
  func dispatch() throws {
    let bytes = Array(
      (Self.ghcnhHeader + "\nACM00078861,17.1167,-61.7833,1000000,,COOLIDGE,,,78861,,AG\n").utf8)
    let list = try StationLists.read(bytes, provider: .ghcnh)
    #expect(list.stations.isEmpty && list.skipped.count == 1)
    #expect(try StationLists.parse(bytes, provider: .ghcnh).isEmpty)
  }
}
