import SkycastModel
import Testing

@testable import Stations

/// DWD CDC `produkt_*.txt`: hourly TU/RR/FF and daily KL, current and legacy column names.
@Suite struct DWDReaderTests {
  /// The produkt text of a fixture: a zip's `produkt_*.txt` entry, or a bare file as is.
  static func text(_ name: String) throws -> [UInt8] {
    try StationFileBytes.text(StationFixtures.bytes("dwd/" + name), pick: DWDReader.productEntry)
  }

  static func read(_ name: String) throws -> StationReading {
    try DWDReader.read(text(name), name: name, options: .init())
  }

  static func utc(_ year: Int, _ month: Int, _ day: Int, _ hour: Int) -> Int64 {
    LocalDate(year: year, month: month, day: day)!.midnightAsUTC + Int64(hour) * 3600
  }

  @Test("productEntry picks the produkt_*.txt entry among the metadata files")
  func productEntry() {
    #expect(
      DWDReader.productEntry([
        "Metadaten_Geographie_03987.txt", "produkt_tu_stunde_20220601_20231201_03987.txt",
      ]) == "produkt_tu_stunde_20220601_20231201_03987.txt")
    #expect(DWDReader.productEntry(["Metadaten_Geographie_03987.txt"]) == nil)
  }

  @Test("hourly before 2000 is MEZ: 1999 lands one hour earlier in UTC, 2000 does not")
  func mezBefore2000() throws {
    let reading = try Self.read("derived-stundenwerte_TU_03987_18930101_20221231_hist.zip")
    #expect(reading.stationID == "03987")
    let byTime = Dictionary(uniqueKeysWithValues: reading.hourly.map { ($0.validAt, $0.values) })
    // 3987;1999123123;3;2.7;92.0 → 1999-12-31 23 MEZ = 22 UTC.
    #expect(byTime[Self.utc(1999, 12, 31, 22)] == [.temperature2m: 2.7, .relativeHumidity2m: 92])
    // 3987;1999123122;3;2.9;91.0 → 21 UTC; nothing is left at 23 UTC.
    #expect(byTime[Self.utc(1999, 12, 31, 21)] == [.temperature2m: 2.9, .relativeHumidity2m: 91])
    #expect(byTime[Self.utc(1999, 12, 31, 23)] == nil)
    // 3987;2000010100;3;2.5;92.0 → already UTC: 2000-01-01 00 UTC (946684800).
    #expect(Self.utc(2000, 1, 1, 0) == 946_684_800)
    #expect(byTime[946_684_800] == [.temperature2m: 2.5, .relativeHumidity2m: 92])
    // 3987;1893010101;5;-12.3;84.0 → 1893-01-01 00 UTC.
    #expect(byTime[Self.utc(1893, 1, 1, 0)] == [.temperature2m: -12.3, .relativeHumidity2m: 84])
    // 3987;1893010103;5;-999;-999 → both missing, no row.
    #expect(reading.tally.missing == 2)
    #expect(reading.hourly.count == 7)
    #expect(reading.tally.lines == 8)
    #expect(reading.notes.contains { $0.contains("MEZ (UTC+1)") })
  }

  @Test("recent hourly TU: QN 3 rows kept, -999 values absent and counted")
  func recentHourly() throws {
    let reading = try Self.read("derived-stundenwerte_TU_03987_akt.zip")
    #expect(reading.hourly.count == 8)
    // 3987;2023120103;3;-999;95.0 and 3987;2023120104;3;0.4;-999.
    #expect(
      reading.hourly[3]
        == StationHour(validAt: Self.utc(2023, 12, 1, 3), values: [.relativeHumidity2m: 95]))
    #expect(reading.hourly[4].values == [.temperature2m: 0.4])
    #expect(reading.tally.missing == 2)
    #expect(reading.tally.flagged == 0)
  }

  @Test("hourly RR: R1 mm as is; RS_IND and WRTR not stored")
  func hourlyPrecipitation() throws {
    let reading = try Self.read("derived-stundenwerte_RR_03987_akt.zip")
    // 3987;2023120101;3;0.3;1;6 → 0.3 mm in the hour ending 01 UTC.
    #expect(
      reading.hourly.map(\.values) == [
        [.precipitation: 0.0], [.precipitation: 0.3], [.precipitation: 1.2],
      ])
    #expect(reading.hourly[1].validAt == Self.utc(2023, 12, 1, 1))
    // RS_IND 0,1,1 and WRTR 6,6 present (the -999 are not counted as values).
    #expect(reading.tally.unmapped == 5)
    #expect(reading.tally.missing == 1)
  }

  @Test("hourly FF: F m/s × 3.6 → km/h, D degrees; MEZ before 2000")
  func hourlyWind() throws {
    let reading = try Self.read("derived-stundenwerte_FF_03987_hist.zip")
    // 3987;1999123123;3;3.4;250 → 22 UTC, 3.4 m/s × 3.6 = 12.24 km/h.
    #expect(
      reading.hourly[0]
        == StationHour(
          validAt: Self.utc(1999, 12, 31, 22),
          values: [.windSpeed10m: 3.4 * 3.6, .windDirection10m: 250]))
    // 3987;2000010100;3;4.0;260 → 00 UTC, 4.0 × 3.6 = 14.4 km/h.
    #expect(reading.hourly[1].validAt == Self.utc(2000, 1, 1, 0))
    #expect(reading.hourly[1].values == [.windSpeed10m: 4.0 * 3.6, .windDirection10m: 260])
    // 3987;2000010101;3;-999;270 → speed missing.
    #expect(reading.hourly[2].values == [.windDirection10m: 270])
  }

  @Test("legacy hourly long names: LUFTTEMPERATUR is the hour's temperature")
  func legacyHourly() throws {
    let reading = try Self.read("derived-produkt_TU_legacy-layout_19950601_03987.txt")
    // 3987;1995060112;5;1;18.4;63.0 → 12 MEZ = 11 UTC.
    #expect(
      reading.hourly[1]
        == StationHour(
          validAt: Self.utc(1995, 6, 1, 11),
          values: [.temperature2m: 18.4, .relativeHumidity2m: 63]))
    #expect(reading.hourly[2].values == [.relativeHumidity2m: 61])
    #expect(reading.tally.missing == 1)
    #expect(reading.tally.unmapped == 0)
  }

  @Test("daily KL: FX m/s → km/h, SDK h → s; TMK, FM and the rest not stored")
  func dailyKL() throws {
    let reading = try Self.read("derived-tageswerte_KL_03987_akt.zip")
    #expect(reading.daily.map(\.date.description) == ["2023-12-01", "2023-12-02", "2023-12-03"])
    // 3987;20231201;10;11.2;3.9;3;0.4;6;0.000;0;7.8;6.3;1004.12;0.6;96.50;1.9;-0.8;-2.1
    // FX 11.2 × 3.6 = 40.32 km/h, RSK 0.4, SDK 0.000 h × 3600 = 0 s, TXK 1.9, TNK -0.8.
    #expect(
      reading.daily[0].values == [
        .windGusts10mMax: 11.2 * 3.6, .precipitationSum: 0.4, .sunshineDuration: 0,
        .temperature2mMax: 1.9, .temperature2mMin: -0.8,
      ])
    // 20231202: SDK 1.250 h × 3600 = 4500 s.
    #expect(reading.daily[1].values[.sunshineDuration] == 4500)
    // 20231203: FX and SDK are -999.
    #expect(
      reading.daily[2].values == [
        .precipitationSum: 2.3, .temperature2mMax: 0.2, .temperature2mMin: -1.7,
      ])
    #expect(reading.tally.missing == 2)
    // 9 unmapped values in each of the first two rows, 6 non-missing in the third.
    #expect(reading.tally.unmapped == 24)
    #expect(reading.notes.contains { $0.contains("RSK") && $0.contains("TXK/TNK") })
  }

  @Test("daily KL legacy layout (2017 real zip): long names; QN 1 rows are measurements")
  func dailyLegacy() throws {
    let reading = try Self.read("tageswerte_KL_03987_akt.2017-legacy-layout.zip")
    #expect(reading.stationID == "03987")
    // 550 lines: the header and 549 days.
    #expect(reading.tally.lines == 549)
    #expect(reading.daily.count == 549)
    // 3987;20150729;3;15.8;…;21.4;12.4;10.0;17.3;0.1;6;8.950;0
    // max 21.4, min 12.4, gust 17.3 × 3.6, precipitation 0.1, sunshine 8.950 h × 3600 = 32220 s
    // (whole seconds: the product is 32219.999… in binary).
    #expect(
      reading.daily[0]
        == StationDay(
          date: LocalDate("2015-07-29")!,
          values: [
            .temperature2mMax: 21.4, .temperature2mMin: 12.4, .windGusts10mMax: 17.3 * 3.6,
            .precipitationSum: 0.1, .sunshineDuration: 32220,
          ]))
    // 3987;20170127;1;…;3.2;-4.7;… (QN 1): kept.
    #expect(reading.daily.last?.date == LocalDate("2017-01-27"))
    #expect(reading.daily.last?.values[.temperature2mMax] == 3.2)
    #expect(reading.daily.last?.values[.temperature2mMin] == -4.7)
    #expect(reading.tally.flagged == 0)
  }

  @Test("a line missing its eor field or holding a bad number throws .line with its number")
  func brokenLines() throws {
    var lines = StationFileBytes.lines(
      StationFileBytes.latin1(try Self.text("derived-stundenwerte_TU_03987_akt.zip"))
    )
    .map(String.init)
    // Line 3 is "       3987;2023120101;    3;   0.9;  94.0;eor".
    let real = lines[2]
    #expect(real.hasPrefix("       3987;2023120101;"))
    lines[2] = String(real[..<real.lastIndex(of: ";")!])
    #expect(throws: StationFileError.line(3, "expected 6 ;-separated fields, found 5")) {
      try DWDReader.read(Array(lines.joined(separator: "\n").utf8), name: "x", options: .init())
    }
    lines[2] = real.replacingOccurrences(of: "0.9;", with: "0.9x;")
    do {
      _ = try DWDReader.read(Array(lines.joined(separator: "\n").utf8), name: "x", options: .init())
      Issue.record("no error")
    } catch {
      guard case .line(3, let reason) = error else { throw error }
      #expect(reason.contains("TT_TU"))
    }
    #expect(throws: StationFileError.self) {
      try DWDReader.read(Array("Stations_id;Datum\n1;2\n".utf8), name: "x", options: .init())
    }
  }
}
