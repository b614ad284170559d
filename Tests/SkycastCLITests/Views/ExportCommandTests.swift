import Foundation
import SkycastModel
import TestSupport
import Testing

@testable import Store

@Suite struct ExportCommandTests {
  static let bom = "\u{FEFF}"

  /// The spreadsheet CSV: BOM, CRLF, local times with zone and offset (which changes across
  /// Zürich's DST switch), units in the header, rounded values, an empty missing value, quoting.
  @Test("--excel hourly is byte-exact")
  func excelHourly() async throws {
    let harness = CLIHarness()
    _ = try ExportFixtures.seed(harness)
    let path = harness.directory.file("hourly.csv")
    let result = await harness.run(
      "export", "hourly", "--excel", "--var", "temperature_2m,precipitation,weather_code", "-o",
      path)
    #expect(result.exitCode == 0, "\(result)")
    let expected =
      Self.bom
      + "city,city_id,timezone,fetch_id,source,model,issued_at,valid_at,utc_offset (h),valid_date,valid_hour,lead_hours,temperature_2m (°C),precipitation (mm),weather_code (wmo code)\r\n"
      + "北京,1,Asia/Shanghai,1,forecast,best_match,2026-03-20 08:00,2026-03-20 08:00,8.0,2026-03-20,8,0,-6.3,,3\r\n"
      + "北京,1,Asia/Shanghai,1,forecast,best_match,2026-03-20 08:00,2026-03-20 09:00,8.0,2026-03-20,9,1,2.0,0.3,61\r\n"
      + "\"Zürich, \"\"ZH\"\"\",2,Europe/Zurich,2,forecast,best_match,2026-03-29 01:00,2026-03-29 01:00,1.0,2026-03-29,1,0,3.5,0.0,0\r\n"
      + "\"Zürich, \"\"ZH\"\"\",2,Europe/Zurich,2,forecast,best_match,2026-03-29 01:00,2026-03-29 03:00,2.0,2026-03-29,3,1,0.0,1.1,71\r\n"
    let bytes = try #require(FileManager.default.contents(atPath: path))
    #expect(Array(bytes) == Array(expected.utf8))
    #expect(Array(bytes.prefix(3)) == [0xEF, 0xBB, 0xBF])
    #expect(result.stderr.contains("exported 4 rows to"))
  }

  /// Text fields: a quoted comma and quotes, a line break inside a field, CJK, a formula-looking
  /// value neutralised, missing values empty; numbers untouched.
  @Test("--excel cities quotes, neutralises and keeps CJK")
  func excelCities() async throws {
    let harness = CLIHarness()
    _ = try ExportFixtures.seed(harness)
    let result = await harness.run("export", "cities", "--excel")
    let expected =
      Self.bom
      + "id,name,country_code,country,admin1,latitude (°),longitude (°),elevation (m),timezone,geonames_id,population,added_at,utc_offset (h)\r\n"
      + "1,北京,CN,中国,Beijing,39.9075,116.39723,49.0,Asia/Shanghai,1816670,18960744,2026-03-20 08:05,8.0\r\n"
      + "2,\"Zürich, \"\"ZH\"\"\",CH,'=Schweiz,\"Kanton\nZürich\",47.36667,8.55,,Europe/Zurich,,,2026-03-29 01:05,1.0\r\n"
    #expect(result.stdout == expected, "\(result)")
    let plain = await harness.run("export", "cities", "--format", "csv")
    #expect(
      plain.stdout.hasPrefix(
        "id,name,country_code,country,admin1,latitude,longitude,elevation,timezone,"))
    #expect(
      plain.stdout.contains(",CH,=Schweiz,\"Kanton\nZürich\","), "plain CSV never alters text")
    #expect(plain.stdout.contains(",2026-03-20T08:05:00+08:00\r\n"))
  }

  /// Plain CSV: ISO 8601 local times with the instant's own offset.
  @Test("plain CSV hourly uses ISO 8601 with each instant's offset")
  func plainHourly() async throws {
    let harness = CLIHarness()
    _ = try ExportFixtures.seed(harness)
    let result = await harness.run(
      "export", "hourly", "--var", "temperature_2m,precipitation,weather_code")
    let expected =
      "city,city_id,fetch_id,source,model,issued_at,valid_at,valid_date,valid_hour,lead_hours,temperature_2m,precipitation,weather_code\r\n"
      + "北京,1,1,forecast,best_match,2026-03-20T08:00:00+08:00,2026-03-20T08:00:00+08:00,2026-03-20,8,0,-6.3,,3\r\n"
      + "北京,1,1,forecast,best_match,2026-03-20T08:00:00+08:00,2026-03-20T09:00:00+08:00,2026-03-20,9,1,2.0,0.3,61\r\n"
      + "\"Zürich, \"\"ZH\"\"\",2,2,forecast,best_match,2026-03-29T01:00:00+01:00,2026-03-29T01:00:00+01:00,2026-03-29,1,0,3.5,0.0,0\r\n"
      + "\"Zürich, \"\"ZH\"\"\",2,2,forecast,best_match,2026-03-29T01:00:00+01:00,2026-03-29T03:00:00+02:00,2026-03-29,3,1,0.0,1.1,71\r\n"
    #expect(result.stdout == expected, "\(result)")
  }

  /// Every variable column of the table is exported by default, named like the schema.
  @Test("default columns are the schema's")
  func defaultColumns() async throws {
    let harness = CLIHarness()
    _ = try ExportFixtures.seed(harness)
    let result = await harness.run("export", "hourly")
    let header = try #require(result.stdout.components(separatedBy: "\r\n").first)
    let expected =
      [
        "city", "city_id", "fetch_id", "source", "model", "issued_at", "valid_at", "valid_date",
        "valid_hour", "lead_hours",
      ]
      + WeatherVariable.with(.hourlyForecast).map(\.column)
    #expect(header.split(separator: ",").map(String.init) == expected)
    let daily = await harness.run("export", "daily")
    #expect(
      daily.stdout.hasPrefix(
        "city,city_id,fetch_id,source,model,issued_at,date,lead_days,weather_code,temperature_2m_max,"
      ))
  }

  /// JSON keeps every key (null for missing), CJK unescaped, and parses back.
  @Test("JSON keeps nulls and parses with JSONSerialization")
  func json() async throws {
    let harness = CLIHarness()
    _ = try ExportFixtures.seed(harness)
    let result = await harness.run(
      "export", "hourly", "--format", "json", "--var", "temperature_2m,precipitation")
    #expect(
      result.stdout.hasPrefix(
        "[\n{\"city\":\"北京\",\"city_id\":1,\"fetch_id\":1,\"source\":\"forecast\",\"model\":\"best_match\",\"issued_at\":\"2026-03-20T08:00:00+08:00\",\"valid_at\":\"2026-03-20T08:00:00+08:00\",\"valid_date\":\"2026-03-20\",\"valid_hour\":8,\"lead_hours\":0,\"temperature_2m\":-6.3,\"precipitation\":null},\n"
      ))
    let parsed = try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
    #expect(parsed.count == 4)
    #expect(parsed[0]["precipitation"] is NSNull)
    #expect(parsed[0].keys.count == 12)
    #expect(parsed[2]["city"] as? String == "Zürich, \"ZH\"")
    #expect((parsed[3]["valid_at"] as? String) == "2026-03-29T03:00:00+02:00")
  }

  /// NDJSON: one object per line and nothing else.
  @Test("NDJSON writes one parseable object per line")
  func ndjson() async throws {
    let harness = CLIHarness()
    _ = try ExportFixtures.seed(harness)
    let result = await harness.run(
      "export", "hourly", "--format", "ndjson", "--var", "temperature_2m,precipitation")
    let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.count == 5 && lines.last == "")
    for line in lines.dropLast() {
      let object = try #require(
        try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
      #expect(object.keys.contains("precipitation"))
    }
    #expect(lines[0].hasPrefix("{\"city\":\"北京\""))
  }

  /// `--latest` keeps the newest issue with lead ≥ 0 per valid time.
  @Test("--latest keeps the most recent issue per valid time")
  func latest() async throws {
    let harness = CLIHarness()
    let cities = try ExportFixtures.seed(harness)
    let store = try harness.store()
    // Issued an hour later: a past hour (lead −1, never "latest") and a newer 09:00 value.
    try ExportFixtures.storeFetch(
      store, city: cities.beijing, requestedAt: ExportFixtures.march20 + 3600,
      hours: [(-1, [.temperature2m: 99]), (0, [.temperature2m: 2.5])])
    // Another model for the same hour is not "latest" by default.
    try ExportFixtures.storeFetch(
      store, city: cities.beijing, requestedAt: ExportFixtures.march20 + 7200,
      model: "gfs_seamless",
      hours: [(-1, [.temperature2m: 50])])
    let result = await harness.run(
      "export", "hourly", "--latest", "--city", "北京", "--var", "temperature_2m", "--format", "csv")
    #expect(
      result.stdout
        == "city,city_id,fetch_id,source,model,issued_at,valid_at,valid_date,valid_hour,lead_hours,temperature_2m\r\n"
        + "北京,1,1,forecast,best_match,2026-03-20T08:00:00+08:00,2026-03-20T08:00:00+08:00,2026-03-20,8,0,-6.3\r\n"
        + "北京,1,3,forecast,best_match,2026-03-20T09:00:00+08:00,2026-03-20T09:00:00+08:00,2026-03-20,9,0,2.5\r\n",
      "\(result)")
    let all = await harness.run("export", "hourly", "--city", "北京", "--var", "temperature_2m")
    #expect(all.stdout.split(separator: "\r\n").count == 1 + 5)
    let model = await harness.run(
      "export", "hourly", "--latest", "--model", "gfs_seamless", "--var", "temperature_2m")
    #expect(model.stdout.split(separator: "\r\n").count == 1, "gfs row has lead -1: \(model)")
  }

  /// `--from/--to` select local dates; `--source` filters.
  @Test("--from/--to and --source filter rows")
  func filters() async throws {
    let harness = CLIHarness()
    _ = try ExportFixtures.seed(harness)
    let result = await harness.run(
      "export", "hourly", "--from", "2026-03-29", "--to", "2026-03-30", "--var", "temperature_2m")
    #expect(result.stdout.split(separator: "\r\n").count == 3)
    #expect(!result.stdout.contains("北京"))
    let none = await harness.run(
      "export", "hourly", "--source", "previous-runs", "--format", "json")
    #expect(none.exitCode == 64, "a source with no rows is named, not an empty table")
    #expect(none.stderr.contains("no rows from source 'previous-runs'; stored sources: forecast"))
    let fetches = await harness.run(
      "export", "fetches", "--from", "2026-03-20", "--to", "2026-03-20")
    #expect(fetches.stdout.split(separator: "\r\n").count == 2)
  }

  /// The fetch log: provenance columns, a failed fetch with a quoted, multi-line error.
  @Test("fetches exports the fetch log with failures")
  func fetches() async throws {
    let harness = CLIHarness()
    let cities = try ExportFixtures.seed(harness)
    try ExportFixtures.storeFailure(
      try harness.store(), city: cities.zurich, requestedAt: ExportFixtures.march29 + 600)
    let result = await harness.run("export", "fetches", "--city", "2")
    let expected =
      "id,city,city_id,source,model,requested_at,issued_at,status,http_status,error,url,utc_offset_seconds,grid_latitude,grid_longitude,grid_elevation,call_weight,bytes,body_sha256,rows,run_at,run_available_at,run_note\r\n"
      + "2,\"Zürich, \"\"ZH\"\"\",2,forecast,best_match,2026-03-29T01:05:00+01:00,2026-03-29T01:00:00+01:00,ok,200,,https://api.open-meteo.com/v1/forecast?latitude=47.36667,3600,47.36667,8.55,,1.6,1234,\(String(repeating: "ab", count: 32)),2,,,\r\n"
      + "3,\"Zürich, \"\"ZH\"\"\",2,forecast,best_match,2026-03-29T01:15:00+01:00,,failed,500,\"HTTP 500: upstream \"\"model\"\" timeout,\nretry later\",https://api.open-meteo.com/v1/forecast?latitude=47.36667,,,,,,,,0,,,\r\n"
    #expect(result.stdout == expected, "\(result)")
  }

  /// `--wide`: one row per time, one column per city; UTC when zones differ, local otherwise.
  @Test("--wide puts cities in columns")
  func wide() async throws {
    let harness = CLIHarness()
    _ = try ExportFixtures.seed(harness)
    let result = await harness.run("export", "hourly", "--wide")
    #expect(
      result.stdout
        == "valid_at,北京,\"Zürich, \"\"ZH\"\"\"\r\n2026-03-20T00:00:00+00:00,-6.3,\r\n2026-03-20T01:00:00+00:00,2.0,\r\n"
        + "2026-03-29T00:00:00+00:00,,3.5\r\n2026-03-29T01:00:00+00:00,,0.0\r\n", "\(result)")
    #expect(result.stderr.contains("times are in UTC"))
    let local = await harness.run(
      "export", "hourly", "--wide", "--city", "2", "--var", "precipitation", "--excel")
    #expect(
      local.stdout
        == Self.bom + "valid_at,timezone,utc_offset (h),\"Zürich, \"\"ZH\"\" (mm)\"\r\n"
        + "2026-03-29 01:00,Europe/Zurich,1.0,0.0\r\n2026-03-29 03:00,Europe/Zurich,2.0,1.1\r\n",
      "\(local)")
    let twoVariables = await harness.run(
      "export", "hourly", "--wide", "--var", "temperature_2m,precipitation")
    #expect(twoVariables.exitCode == 64)
  }

  /// `--split-by city` into a directory and `--split-by month` with a prefix.
  @Test("--split-by writes one file per part")
  func split() async throws {
    let harness = CLIHarness()
    let cities = try ExportFixtures.seed(harness)
    try ExportFixtures.storeFetch(
      try harness.store(), city: cities.zurich, requestedAt: 1_775_001_900,  // 2026-04-01T00:05Z
      hours: [(0, [.temperature2m: 8])])
    let byCity = await harness.run(
      "export", "hourly", "--split-by", "city", "--var", "temperature_2m", "-o", "exports/")
    #expect(byCity.exitCode == 0, "\(byCity)")
    let folder = harness.directory.file("exports")
    let names = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
    #expect(names == ["hourly-Zürich, _ZH_.csv", "hourly-北京.csv"])
    let beijing = try String(contentsOfFile: folder + "/hourly-北京.csv", encoding: .utf8)
    #expect(beijing.split(separator: "\r\n").count == 3)
    #expect(beijing.hasPrefix("city,city_id,"))

    let byMonth = await harness.run(
      "export", "hourly", "--split-by", "month", "--excel", "--var", "temperature_2m", "-o",
      "out/zh")
    #expect(byMonth.exitCode == 0, "\(byMonth)")
    let march = try #require(
      FileManager.default.contents(atPath: harness.directory.file("out/zh-2026-03.csv")))
    let april = try #require(
      FileManager.default.contents(atPath: harness.directory.file("out/zh-2026-04.csv")))
    #expect(Array(march.prefix(3)) == [0xEF, 0xBB, 0xBF])
    #expect(String(decoding: march, as: UTF8.self).split(separator: "\r\n").count == 5)
    #expect(
      String(decoding: april, as: UTF8.self).hasSuffix(
        ",2026-04-01 02:00,2.0,2026-04-01,2,0,8.0\r\n"))
    #expect(byMonth.stderr.contains("in 2 files"))
  }

  /// Observations, hourly and daily, and the default observation source of `--wide`.
  @Test("observations export hourly and daily rows")
  func observations() async throws {
    let harness = CLIHarness()
    _ = try ExportFixtures.seed(harness)
    let database = try harness.store().database
    try database.run(
      """
      INSERT INTO hourly_observations (city_id, source, valid_at, valid_date, valid_hour, temperature_2m, fetch_id, fetched_at)
      VALUES (1, 'era5', 1773964800, '2026-03-20', 8, -5.96, NULL, 1774000000),
             (1, 'station', 1773964800, '2026-03-20', 8, -6.0, NULL, 1774000000)
      """)
    try database.run(
      "INSERT INTO daily_observations (city_id, source, date, temperature_2m_max, fetch_id, fetched_at) VALUES (1, 'era5', '2026-03-20', 4.44, NULL, NULL)"
    )
    let hourly = await harness.run(
      "export", "observations", "--source", "era5", "--var", "temperature_2m")
    #expect(
      hourly.stdout
        == "city,city_id,source,valid_at,valid_date,valid_hour,temperature_2m,fetch_id,fetched_at\r\n"
        + "北京,1,era5,2026-03-20T08:00:00+08:00,2026-03-20,8,-6.0,,2026-03-20T17:46:40+08:00\r\n",
      "\(hourly)")
    let daily = await harness.run(
      "export", "observations", "--daily", "--var", "temperature_2m_max", "--format", "ndjson")
    #expect(
      daily.stdout
        == "{\"city\":\"北京\",\"city_id\":1,\"source\":\"era5\",\"date\":\"2026-03-20\",\"temperature_2m_max\":4.4,\"fetch_id\":null,\"fetched_at\":null}\n",
      "\(daily)")
    let wide = await harness.run("export", "observations", "--wide", "--city", "北京")
    #expect(
      wide.stdout == "valid_at,北京\r\n2026-03-20T08:00:00+08:00,-6.0\r\n",
      "era5 is the default source: \(wide)")
    try database.run("DELETE FROM hourly_observations WHERE source = 'era5'")
    try database.run(
      "INSERT INTO hourly_observations (city_id, source, valid_at, valid_date, valid_hour) VALUES (1, 'other', 0, '1970-01-01', 8)"
    )
    let ambiguous = await harness.run("export", "observations", "--wide")
    #expect(ambiguous.exitCode == 64)
    #expect(
      ambiguous.stderr.contains("choose one with --source NAME (e.g. --source other)"),
      "\(ambiguous)")
  }

  /// Options that cannot work together are usage errors.
  @Test(
    "bad combinations are usage errors",
    arguments: [
      ["export", "hourly", "--excel", "--format", "json"],
      ["export", "hourly", "--split-by", "city"],
      ["export", "hourly", "--split-by", "week", "-o", "x"],
      ["export", "hourly", "--var", "temperature_2m_max"],
      ["export", "hourly", "--from", "2026-03-02", "--to", "2026-03-01"],
      ["export", "hourly", "--city", "Atlantis"],
      ["export", "observations", "--latest"],
      ["export", "hourly", "--wide", "--split-by", "month", "-o", "x"],
    ])
  func usageErrors(_ arguments: [String]) async throws {
    let harness = CLIHarness()
    _ = try ExportFixtures.seed(harness)
    let result = await harness.run(arguments)
    #expect(result.exitCode == 64, "\(result)")
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.hasPrefix("Error: "))
  }

  /// With no database yet, export says how to start rather than creating an empty file.
  @Test("a missing database is a clear error")
  func missingDatabase() async {
    let harness = CLIHarness()
    let result = await harness.run("export", "hourly")
    #expect(result.exitCode == 1)
    #expect(result.stderr.contains("no such file"), "\(result)")
  }
}
