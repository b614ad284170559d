import SkycastModel
import Testing

@testable import Stations

/// Every station format applies the plausibility rule of `db check` per value and the
/// `PlausibleTime` window per line: an impossible value or time is left out, counted and named
/// with its line; cells that are no plain decimal are a line error.
@Suite struct StationValueChecksTests {
  static func read(_ text: String, _ provider: StationProvider, name: String) throws
    -> StationReading
  {
    try StationFiles.read(
      Array(text.utf8), name: name, provider: provider, options: StationReadOptions())
  }

  static let ghcnhHeader =
    "Station_ID|Year|Month|Day|Hour|Minute|temperature|relative_humidity|precipitation|sea_level_pressure"

  @Test("GHCNh: 5000 °C, RH 250, negative rain, pressure 0 and years 0001–9999 are left out")
  func ghcnh() throws {
    let reading = try Self.read(
      [
        Self.ghcnhHeader,
        "USW00024135|2020|01|01|00|00|5000|250|-1|0",
        "USW00024135|2020|01|01|01|00|12.5|80|0.2|1013.2",
        "USW00024135|0001|01|01|00|00|10|50|0|1000",
        "USW00024135|1799|12|31|23|00|10|50|0|1000",
        "USW00024135|2201|01|01|00|00|10|50|0|1000",
        "USW00024135|9999|12|31|23|52|10|50|0|1000",
        "USW00024135|2020|01|01|02|00|9223372036854775807|||",
      ].joined(separator: "\n"), .ghcnh, name: "GHCNh_USW00024135_por.psv")
    #expect(reading.hourly.map(\.validAt) == [1_577_840_400])
    #expect(reading.hourly[0].values[.temperature2m] == 12.5)
    #expect(reading.tally.implausible == 5)
    #expect(reading.tally.outOfTime == 4)
    let summary = reading.tally.summary
    #expect(summary.contains("5 implausible values left out"), "\(summary)")
    #expect(summary.contains("4 lines dated outside 1800-01-01 to 2200-12-31 left out"))
    #expect(summary.contains("line 2: temperature_2m 5000.0 outside -80…60 °C"), "\(summary)")
    #expect(summary.contains("; and 4 more"), "\(summary)")
  }

  @Test(
    "GHCNh: a hex or NUL cell is a line error, not 26 or 1",
    arguments: ["0x1A", "1\u{0}5", "inf", "nan"])
  func ghcnhStrict(cell: String) {
    let text = Self.ghcnhHeader + "\nUSW00024135|2020|01|01|00|00|\(cell)|||"
    #expect(throws: StationFileError.line(2, "temperature '\(cell)' is not a number")) {
      try Self.read(text, .ghcnh, name: "GHCNh_USW00024135_por.psv")
    }
  }

  @Test("GHCNh: a flagged (suspect) value outside its range is not kept apart either")
  func ghcnhSuspect() throws {
    let text =
      "Station_ID|Year|Month|Day|Hour|Minute|temperature|temperature_Quality_Code\n"
      + "USW00024135|2020|01|01|00|00|5000|3\nUSW00024135|2020|01|01|01|00|20|3"
    let reading = try Self.read(text, .ghcnh, name: "GHCNh_USW00024135_por.psv")
    #expect(reading.hourly.map(\.suspect) == [[.temperature2m: 20]])
    #expect(reading.tally.implausible == 1 && reading.tally.flagged == 2)
  }

  @Test("ASOS: 9999-12-31 23:52 and 2200-12-31 23:52 (rounding into 2201) are left out")
  func asos() throws {
    let reading = try Self.read(
      [
        "station,valid,tmpf,relh,p01i,mslp",
        "KCVG,9999-12-31 23:52,50.0,50,0.00,1013.0",
        "KCVG,2200-12-31 23:52,50.0,50,0.00,1013.0",
        "KCVG,2024-03-01 00:52,9032.0,250,-0.5,0",
        "KCVG,2024-03-01 01:52,50.0,50,0.01,1013.0",
      ].joined(separator: "\n"), .asos, name: "asos.csv")
    #expect(reading.hourly.map(\.validAt) == [1_709_258_400])
    #expect(reading.tally.outOfTime == 2 && reading.tally.implausible == 4)
    #expect(
      reading.tally.problems[0] == "line 2: time 9999-12-31 23:52 outside 1800-01-01 to 2200-12-31")
    #expect(throws: StationFileError.self) {
      try Self.read("station,valid,tmpf\nKCVG,2024-03-01 00:52,0x1A", .asos, name: "a.csv")
    }
  }

  @Test("ISD-Lite: 5000 °C and year 1799 are left out")
  func isdLite() throws {
    let reading = try Self.read(
      [
        "2020 01 01 00 50000    72 10230   300    26     4     0 -9999",
        "1799 01 01 01   100    67 10232   290    21 -9999     0 -9999",
        "2020 01 01 02   100    67     0   290    21 -9999     0 -9999",
      ].joined(separator: "\n"), .isdLite, name: "724940-23234-2020")
    #expect(reading.hourly.count == 2)
    #expect(reading.hourly[0].values[.temperature2m] == nil)
    #expect(reading.hourly[1].values[.pressureMSL] == nil)
    #expect(reading.tally.implausible == 2 && reading.tally.outOfTime == 1)
  }

  @Test("DWD: LUFTTEMPERATUR 5000 and MESS_DATUM in 1799 and 2201 are left out")
  func dwd() throws {
    let reading = try Self.read(
      [
        "STATIONS_ID;MESS_DATUM;QN_9;TT_TU;RF_TU;eor",
        "3987;2020010100;3;5000;250;eor",
        "3987;1799010100;3;10;50;eor",
        "3987;2201010100;3;10;50;eor",
        "3987;2020010101;3;10;50;eor",
      ].joined(separator: "\n"), .dwd, name: "produkt_tu_stunde_03987.txt")
    #expect(reading.hourly.map(\.validAt) == [1_577_840_400])
    #expect(reading.tally.implausible == 2 && reading.tally.outOfTime == 2)
  }

  @Test("ECA&D: 9223372036854775807 and a date in 2201 are left out")
  func ecad() throws {
    let reading = try Self.read(
      [
        "STAID, SOUID,    DATE,   TX, Q_TX",
        "     1, 35381,20200101,9223372036854775807,    0",
        "     1, 35381,20200102,   46,    0",
        "     1, 35381,22010101,   46,    0",
        "     1, 35381,20200103,  9999,    1",
      ].joined(separator: "\n"), .ecad, name: "TX_STAID000001.txt")
    #expect(reading.daily.map(\.date.description) == ["2020-01-02"])
    #expect(reading.tally.implausible == 2 && reading.tally.outOfTime == 1)
  }

  @Test("Meteostat: temp 5000 and a row of 9999-12-31 are left out")
  func meteostat() throws {
    let reading = try Self.read(
      [
        "2020-01-01,0,5000,0.9,250,-1,,220,7.6,,0,,4",
        "2020-01-01,1,1.5,0.8,95,0.0,,230,7.6,,1029.4,,4",
        "9999-12-31,23,1.5,0.8,95,0.0,,230,7.6,,1029.4,,4",
      ].joined(separator: "\n"), .meteostat, name: "10637.csv")
    #expect(reading.hourly.map(\.validAt) == [1_577_836_800, 1_577_840_400])
    // The first hour keeps its plausible dew point, direction and speed only.
    #expect(
      reading.hourly[0].values.keys.sorted() == [.dewPoint2m, .windSpeed10m, .windDirection10m])
    #expect(reading.tally.implausible == 4 && reading.tally.outOfTime == 1)
  }
}
