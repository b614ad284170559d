import SkycastModel
import Testing

@testable import Stations

/// The ISD-Lite reader on the derived gzip fixture (`Fixtures/isdlite`, SOURCES.md).
@Suite struct ISDLiteReaderTests {
  static let file = "derived-724940-23234-2020.gz"

  /// The fixture gunzipped the way the caller does it.
  static func text() throws -> [UInt8] {
    try StationFileBytes.text(StationFixtures.bytes("isdlite/\(file)"))
  }

  static func read(_ bytes: [UInt8], name: String = file, stationID: String? = nil) throws
    -> StationReading
  {
    try ISDLiteReader.read(bytes, name: name, options: StationReadOptions(stationID: stationID))
  }

  /// The values of the hour `YYYY-MM-DDTHH:00` (UTC).
  static func hour(_ reading: StationReading, _ text: String) -> [WeatherVariable: Double]? {
    let time = WallClock.secondsAsUTC(text)
    return reading.hourly.first { $0.validAt == time }?.values
  }

  @Test("tenths, m/s to km/h, calm, trace, missing and the 6-hour total")
  func values() throws {
    let reading = try Self.read(Self.text())
    #expect(reading.provider == .isdLite)
    #expect(reading.stationID == "724940-23234")
    #expect(reading.tally.lines == 12)
    #expect(reading.hourly.count == 12)
    // `2020 01 01 00   106    72 10230   300    26     4     0 -9999`: 10.6 °C, 7.2 °C,
    // 1023.0 hPa, 300°, 2.6 m/s × 3.6 = 9.36 km/h, sky 4 (not read), 0.0 mm, 6 h missing.
    #expect(
      Self.hour(reading, "2020-01-01T00:00") == [
        .temperature2m: 10.6, .dewPoint2m: 7.2, .pressureMSL: 1023.0, .windDirection10m: 300,
        .windSpeed10m: 9.36, .precipitation: 0,
      ])
    // `2020 01 01 02    94    67 10236     0     0     0     0 -9999`: calm (0°, 0 m/s):
    // speed 0, no direction.
    #expect(
      Self.hour(reading, "2020-01-01T02:00") == [
        .temperature2m: 9.4, .dewPoint2m: 6.7, .pressureMSL: 1023.6, .windSpeed10m: 0,
        .precipitation: 0,
      ])
    // `2020 01 01 04    83    61 10241   130    15 -9999    -1 -9999`: 1-h trace -1 → 0;
    // 1.5 m/s × 3.6 = 5.4 km/h.
    #expect(
      Self.hour(reading, "2020-01-01T04:00") == [
        .temperature2m: 8.3, .dewPoint2m: 6.1, .pressureMSL: 1024.1, .windDirection10m: 130,
        .windSpeed10m: 5.4, .precipitation: 0,
      ])
    // `2020 01 01 06    78    56 10243 -9999 -9999 -9999     5     8`: wind missing, 1-h
    // 0.5 mm; the 6-hour 0.8 mm is not the hour's precipitation.
    #expect(
      Self.hour(reading, "2020-01-01T06:00") == [
        .temperature2m: 7.8, .dewPoint2m: 5.6, .pressureMSL: 1024.3, .precipitation: 0.5,
      ])
    // `2020 01 01 10   -12   -38 10251    70    10 -9999     0 -9999`: -1.2, -3.8,
    // 1.0 m/s → 3.6 km/h.
    #expect(
      Self.hour(reading, "2020-01-01T10:00") == [
        .temperature2m: -1.2, .dewPoint2m: -3.8, .pressureMSL: 1025.1, .windDirection10m: 70,
        .windSpeed10m: 3.6, .precipitation: 0,
      ])
    // Missing (-9999) in mapped fields: 03 precipitation, 06 direction and speed, 07 SLP,
    // 08 temperature and dew point = 6. Trace at 04 and 11. The 6-hour total at 06.
    #expect(reading.tally.missing == 6)
    #expect(reading.tally.trace == 2)
    // The trace hours keep their flag with the 0; a measured 0 (00, 02, 10) has none.
    #expect(
      reading.hourly.filter { !$0.trace.isEmpty }.map(\.validAt)
        == ["2020-01-01T04:00", "2020-01-01T11:00"].map { WallClock.secondsAsUTC($0) })
    #expect(reading.hourly.allSatisfy { $0.trace.isSubset(of: [.precipitation]) })
    #expect(reading.tally.unmapped == 1)
    #expect(reading.tally.flagged == 0)
    #expect(reading.tally.reducedReports == 0)
    #expect(reading.notes.contains(StationReport.hourRule))
  }

  /// A name that names a station wins over the option (the commands refuse the mismatch).
  @Test("the station id comes from the file name, else from the option")
  func stationID() throws {
    #expect(ISDLiteReader.idFromName("724940-23234-2020.gz") == "724940-23234")
    #expect(ISDLiteReader.idFromName("/data/2020/A51256-00451-2020") == "A51256-00451")
    #expect(ISDLiteReader.idFromName("readme.txt") == nil)
    let named = try Self.read(Self.text(), stationID: "999999-12345")
    #expect(named.stationID == "724940-23234")
    #expect(named.mismatch(asked: "999999-12345") != nil)
    #expect(
      try Self.read(Self.text(), name: "isd.txt", stationID: "999999-12345").stationID
        == "999999-12345")
    let error = #expect(throws: StationFileError.self) {
      try Self.read(Self.text(), name: "isd.txt")
    }
    guard case .format? = error else {
      Issue.record("expected a format error, got \(String(describing: error))")
      return
    }
  }

  @Test("a cut or unparsable line throws .line with its number")
  func brokenLines() throws {
    var lines = StationFileBytes.lines(StationFileBytes.utf8(try Self.text())).map(String.init)
    // Line 5 without its last field.
    var cut = lines
    cut[4] = String(cut[4].dropLast(6))
    let error = #expect(throws: StationFileError.self) {
      try Self.read(Array(cut.joined(separator: "\n").utf8))
    }
    guard case .line(5, _)? = error else {
      Issue.record("expected line 5, got \(String(describing: error))")
      return
    }
    // Line 7 with its wind direction `-9999` written `-99x9`.
    lines[6] = lines[6].replacingFirstWind()
    let bad = #expect(throws: StationFileError.self) {
      try Self.read(Array(lines.joined(separator: "\n").utf8))
    }
    guard case .line(7, _)? = bad else {
      Issue.record("expected line 7, got \(String(describing: bad))")
      return
    }
  }
}

extension String {
  /// Line 7 of the fixture (`… 10243 -9999 -9999 …`) with its first `-9999` (wind direction)
  /// made unparsable.
  fileprivate func replacingFirstWind() -> String {
    guard let range = firstRange(of: "-9999") else { return self }
    var copy = self
    copy.replaceSubrange(range, with: "-99x9")
    return copy
  }
}
