import SkycastModel
import Testing

@testable import Stations

/// The IEM ASOS reader on the riem recordings and the files derived from them
/// (`Fixtures/asos`, SOURCES.md).
@Suite struct ASOSReaderTests {
  static let vohy = "riem-measures-VOHY-2014-03.asos.py-20bff1.head.txt"
  static let kcvg = "derived-tdf-KCVG-2024-03-01-routine-and-specials.txt"

  static func read(_ file: String, bytes: [UInt8]? = nil) throws -> StationReading {
    try ASOSReader.read(
      bytes ?? StationFixtures.bytes("asos/\(file)"), name: file, options: StationReadOptions())
  }

  /// The values of the hour `YYYY-MM-DDTHH:00` (UTC).
  static func hour(_ reading: StationReading, _ text: String) -> [WeatherVariable: Double]? {
    let time = WallClock.secondsAsUTC(text)
    return reading.hourly.first { $0.validAt == time }?.values
  }

  /// The fixture's lines with line `number` (1-based) changed by `change`.
  static func changed(_ file: String, line number: Int, _ change: (String) -> String) -> [UInt8] {
    let text = StationFileBytes.utf8(StationFixtures.bytes("asos/\(file)"))
    var lines = StationFileBytes.lines(text).map(String.init)
    lines[number - 1] = change(lines[number - 1])
    return Array(lines.joined(separator: "\n").utf8)
  }

  @Test("routine and special reports: one value per hour, specials reduced, trace 0")
  func routineAndSpecials() throws {
    let reading = try Self.read(Self.kcvg)
    #expect(reading.provider == .asos)
    #expect(reading.stationID == "CVG")
    #expect(reading.tally.lines == 14)
    // 17:00 has 16:52 (8 min), the SPECI 17:07 (7 min) and the SPECI 17:20 (20 min). 17:07
    // wins: tmpf 39.92 → (39.92-32)×5/9 = 4.4, dwpf 26.96 → (26.96-32)×5/9 = -2.8, relh 59.50,
    // drct 180, sknt 6 → 6×1.852 = 11.112, p01i 0.0001 (trace) → 0. Its mslp is M, so
    // 16:52's 1025.10 stands; 17:20 gives nothing and is dropped.
    #expect(
      Self.hour(reading, "2024-03-01T17:00") == [
        .temperature2m: 4.4, .dewPoint2m: -2.8, .relativeHumidity2m: 59.5,
        .windDirection10m: 180, .windSpeed10m: 11.112, .precipitation: 0, .pressureMSL: 1025.1,
      ])
    // 22:00 has 21:52 (8 min, p01i 0.03), the SPECI 22:02 (2 min, p01i 0.01, the amount since
    // 21:52) and 22:21 (21 min, dropped). 22:02 is nearest: 39.92 → 4.4, 39.02 → 3.9,
    // relh 96.55, 120°, 8 kt → 14.816; mslp from 21:52: 1021.80. p01i is a running total
    // since the last routine report, so the hour ending 22:00 takes its last report, 21:52:
    // 0.03 in → 0.762 mm (the SPECI's 0.01 is the start of the next hour's total).
    #expect(
      Self.hour(reading, "2024-03-01T22:00") == [
        .temperature2m: 4.4, .dewPoint2m: 3.9, .relativeHumidity2m: 96.55,
        .windDirection10m: 120, .windSpeed10m: 14.816, .precipitation: 0.762,
        .pressureMSL: 1021.8,
      ])
    // 21:00 has 20:45 (15 min, dropped), 20:52 (8 min, p01i M) and 21:29 (29 min, P0000 →
    // 0.0001). 20:52 wins every value it has (42.98 → 6.1, 35.06 → 1.7, 73.39, 140°,
    // 10 kt → 18.52, mslp 1022.10). Precipitation: the hour ending 21:00 holds 20:45 and 20:52,
    // both p01i M, so none; 21:29's trace belongs to the hour ending 22:00, whose last report
    // (21:52) supplies it.
    #expect(
      Self.hour(reading, "2024-03-01T21:00") == [
        .temperature2m: 6.1, .dewPoint2m: 1.7, .relativeHumidity2m: 73.39,
        .windDirection10m: 140, .windSpeed10m: 18.52, .pressureMSL: 1022.1,
      ])
    // 23:52 → next day 00:00: p01i 0.05 in → 1.27 mm, 11 kt → 20.372 km/h.
    let midnight = try #require(Self.hour(reading, "2024-03-02T00:00"))
    #expect(midnight[.precipitation] == 1.27 && midnight[.windSpeed10m] == 20.372)
    // 19:52 → 20:00 has no P group (p01i M): no precipitation, not 0.
    #expect(Self.hour(reading, "2024-03-01T20:00")?[.precipitation] == nil)
    #expect(reading.hourly.count == 8)
    // 17:20, 20:45, 22:21 as before, and 21:29, whose only kept value was its precipitation.
    #expect(reading.tally.reducedReports == 4)
    // p01i 0.0001 on 16:52, 17:07, 17:20, 17:52, 18:52, 21:29.
    #expect(reading.tally.trace == 6)
    // A trace flag goes with the report that won the hour (the last of the hour ending then):
    // 17:00 (16:52's), 18:00 (17:52's), 19:00 (18:52's); 22:00 took 21:52's measured 0.03 in,
    // so 21:29's trace flags nothing.
    #expect(
      reading.hourly.filter { !$0.trace.isEmpty }.map(\.validAt)
        == ["2024-03-01T17:00", "2024-03-01T18:00", "2024-03-01T19:00"].map {
          WallClock.secondsAsUTC($0)
        })
    // gust M on all 14 lines, mslp M on the 6 SPECIs, p01i M on 19:52, 20:45, 20:52.
    #expect(reading.tally.missing == 23)
    #expect(reading.tally.flagged == 0)
    #expect(reading.notes.contains(StationReport.hourRule))
  }

  @Test("the real tab-separated VOHY download: conversions, calm and VRB wind")
  func vohy() throws {
    let reading = try Self.read(Self.vohy)
    #expect(reading.stationID == "VOHY")
    #expect(reading.tally.lines == 34)
    // `VOHY 2014-03-01 00:40 69.80 60.80 73.09 130.00 4.00 0.00 29.97 M … M(gust)`: 00:40 is
    // 20 min before 01:00. (69.8-32)×5/9 = 21.0, (60.8-32)×5/9 = 16.0, 4 kt × 1.852 = 7.408,
    // p01i 0.00 → 0; alti 29.97 is not stored, mslp and gust are M.
    #expect(
      Self.hour(reading, "2014-03-01T01:00") == [
        .temperature2m: 21.0, .dewPoint2m: 16.0, .relativeHumidity2m: 73.09,
        .windDirection10m: 130, .windSpeed10m: 7.408, .precipitation: 0,
      ])
    // 2014-03-02 01:40 `00000KT`: drct 0.00, sknt 0.00 → calm: speed 0, no direction.
    let calm = try #require(Self.hour(reading, "2014-03-02T02:00"))
    #expect(calm[.windSpeed10m] == 0 && calm[.windDirection10m] == nil)
    // 2014-03-01 13:40 `VRB01KT`: drct M (missing), sknt 1 → 1.852.
    let variable = try #require(Self.hour(reading, "2014-03-01T14:00"))
    #expect(variable[.windSpeed10m] == 1.852 && variable[.windDirection10m] == nil)
    // mslp and gust M on 34 lines, drct M on the 4 VRB lines: 72.
    #expect(reading.tally.missing == 72)
  }

  @Test("the comma-separated onlycomma file reads as its tab-separated original")
  func commaSeparated() throws {
    let comma = try Self.read("derived-onlycomma-VOHY-2014-03.csv")
    let tab = try Self.read(Self.vohy)
    #expect(comma.tally.lines == 12)
    #expect(comma.hourly == Array(tab.hourly.prefix(comma.hourly.count)))
  }

  @Test("p01i T is trace; a gust in knots becomes km/h")
  func traceLetterAndGust() throws {
    // Line 7 (the first data line) with p01i `0.00` → `T` and gust `M` → `12.00`.
    let bytes = Self.changed(Self.vohy, line: 7) { line in
      var fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
      fields[7] = "T"
      fields[11] = "12.00"
      return fields.joined(separator: "\t")
    }
    let reading = try Self.read(Self.vohy, bytes: bytes)
    let first = try #require(Self.hour(reading, "2014-03-01T01:00"))
    // 12 kt × 1.852 = 22.224 km/h.
    #expect(first[.precipitation] == 0 && first[.windGusts10m] == 22.224)
    #expect(reading.tally.trace == 1)
    // The trace 0 is flagged; the measured 0.00 of the unchanged file is not.
    let traced = reading.hourly.first { $0.validAt == WallClock.secondsAsUTC("2014-03-01T01:00") }
    #expect(traced?.trace == [.precipitation])
    let measured = try Self.read(Self.vohy)
    #expect(Self.hour(measured, "2014-03-01T01:00")?[.precipitation] == 0)
    #expect(measured.hourly.allSatisfy { $0.trace.isEmpty })
  }

  @Test("a line with a field missing or a bad number throws .line with its number")
  func brokenLines() {
    // Line 9 with its last field (snowdepth) cut off.
    let short = Self.changed(Self.vohy, line: 9) { String($0[..<$0.lastIndex(of: "\t")!]) }
    let error = #expect(throws: StationFileError.self) { try Self.read(Self.vohy, bytes: short) }
    guard case .line(9, _)? = error else {
      Issue.record("expected line 9, got \(String(describing: error))")
      return
    }
    // Line 10 (05:40) with tmpf `82.40` → `82.4O`.
    let letter = Self.changed(Self.vohy, line: 10) { line in
      var fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
      fields[2] = fields[2].replacingAll("0", with: "O")
      return fields.joined(separator: "\t")
    }
    let bad = #expect(throws: StationFileError.self) { try Self.read(Self.vohy, bytes: letter) }
    guard case .line(10, let reason)? = bad else {
      Issue.record("expected line 10, got \(String(describing: bad))")
      return
    }
    #expect(reason.contains("tmpf"))
  }

  @Test("downloads without data columns or in another time zone are format errors")
  func formatErrors() {
    // The real routine file was requested with data=metar: only station, valid, metar.
    let metarOnly = #expect(throws: StationFileError.self) {
      try Self.read("riem-measures-routine-KCVG-2024-03-01.asos.py-2d8537.txt")
    }
    guard case .format? = metarOnly else {
      Issue.record("expected a format error, got \(String(describing: metarOnly))")
      return
    }
    let chicago = Self.changed(Self.vohy, line: 3) {
      $0.replacingAll("-> UTC", with: "-> America/Chicago")
    }
    let zone = #expect(throws: StationFileError.self) { try Self.read(Self.vohy, bytes: chicago) }
    guard case .format? = zone else {
      Issue.record("expected a format error, got \(String(describing: zone))")
      return
    }
  }
}

extension String {
  /// Every occurrence of `target` replaced (test inputs built from real lines).
  fileprivate func replacingAll(_ target: String, with replacement: String) -> String {
    split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
  }
}
