import SkycastModel
import Testing

@testable import Stations

/// The GHCNh reader on the real pyIEM and by-year fixtures (`Fixtures/ghcnh`, SOURCES.md).
@Suite struct GHCNhReaderTests {
  static func read(_ file: String, bytes: [UInt8]? = nil) throws -> StationReading {
    try GHCNhReader.read(
      bytes ?? StationFixtures.bytes("ghcnh/\(file)"), name: file, options: StationReadOptions())
  }

  /// The values of the hour `YYYY-MM-DDTHH:00` (UTC).
  static func hour(_ reading: StationReading, _ text: String) -> [WeatherVariable: Double]? {
    let time = WallClock.secondsAsUTC(text)
    return reading.hourly.first { $0.validAt == time }?.values
  }

  /// The fixture's lines without the synthetic `TOOSHORT` line pyIEM appends.
  static func withoutTooShort() -> [UInt8] {
    let text = StationFileBytes.utf8(StationFixtures.bytes("ghcnh/GHCNh_USW00013967_por.psv"))
    let lines = StationFileBytes.lines(text).filter { $0 != "TOOSHORT" }
    return Array(lines.joined(separator: "\n").utf8)
  }

  @Test("a METAR and a SPECI of one hour: the SPECI nearer the hour wins, the METAR fills SLP")
  func metarAndSpeci() throws {
    let reading = try Self.read("GHCNh_USW00024135_por.psv")
    #expect(reading.provider == .ghcnh)
    #expect(reading.stationID == "USW00024135")
    #expect(reading.tally.lines == 5)
    // Line 3, 2025-01-05 21:53 FM15-METAR (7 min before 22:00): temperature -1.7,
    // dew_point -3.3, sea_level_pressure 1025.0, wind 300° 1.5 m/s, precipitation 0.0 `2-Trace`,
    // RH 89. Line 4, 22:02 FM16-SPECI (2 min after): -1.7, -3.3, no SLP, wind 320° 1.5 m/s,
    // precipitation 0.0 `2-Trace`, RH 89. The SPECI is nearer, so direction 320 and speed
    // 1.5 × 3.6 = 5.4 km/h come from it; SLP 1025.0 only the METAR has. Neither is dropped.
    #expect(
      Self.hour(reading, "2025-01-05T22:00") == [
        .temperature2m: -1.7, .dewPoint2m: -3.3, .pressureMSL: 1025.0,
        .windDirection10m: 320, .windSpeed10m: 5.4, .precipitation: 0,
        .relativeHumidity2m: 89,
      ])
    // Line 5, 2025-02-01 18:20 SPECI (20 min after 18:00): -0.6, -1.1, wind 010° 3.1 m/s →
    // 3.1 × 3.6 = 11.16 km/h, RH 96; SLP and gust empty. Its precipitation, 0.2 `3-Measurab`,
    // is a running total: it is the last report of the hour ending 19:00, so it stands there.
    #expect(
      Self.hour(reading, "2025-02-01T18:00") == [
        .temperature2m: -0.6, .dewPoint2m: -1.1, .windDirection10m: 10, .windSpeed10m: 11.16,
        .relativeHumidity2m: 96,
      ])
    #expect(Self.hour(reading, "2025-02-01T19:00") == [.precipitation: 0.2])
    // The 22:02 SPECI's trace is the last report of the hour ending 23:00.
    #expect(Self.hour(reading, "2025-01-05T23:00") == [.precipitation: 0])
    // Line 2, 1931-04-06 15:00 SAO: 3.3 °C; wind_direction empty with `C-Calm` (quality `w`
    // on the empty cell), wind_speed 0.0 `C-Calm`: calm, so a speed of 0 and no direction.
    #expect(Self.hour(reading, "1931-04-06T15:00") == [.temperature2m: 3.3, .windSpeed10m: 0])
    // Line 6, 2025-02-13 22:53 → 23:00: the wind is empty (METAR `KT`): missing, not calm;
    // precipitation 0.0 with measurement code `9-Missing` (= no code supplied) is kept.
    let late = try #require(Self.hour(reading, "2025-02-13T23:00"))
    #expect(late[.windSpeed10m] == nil && late[.windDirection10m] == nil)
    #expect(late[.precipitation] == 0 && late[.pressureMSL] == 1015.4)
    // Trace on lines 3 and 4; empty mapped cells: line 2 dew point, RH, SLP, gust,
    // precipitation (5); line 3 gust (1); line 4 SLP, gust (2); line 5 SLP, gust (2);
    // line 6 direction, speed, gust (3) = 13. The calm direction is not missing.
    #expect(reading.tally.trace == 2)
    // The hour the 22:02 trace stands for is flagged; 2025-02-13 23:00's 0.0 (code 9) is not.
    let flagged = reading.hourly.filter { !$0.trace.isEmpty }
    #expect(flagged.contains { $0.validAt == WallClock.secondsAsUTC("2025-01-05T23:00") })
    #expect(!flagged.contains { $0.validAt == WallClock.secondsAsUTC("2025-02-13T23:00") })
    #expect(flagged.allSatisfy { $0.trace == [.precipitation] })
    #expect(reading.tally.missing == 13)
    #expect(reading.tally.flagged == 0)
    #expect(reading.tally.reducedReports == 0)
    #expect(reading.notes.contains(StationReport.hourRule))
  }

  @Test("values with legacy QC 7 and derived-humidity QC f are left out and counted")
  func flagged() throws {
    let reading = try Self.read("GHCNh_USW00013967_por.psv", bytes: Self.withoutTooShort())
    #expect(reading.tally.lines == 4)
    // Line 4, 2025-02-03 15:52 → 16:00: temperature 17.0 QC 7, dew point -1.0 QC 7 (legacy
    // "erroneous"), relative_humidity 30 QC `f` (an input was suspect): all three left out.
    // Wind 230° 5.7 m/s → 5.7 × 3.6 = 20.52 km/h stays.
    #expect(
      Self.hour(reading, "2025-02-03T16:00") == [.windDirection10m: 230, .windSpeed10m: 20.52])
    #expect(reading.tally.flagged == 3)
    // Line 2, 2023-01-12 08:50 SPECI → 09:00: 4.0, -1.0, wind 330° 12.9 m/s → 46.44 km/h,
    // gust 18.0 m/s → 64.8 km/h, RH 70; no SLP, no precipitation.
    #expect(
      Self.hour(reading, "2023-01-12T09:00") == [
        .temperature2m: 4.0, .dewPoint2m: -1.0, .windDirection10m: 330, .windSpeed10m: 46.44,
        .windGusts10m: 64.8, .relativeHumidity2m: 70,
      ])
    // Line 5, 2023-01-03 05:52 → 06:00: precipitation 0.0 `2-Trace` → 0 (trace), and
    // precipitation_6_hour 0.0 `2-Trace` is a 6-hour total: not stored, counted unmapped.
    // Line 3, 11:52 → 12:00: precipitation 0.0 and precipitation_24_hour 1.7 (unmapped).
    let six = try #require(Self.hour(reading, "2023-01-03T06:00"))
    #expect(six[.precipitation] == 0 && six[.windSpeed10m] == 12.96 && six[.pressureMSL] == 1004.8)
    #expect(Self.hour(reading, "2023-01-03T12:00")?[.precipitation] == 0)
    #expect(reading.tally.trace == 1)
    #expect(reading.tally.unmapped == 2)
    // Empty mapped cells: line 2 SLP, precipitation; line 3 gust; line 4 SLP, gust,
    // precipitation; line 5 gust = 7.
    #expect(reading.tally.missing == 7)
    // Rows are out of time order in the file; the hours come out sorted.
    #expect(reading.hourly.map(\.validAt) == reading.hourly.map(\.validAt).sorted())
  }

  @Test("pyIEM's TOOSHORT line (line 6) throws with its line number")
  func tooShort() throws {
    let error = #expect(throws: StationFileError.self) {
      try Self.read("GHCNh_USW00013967_por.psv")
    }
    guard case .line(let number, _)? = error else {
      Issue.record("expected a line error, got \(String(describing: error))")
      return
    }
    #expect(number == 6)
  }

  @Test("an unparsable number in a mapped column throws .line with the number")
  func badNumber() throws {
    // Line 3 of the BUTTE file with temperature `-1.7` changed to `-1.7x`.
    let text = StationFileBytes.utf8(StationFixtures.bytes("ghcnh/GHCNh_USW00024135_por.psv"))
    var lines = StationFileBytes.lines(text).map(String.init)
    lines[2] = lines[2].replacingFirst("|-1.7|", with: "|-1.7x|")
    let error = #expect(throws: StationFileError.self) {
      try Self.read("GHCNh_USW00024135_por.psv", bytes: Array(lines.joined(separator: "\n").utf8))
    }
    guard case .line(let number, let reason)? = error else {
      Issue.record("expected a line error, got \(String(describing: error))")
      return
    }
    #expect(number == 3)
    #expect(reason.contains("temperature"))
  }

  @Test("a SPECI farther from the hour than the METAR loses every value but its running total")
  func speciReduced() throws {
    // Line 4's SPECI moved from 22:02 to 22:10: 10 min from 22:00 against the 21:53 METAR's
    // 7 min, and every variable it has the METAR has too, so none of its values is kept.
    let text = StationFileBytes.utf8(StationFixtures.bytes("ghcnh/GHCNh_USW00024135_por.psv"))
    var lines = StationFileBytes.lines(text).map(String.init)
    lines[3] = lines[3].replacingFirst("|22|02|", with: "|22|10|")
    let reading = try Self.read(
      "GHCNh_USW00024135_por.psv", bytes: Array(lines.joined(separator: "\n").utf8))
    // Its precipitation still stands, for the hour ending 23:00 (the last report of it), so
    // the report is not counted as dropped; its other values are.
    #expect(reading.tally.reducedReports == 0)
    #expect(Self.hour(reading, "2025-01-05T23:00") == [.precipitation: 0])
    // Now the METAR's 300° wins.
    #expect(Self.hour(reading, "2025-01-05T22:00")?[.windDirection10m] == 300)
  }

  @Test("VRB wind direction is left out, the speed kept")
  func variableWind() throws {
    let reading = try Self.read("GHCNh_USW00026442_por.psv")
    // 2005-06-10 17:50 → 18:00: VRB, wind_speed 1.0 m/s → 3.6 km/h; 11.9, 6.8, SLP 1004.8,
    // RH 71; gust and precipitation empty (2 missing).
    #expect(
      Self.hour(reading, "2005-06-10T18:00") == [
        .temperature2m: 11.9, .dewPoint2m: 6.8, .pressureMSL: 1004.8, .windSpeed10m: 3.6,
        .relativeHumidity2m: 71,
      ])
    #expect(reading.tally.missing == 2)
  }

  @Test("a SYNOP row: the 3-hour total is not the hour's precipitation")
  func synopThreeHour() throws {
    let reading = try Self.read("GHCNh_FPI0000NTAT_por.psv")
    // 2014-04-08 15:00: precipitation 0.0 (no codes) and precipitation_3_hour 0.2.
    // Wind 120° 5.8 m/s → 5.8 × 3.6 = 20.88 km/h.
    #expect(
      Self.hour(reading, "2014-04-08T15:00") == [
        .temperature2m: 25.9, .dewPoint2m: 17.3, .pressureMSL: 1015.7, .windDirection10m: 120,
        .windSpeed10m: 20.88, .precipitation: 0, .relativeHumidity2m: 59,
      ])
    #expect(reading.tally.unmapped == 1)
    #expect(reading.tally.trace == 0)
  }

  @Test("the by-year schema (329 columns, STATION, DATE) is read by header name")
  func byYear() throws {
    let reading = try Self.read("ghcnh-iah-head.psv")
    #expect(reading.stationID == "USW00012960")
    // 2026-01-01T00:00:00: 12.2, 0.0, SLP 1022.5, wind 170° 2.1 m/s → 7.56 km/h, RH 43 `D`.
    #expect(
      reading.hourly == [
        StationHour(
          validAt: WallClock.secondsAsUTC("2026-01-01T00:00")!,
          values: [
            .temperature2m: 12.2, .dewPoint2m: 0.0, .pressureMSL: 1022.5,
            .windDirection10m: 170, .windSpeed10m: 7.56, .relativeHumidity2m: 43,
          ])
      ])
    #expect(reading.tally.missing == 2)
  }

  @Test("a file without a GHCNh header is a format error")
  func noHeader() {
    let error = #expect(throws: StationFileError.self) {
      try Self.read("x.psv", bytes: Array("a,b,c\n1,2,3\n".utf8))
    }
    guard case .format? = error else {
      Issue.record("expected a format error, got \(String(describing: error))")
      return
    }
  }

  @Test("quality codes: letters and legacy 2/3/6/7 flag, the rest pass")
  func qualityCodes() {
    for code in ["F", "w", "f", "o", "2", "3", "6", "7", "1;F"] {
      #expect(GHCNhReader.isFlagged(Substring(code)), "\(code)")
    }
    for code in ["", "0", "1", "4", "5", "9", "1;"] {
      #expect(!GHCNhReader.isFlagged(Substring(code)), "\(code)")
    }
  }
}

extension String {
  /// The string with the first occurrence of `target` replaced (test inputs built from real
  /// lines).
  fileprivate func replacingFirst(_ target: String, with replacement: String) -> String {
    guard let range = firstRange(of: target) else { return self }
    var copy = self
    copy.replaceSubrange(range, with: replacement)
    return copy
  }
}
