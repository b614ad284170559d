import SkycastModel
import Testing

@testable import Stations

/// The station a file names is the station its rows go under: ids from files are checked like
/// the `PROVIDER:ID` argument, a name that names a station wins over the option, and
/// `mismatch(asked:)` says when the file is not the station asked for.
@Suite struct StationIdentityTests {
  static func read(
    _ bytes: [UInt8], _ provider: StationProvider, name: String, asked: String? = nil
  ) throws -> StationReading {
    try StationFiles.read(
      bytes, name: name, provider: provider, options: StationReadOptions(stationID: asked))
  }

  static func ghcnh(id: String) -> [UInt8] {
    Array(
      ("Station_ID|Year|Month|Day|Hour|Minute|temperature\n"
        + "\(id)|2020|01|01|00|00|12.5\n").utf8)
  }

  @Test(
    "a GHCNh Station_ID with an ESC, a path or a space refuses the file",
    arguments: ["USW000\u{1B}[2J24135", "../../../../etc/x", "USW 00024135", "a\\b"])
  func hostileID(id: String) throws {
    let error = #expect(throws: StationFileError.self) {
      try Self.read(Self.ghcnh(id: id), .ghcnh, name: "GHCNh_USW00024135_por.psv")
    }
    guard case .format(let reason)? = error else {
      Issue.record("expected a format error, got \(String(describing: error))")
      return
    }
    #expect(reason.hasPrefix("the file names no usable station: station id '"), "\(reason)")
    #expect(!reason.contains("\u{1B}"), "the reason is escaped: \(reason.debugDescription)")
  }

  @Test("DWD: a zip holding 03987 read as 00433 is station 03987, and the mismatch is named")
  func dwd() throws {
    let reading = try Self.read(
      StationFixtures.bytes("dwd/derived-stundenwerte_TU_03987_akt.zip"), .dwd,
      name: "stundenwerte_TU_00433_akt.zip", asked: "00433")
    #expect(reading.stationID == "03987")
    #expect(reading.mismatch(asked: "00433") == "the file is dwd station 03987, not 00433 as asked")
    #expect(reading.mismatch(asked: "03987") == nil)
  }

  @Test("Meteostat: --station 99999 cannot relabel 10637.csv.gz; a name without an id can")
  func meteostat() throws {
    let bytes = StationFixtures.bytes("meteostat/derived-legacy-hourly-10637.csv.gz")
    let named = try Self.read(bytes, .meteostat, name: "10637.csv.gz", asked: "99999")
    #expect(named.stationID == "10637")
    #expect(
      named.mismatch(asked: "99999") == "the file is meteostat station 10637, not 99999 as asked")
    let unnamed = try Self.read(bytes, .meteostat, name: "hourly.csv.gz", asked: "99999")
    #expect(unnamed.stationID == "99999" && unnamed.mismatch(asked: "99999") == nil)
    #expect(MeteostatReader.isMeteostatID("D1424") && !MeteostatReader.isMeteostatID("hourly"))
  }

  @Test("GHCNh: the file's Station_ID wins over the asked id, then the name's id")
  func ghcnhPrecedence() throws {
    let reading = try Self.read(
      Self.ghcnh(id: "USW00024135"), .ghcnh, name: "GHCNh_USW00024135_por.psv",
      asked: "USW00099999")
    #expect(reading.mismatch(asked: "USW00099999") != nil)
    let unnamedColumn = try Self.read(
      Self.ghcnh(id: ""), .ghcnh, name: "GHCNh_USW00013967_por.psv", asked: "USW00099999")
    #expect(unnamedColumn.stationID == "USW00013967")
  }
}
