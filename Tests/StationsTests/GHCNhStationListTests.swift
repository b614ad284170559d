import SkycastModel
import Testing

@testable import Stations

/// The GHCNh station list, CSV and fixed-width, on the real excerpts (`Fixtures/ghcnh`).
@Suite struct GHCNhStationListTests {
  static func list(_ file: String) throws -> [Station] {
    try GHCNhStationList.parse(StationFileBytes.utf8(StationFixtures.bytes("ghcnh/\(file)")))
  }

  @Test("the CSV list: rows by header, names with runs of spaces, no elevation sentinel")
  func csv() throws {
    let stations = try Self.list("ghcnh-station-list.sample.csv")
    // 18 lines: the header and 17 stations.
    #expect(stations.count == 17)
    // `ACM00078861,17.1167,-61.7833,10.0,,COOLIDGE FIELD   ANTIGUA (AUX.,,,78861,,AG`
    #expect(
      stations[1]
        == Station(
          provider: .ghcnh, id: "ACM00078861", name: "COOLIDGE FIELD   ANTIGUA (AUX.",
          latitude: 17.1167, longitude: -61.7833, elevation: 10.0))
    // `USW00024135,45.9644,-112.5014,1677.9,MT,BUTTE BERT MOONEY AP,,,72774,KBTM,US`
    let butte = try #require(stations.first { $0.id == "USW00024135" })
    #expect(butte.name == "BUTTE BERT MOONEY AP")
    #expect(butte.latitude == 45.9644 && butte.longitude == -112.5014 && butte.elevation == 1677.9)
    #expect(butte.first == nil && butte.last == nil && butte.variables.isEmpty)
  }

  @Test("the fixed-width list gives the same stations as the CSV")
  func fixedWidth() throws {
    let text = try Self.list("ghcnh-station-list.sample.txt")
    let csv = try Self.list("ghcnh-station-list.sample.csv")
    // The TXT excerpt also holds AEI0000OMAS (line 12), which the CSV excerpt lacks; every
    // other row equals the CSV's, field by field.
    #expect(text.count == 18)
    #expect(text.filter { $0.id != "AEI0000OMAS" } == csv)
    // `FPI0000NTAT -23.3654 -149.5241    2.1    TUBUAI …`
    let tubuai = try #require(text.first { $0.id == "FPI0000NTAT" })
    #expect(tubuai.latitude == -23.3654 && tubuai.longitude == -149.5241)
    #expect(tubuai.elevation == 2.1 && tubuai.name == "TUBUAI")
  }

  @Test("the -999.9 elevation is nil; a bad latitude throws .line")
  func sentinelsAndErrors() throws {
    let header =
      "GHCN_ID,LATITUDE,LONGITUDE,ELEVATION,STATE,NAME,GSN,(US)HCN_(US)CRN,WMO_ID,ICAO,ISO_CODE"
    // The real BARBUDA row with its elevation replaced by the documented sentinel.
    let stations = try GHCNhStationList.parse(
      header + "\nACL000BARA9,17.591,-61.821,-999.9,TX,BARBUDA,,,,,AG\n")
    #expect(stations.first?.elevation == nil)
    let error = #expect(throws: StationFileError.self) {
      try GHCNhStationList.parse(
        header + "\nACL000BARA9,17.591,-61.821,5.0,TX,BARBUDA,,,,,AG\n"
          + "ACM00078861,1x.1167,-61.7833,10.0,,COOLIDGE FIELD   ANTIGUA (AUX.,,,78861,,AG\n")
    }
    guard case .line(3, _)? = error else {
      Issue.record("expected line 3, got \(String(describing: error))")
      return
    }
    #expect(throws: StationFileError.self) { try GHCNhStationList.parse("") }
  }
}
