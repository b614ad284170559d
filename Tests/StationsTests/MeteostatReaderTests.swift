import SkycastModel
import Testing

@testable import Stations

/// Meteostat bulk CSV, legacy and current layouts: model-filled values left out and counted.
@Suite struct MeteostatReaderTests {
  static func text(_ name: String) throws -> [UInt8] {
    try StationFileBytes.text(StationFixtures.bytes("meteostat/" + name))
  }

  /// The epoch second of `hour` UTC on a date.
  static func utc(_ year: Int, _ month: Int, _ day: Int, _ hour: Int) -> Int64 {
    LocalDate(year: year, month: month, day: day)!.midnightAsUTC + Int64(hour) * 3600
  }

  @Test("current hourly layout: values as published, okta to %, dwd_mosmix rows left out")
  func currentHourly() throws {
    let name = "derived-current-hourly-2024-10637.csv.gz"
    let reading = try MeteostatReader.read(Self.text(name), name: name, options: .init())
    #expect(reading.stationID == "10637")
    // 2024,1,1,4 is dwd_mosmix throughout: no hour 04 at all.
    #expect(reading.hourly.map(\.validAt) == (0...3).map { Self.utc(2024, 1, 1, $0) })
    // 2024,1,1,0: temp 6.3, dwpt 4.1, rhum 86, prcp 0.0, wdir 230, wspd 16.6 (km/h as is),
    // wpgt empty (missing), pres 1002.6, cldc 8 okta × 12.5 = 100 %; tsun 0 and coco 8 unmapped.
    #expect(
      reading.hourly[0].values == [
        .temperature2m: 6.3, .dewPoint2m: 4.1, .relativeHumidity2m: 86, .precipitation: 0.0,
        .windDirection10m: 230, .windSpeed10m: 16.6, .pressureMSL: 1002.6, .cloudCover: 100,
      ])
    // 2024,1,1,2 (metar): prcp and wpgt empty; cldc 7 okta × 12.5 = 87.5 %.
    #expect(
      reading.hourly[2].values == [
        .temperature2m: 6.0, .dewPoint2m: 4.0, .relativeHumidity2m: 87, .windDirection10m: 220,
        .windSpeed10m: 14.8, .pressureMSL: 1003.0, .cloudCover: 87.5,
      ])
    // Model: the 9 mapped values of hour 4 (temp dwpt rhum prcp wdir wspd wpgt pres cldc).
    #expect(reading.tally.modelFilled == 9)
    // Missing: wpgt of hours 0, 2, 3 and prcp of hour 2.
    #expect(reading.tally.missing == 4)
    // Unmapped: tsun+coco of hours 0, 1, 4 and coco of hour 2.
    #expect(reading.tally.unmapped == 7)
    #expect(reading.tally.lines == 5)
  }

  @Test("current daily layout: tsun minutes to seconds, multi-source cells kept, means unmapped")
  func currentDaily() throws {
    let name = "derived-current-daily-2024-10637.csv.gz"
    let reading = try MeteostatReader.read(Self.text(name), name: name, options: .init())
    #expect(reading.daily.map(\.date.description) == ["2024-01-01", "2024-01-02", "2024-01-03"])
    // 2024,1,1: tmin 2.9, tmax 7.8, prcp 4.2, wpgt 50.4, tsun 42 min × 60 = 2520 s; temp (the
    // mean), rhum, snwd, wspd, pres, cldc are not stored.
    #expect(
      reading.daily[0].values == [
        .temperature2mMin: 2.9, .temperature2mMax: 7.8, .precipitationSum: 4.2,
        .windGusts10mMax: 50.4, .sunshineDuration: 2520,
      ])
    // 2024,1,3: sources "dwd_hourly metar" are both measurements; wpgt and tsun empty.
    #expect(
      reading.daily[2].values == [
        .temperature2mMin: 4.6, .temperature2mMax: 9.9, .precipitationSum: 3.1,
      ])
    #expect(reading.tally.missing == 2)
    #expect(reading.tally.unmapped == 6 + 6 + 5)
    #expect(reading.tally.modelFilled == 0)
  }

  @Test("legacy hourly without the map: all kept, and the notes say model data is unknown")
  func legacyHourlyWithoutMap() throws {
    let name = "derived-legacy-hourly-10637.csv.gz"
    let reading = try MeteostatReader.read(Self.text(name), name: name, options: .init())
    #expect(reading.hourly.count == 12)
    #expect(reading.tally.modelFilled == 0)
    #expect(reading.notes.contains { $0.contains("cannot be told apart") })
  }

  @Test("legacy hourly with its source map: E-flagged values are model-filled, not stored")
  func legacyHourlyWithMap() throws {
    let name = "derived-legacy-hourly-10637.csv.gz"
    let map = try MeteostatReader.SourceMap.parse(
      Self.text("derived-legacy-hourly-10637.map.csv.gz"))
    let reading = try MeteostatReader.read(
      Self.text(name), name: name, options: .init(), flags: map)
    // Hours 10 and 11 are all E: no value left, so no row.
    #expect(reading.hourly.map(\.validAt) == (0...9).map { Self.utc(2020, 1, 1, $0) })
    // 2020-01-01,8,1.8,0.6,92,0.0,,230,9.4,18.5,1029.6,6,3 (flags A): all as published.
    #expect(
      reading.hourly[8].values == [
        .temperature2m: 1.8, .dewPoint2m: 0.6, .relativeHumidity2m: 92, .precipitation: 0.0,
        .windDirection10m: 230, .windSpeed10m: 9.4, .windGusts10m: 18.5, .pressureMSL: 1029.6,
      ])
    // 2020-01-01,6: wdir empty (missing) and wspd 0.0 kept.
    #expect(reading.hourly[6].values[.windDirection10m] == nil)
    #expect(reading.hourly[6].values[.windSpeed10m] == 0)
    // Hour 10: 8 mapped values flagged E; hour 11: 6 (prcp and wpgt empty).
    #expect(reading.tally.modelFilled == 14)
    // Empty mapped cells: wpgt in 10 rows, prcp in rows 3 and 11, wdir in row 6.
    #expect(reading.tally.missing == 12)
    #expect(reading.notes.contains { $0.contains("flag is E") })
  }

  @Test("legacy daily with its source map: the G (model) day is left out")
  func legacyDaily() throws {
    let name = "derived-legacy-daily-10637.csv.gz"
    let map = try MeteostatReader.SourceMap.parse(
      Self.text("derived-legacy-daily-10637.map.csv.gz"))
    let reading = try MeteostatReader.read(
      Self.text(name), name: name, options: .init(), flags: map)
    #expect(
      reading.daily.map(\.date.description) == [
        "2020-01-01", "2020-01-02", "2020-01-04", "2020-01-05", "2020-01-06",
      ])
    // 2020-01-01,2.7,0.7,5.9,0.1,,231,9.4,29.6,1028.4,132: tavg/wdir/wspd/pres not stored,
    // tsun 132 min × 60 = 7920 s.
    #expect(
      reading.daily[0].values == [
        .temperature2mMin: 0.7, .temperature2mMax: 5.9, .precipitationSum: 0.1,
        .windGusts10mMax: 29.6, .sunshineDuration: 7920,
      ])
    // 2020-01-06,1.6,-1.9,4.3,,,160,6.1,,1026.0, : prcp, wpgt, tsun missing.
    #expect(reading.daily[4].values == [.temperature2mMin: -1.9, .temperature2mMax: 4.3])
    // 2020-01-03: tmin tmax prcp wpgt tsun flagged G.
    #expect(reading.tally.modelFilled == 5)
    let unflagged = try MeteostatReader.read(Self.text(name), name: name, options: .init())
    #expect(unflagged.daily.count == 6)
  }

  @Test("a short line and an unparsable value throw .line with their line number")
  func brokenLines() throws {
    let name = "derived-legacy-hourly-10637.csv.gz"
    var lines = StationFileBytes.lines(StationFileBytes.utf8(try Self.text(name))).map(String.init)
    // Line 5 is "2020-01-01,4,0.9,0.4,96,0.0,,200,7.6,,1028.9,,4": drop its last field.
    #expect(lines[4].hasPrefix("2020-01-01,4,"))
    let real = lines[4]
    lines[4] = String(real[..<real.lastIndex(of: ",")!])
    #expect(throws: StationFileError.line(5, "expected 13 comma-separated fields, found 12")) {
      try MeteostatReader.read(
        Array(lines.joined(separator: "\n").utf8), name: name, options: .init())
    }
    lines[4] = real.replacingOccurrences(of: ",0.9,", with: ",0.9x,")
    do {
      _ = try MeteostatReader.read(
        Array(lines.joined(separator: "\n").utf8), name: name, options: .init())
      Issue.record("no error")
    } catch {
      guard case .line(5, let reason) = error else { throw error }
      #expect(reason.contains("temp"))
    }
  }

  @Test("station id from the options, else the file name; none and no header are .format")
  func stationIDAndFormat() throws {
    let text = try Self.text("derived-legacy-daily-10637.csv.gz")
    #expect(
      try MeteostatReader.read(text, name: "10637.csv.gz", options: .init()).stationID == "10637")
    #expect(
      try MeteostatReader.read(text, name: "x.csv", options: .init(stationID: "D1424")).stationID
        == "D1424")
    #expect(throws: StationFileError.self) {
      try MeteostatReader.read(text, name: "", options: .init())
    }
    #expect(
      throws: StationFileError.format(
        "no recognisable Meteostat header: the first line is neither a header with year,month,day (or date) nor a legacy data row"
      )
    ) {
      try MeteostatReader.read(Array("time,temp\n1,2\n".utf8), name: "10637.csv", options: .init())
    }
  }

  @Test("current layout: values whose source is Meteostat's own 'model' fill are left out, counted")
  func modelSourceLeftOut() throws {
    // Derived from the current hourly sample: hour 1 as published, hour 2 with its
    // temperature and pressure filled by `model` (alone, and next to a measurement).
    let text = """
      year,month,day,hour,temp,temp_source,dwpt,dwpt_source,pres,pres_source
      2024,1,1,1,6.1,dwd_hourly,4.0,dwd_hourly,1002.9,dwd_hourly
      2024,1,1,2,6.0,model,4.0,metar,1003.0,metar model

      """
    let reading = try MeteostatReader.read(
      Array(text.utf8), name: "derived-model-10637.csv", options: .init())
    #expect(reading.hourly.map(\.validAt) == [Self.utc(2024, 1, 1, 1), Self.utc(2024, 1, 1, 2)])
    #expect(reading.hourly[1].values == [.dewPoint2m: 4.0])
    #expect(reading.tally.modelFilled == 2)
    #expect(reading.tally.summary.contains("2 model-filled values left out"))
  }
}
