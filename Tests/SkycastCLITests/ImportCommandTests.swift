import Foundation
import SkycastModel
import TestSupport
import Testing

/// `skycast import observations|forecasts`: encodings, CSV edge cases, line-numbered problems,
/// all-or-nothing, duplicates, DST, idempotence and provenance.
@Suite struct ImportCommandTests {
  /// A harness with Berlin (Europe/Berlin) saved as city 1.
  static func berlin() async throws -> CLIHarness {
    let harness = CLIHarness()
    try await Ingest.addCity(
      harness, "Berlin", latitude: 52.52, longitude: 13.41, zone: "Europe/Berlin")
    return harness
  }

  /// Writes `bytes` to a file in the harness's folder and returns its name.
  @discardableResult
  static func file(_ harness: CLIHarness, _ name: String, _ bytes: [UInt8]) throws -> String {
    try Data(bytes).write(to: URL(fileURLWithPath: harness.directory.file(name)))
    return name
  }

  @discardableResult
  static func file(_ harness: CLIHarness, _ name: String, _ text: String) throws -> String {
    try file(harness, name, Array(text.utf8))
  }

  /// Everything an import can change, for "database unchanged" checks.
  static func snapshot(_ harness: CLIHarness) throws -> [[String]] {
    try [
      "fetches", "hourly_observations", "daily_observations", "hourly_forecasts", "daily_forecasts",
    ]
    .flatMap { try Ingest.rows(harness, "SELECT '\($0)', * FROM \($0) ORDER BY 2, 3, 4, 5") }
  }

  // MARK: - Encodings

  @Test("reads UTF-8 with a byte order mark")
  func utf8BOM() async throws {
    let harness = try await Self.berlin()
    try Self.file(
      harness, "bom.csv",
      [0xEF, 0xBB, 0xBF] + Array("city,time,temperature_2m\r\nBerlin,2026-03-20T06:00,4.5\r\n".utf8)
    )
    let result = await harness.run("import", "observations", "bom.csv")
    #expect(result.exitCode == 0, "\(result)")
    #expect(result.stderr.contains("imported 1 row for 1 city from bom.csv (source station)"))
    #expect(
      try Ingest.rows(harness, "SELECT source, valid_at, temperature_2m FROM hourly_observations")
        == [["station", "1773982800", "4.5"]])
  }

  /// Files Excel/WPS save on Chinese Windows are GB18030: 北京 is B1 B1 BE A9.
  @Test("falls back to GB18030 for non-UTF-8 bytes, with a warning, and finds Chinese city names")
  func gb18030() async throws {
    let harness = CLIHarness()
    try await Ingest.addCity(harness, "北京", latitude: 39.9, longitude: 116.4, zone: "Asia/Shanghai")
    let bytes =
      Array("city,time,temperature_2m\r\n".utf8) + [0xB1, 0xB1, 0xBE, 0xA9]
      + Array(",2026-03-20T08:00,12.5\r\n".utf8)
    try Self.file(harness, "gbk.csv", bytes)
    let result = await harness.run("import", "observations", "gbk.csv", "--source", "cma")
    #expect(result.exitCode == 0, "\(result)")
    #expect(result.stderr.contains("warning: gbk.csv is not valid UTF-8; read it as GB18030"))
    #expect(
      try Ingest.rows(
        harness,
        "SELECT city, source, valid_date, valid_hour, temperature_2m FROM hourly_observations_named"
      )
        == [["北京", "cma", "2026-03-20", "8", "12.5"]])
    let forced = await harness.run("import", "observations", "gbk.csv", "--encoding", "utf-8")
    #expect(forced.exitCode == 1)
    #expect(
      forced.stderr.contains("the file is not valid UTF-8 (invalid UTF-8 byte 0xB1 on line 2)"))
  }

  @Test("reads UTF-16 little- and big-endian with a byte order mark", arguments: [false, true])
  func utf16(bigEndian: Bool) async throws {
    let harness = try await Self.berlin()
    let text =
      "city,date,temperature_2m_max (°C),precipitation_sum\r\nBerlin,2026-03-19,9.5,1.2\r\n"
    let body = text.data(using: bigEndian ? .utf16BigEndian : .utf16LittleEndian)!
    try Self.file(harness, "u16.csv", (bigEndian ? [0xFE, 0xFF] : [0xFF, 0xFE]) + Array(body))
    let result = await harness.run("import", "observations", "u16.csv")
    #expect(result.exitCode == 0, "\(result)")
    #expect(
      try Ingest.rows(
        harness, "SELECT date, temperature_2m_max, precipitation_sum FROM daily_observations") == [
          ["2026-03-19", "9.5", "1.2"]
        ])
  }

  // MARK: - CSV syntax and line numbers

  /// Quoted fields with commas and doubled quotes name cities; a quoted line break makes the
  /// next record start two lines later, and the problems name physical lines.
  @Test("quoted fields, CRLF and line numbers after a quoted line break")
  func quotedFields() async throws {
    let harness = CLIHarness()
    try await Ingest.addCity(
      harness, "Washington, D.C.", latitude: 38.9, longitude: -77.04, zone: "America/New_York")
    try await Ingest.addCity(
      harness, "Den \"Haag\"", latitude: 52.08, longitude: 4.31, zone: "Europe/Amsterdam")
    try Self.file(
      harness, "quoted.csv",
      "city,time,temperature_2m\r\n\"Washington, D.C.\",2026-03-20T06:00,3.5\r\n\"Den \"\"Haag\"\"\",2026-03-20T06:00,7\r\n"
    )
    let good = await harness.run("import", "observations", "quoted.csv")
    #expect(good.exitCode == 0, "\(good)")
    #expect(
      try Ingest.rows(harness, "SELECT city, valid_at FROM hourly_observations_named ORDER BY city")
        == [["Den \"Haag\"", "1773982800"], ["Washington, D.C.", "1774000800"]])

    try Self.file(
      harness, "broken.csv",
      "city,time,temperature_2m\n\"Washing\nton\",2026-03-20T07:00,3.5\nDen \"Haag\",2026-03-20T07:00,x\n"
    )
    let bad = await harness.run("import", "observations", "broken.csv")
    #expect(bad.exitCode == 1)
    #expect(bad.stderr.contains("broken.csv line 2: unknown city 'Washing\\nton'"))
    #expect(bad.stderr.contains("broken.csv line 4: a double quote inside an unquoted field"))
  }

  /// The brief's example: a bad number on line 7 names line 7 and stores nothing.
  @Test("a bad number on line 7 is reported at line 7 and the database is unchanged")
  func badNumberLine7() async throws {
    let harness = try await Self.berlin()
    try Self.file(harness, "first.csv", "city,time,temperature_2m\nBerlin,2026-03-19T06:00,1.0\n")
    #expect(await harness.run("import", "observations", "first.csv").exitCode == 0)
    let before = try Self.snapshot(harness)
    let lines = (0..<8).map { "Berlin,2026-03-20T0\($0):00,\($0 == 5 ? "4,2" : "\($0).5")" }
    try Self.file(
      harness, "bad.csv", "city,time,temperature_2m\n" + lines.joined(separator: "\n") + "\n")
    let result = await harness.run("import", "observations", "bad.csv")
    #expect(result.exitCode == 1)
    #expect(result.stderr.contains("bad.csv line 7: has 4 fields, the header has 3"))
    try Self.file(
      harness, "bad2.csv",
      "city,time,temperature_2m\n"
        + lines.joined(separator: "\n").replacingOccurrences(of: "4,2", with: "4.2.1") + "\n")
    let second = await harness.run("import", "observations", "bad2.csv")
    #expect(second.exitCode == 1)
    #expect(
      second.stderr
        == "bad2.csv line 7: temperature_2m: '4.2.1' is not a number\nError: bad2.csv has 1 problem; nothing was imported (fix them, or use --skip-invalid to import the valid rows)\n"
    )
    #expect(try Self.snapshot(harness) == before)

    let skipping = await harness.run("import", "observations", "bad2.csv", "--skip-invalid")
    #expect(skipping.exitCode == 0, "\(skipping)")
    #expect(skipping.stderr.contains("warning: skipped 1 invalid row of bad2.csv (--skip-invalid)"))
    #expect(skipping.stderr.contains("imported 7 rows for 1 city from bad2.csv (source station)"))
  }

  @Test("an unknown city is reported with its line")
  func unknownCity() async throws {
    let harness = try await Self.berlin()
    try Self.file(
      harness, "cities.csv",
      "city,time,temperature_2m\nBerlin,2026-03-20T06:00,1\nAtlantis,2026-03-20T06:00,2\n")
    let result = await harness.run("import", "observations", "cities.csv")
    #expect(result.exitCode == 1)
    #expect(
      result.stderr.contains("cities.csv line 3: unknown city 'Atlantis' (see 'skycast city list')")
    )
    #expect(try Ingest.int(harness, "SELECT count(*) FROM hourly_observations") == 0)
  }

  /// Header problems stop the import even with `--skip-invalid`.
  @Test("unknown columns, wrong tables and unknown units are header errors")
  func headerErrors() async throws {
    let harness = try await Self.berlin()
    try Self.file(
      harness, "cols.csv",
      "city,time,temprature_2m,uv_index_max,wind_speed_10m (furlongs)\nBerlin,2026-03-20T06:00,1,2,3\n"
    )
    let result = await harness.run("import", "observations", "cols.csv", "--skip-invalid")
    #expect(result.exitCode == 1)
    #expect(
      result.stderr.contains(
        "cols.csv line 1: header: unknown column 'temprature_2m' (not a Skycast variable; see 'skycast vars')"
      ))
    #expect(
      result.stderr.contains(
        "cols.csv line 1: header: column 'uv_index_max' is a daily variable, but this file has a time column (hourly rows)"
      ))
    #expect(
      result.stderr.contains(
        "cols.csv line 1: header: unknown unit 'furlongs' for wind_speed_10m (accepted: km/h, m/s, mp/h, mph, kn, kt, ft/s)"
      ))
    #expect(result.stderr.contains("Error: cols.csv cannot be imported; nothing was imported"))
    try Self.file(
      harness, "fc.csv", "city,time,precipitation_probability\nBerlin,2026-03-20T06:00,10\n")
    let wrongTable = await harness.run("import", "observations", "fc.csv")
    #expect(
      wrongTable.stderr.contains(
        "column 'precipitation_probability' is not stored in hourly observations"))
  }

  // MARK: - Duplicates

  @Test(
    "identical duplicates are ignored with a warning; conflicting ones are errors citing both lines"
  )
  func duplicates() async throws {
    let harness = try await Self.berlin()
    try Self.file(
      harness, "dup.csv",
      "city,time,temperature_2m\nBerlin,2026-03-20T06:00,1.0\nBerlin,2026-03-20T05:00Z,1\nBerlin,2026-03-20T07:00,2\n"
    )
    let identical = await harness.run("import", "observations", "dup.csv")
    #expect(identical.exitCode == 0, "\(identical)")
    #expect(identical.stderr.contains("warning: dup.csv line 3: repeats line 2 exactly; ignored"))
    #expect(try Ingest.int(harness, "SELECT count(*) FROM hourly_observations") == 2)

    try Self.file(
      harness, "conflict.csv",
      "city,time,temperature_2m\nBerlin,2026-03-20T08:00,1.0\nBerlin,2026-03-20T09:00,5\nBerlin,2026-03-20T08:00+01:00,1.5\n"
    )
    let conflict = await harness.run("import", "observations", "conflict.csv")
    #expect(conflict.exitCode == 1)
    #expect(
      conflict.stderr.contains(
        "conflict.csv line 4: conflicts with line 2: same city and time but different values (temperature_2m 1.0 vs 1.5)"
      ))
    let skipped = await harness.run("import", "observations", "conflict.csv", "--skip-invalid")
    #expect(skipped.exitCode == 0, "\(skipped)")
    #expect(skipped.stderr.contains("skipped 2 invalid rows"))
    #expect(try Ingest.int(harness, "SELECT count(*) FROM hourly_observations") == 3)
    #expect(
      try Ingest.int(harness, "SELECT count(*) FROM hourly_observations WHERE valid_hour = 8") == 0)
  }

  // MARK: - Times

  /// 2026-03-29 02:30 does not exist in Berlin; 2026-10-25 02:30 happens twice. A `utc_offset`
  /// column (as `--excel` exports write it, with the formula guard) settles the overlap.
  @Test("naive times in a DST gap or overlap are errors unless an offset settles them")
  func dst() async throws {
    let harness = try await Self.berlin()
    try Self.file(
      harness, "dst.csv",
      "city,time,temperature_2m\nBerlin,2026-03-29T02:00,1\nBerlin,2026-10-25T02:00,2\nBerlin,2026-10-25 03:00,3\n"
    )
    let result = await harness.run("import", "observations", "dst.csv")
    #expect(result.exitCode == 1)
    #expect(
      result.stderr.contains(
        "dst.csv line 2: time 2026-03-29T02:00 does not exist in Europe/Berlin (the clocks jump forward over it); give the time with its UTC offset"
      ))
    #expect(
      result.stderr.contains(
        "dst.csv line 3: time 2026-10-25T02:00 happens twice in Europe/Berlin (the clocks go back); give it with its UTC offset: 2026-10-25T02:00+02:00 or 2026-10-25T02:00+01:00"
      ))
    #expect(!result.stderr.contains("line 4"))

    try Self.file(
      harness, "excel.csv",
      [0xEF, 0xBB, 0xBF]
        + Array(
          "city,time,timezone,utc_offset,temperature_2m (°C)\r\nBerlin,2026-10-25 02:00,Europe/Berlin,'+02:00,2\r\nBerlin,2026-10-25 02:00,Europe/Berlin,'+01:00,3\r\n"
            .utf8))
    let excel = await harness.run("import", "observations", "excel.csv")
    #expect(excel.exitCode == 0, "\(excel)")
    #expect(
      try Ingest.rows(
        harness,
        "SELECT valid_at, valid_hour, temperature_2m FROM hourly_observations ORDER BY valid_at")
        == [["1792886400", "2", "2.0"], ["1792890000", "2", "3.0"]])
    try Self.file(
      harness, "wrong.csv",
      "city,time,timezone,utc_offset,temperature_2m\nBerlin,2026-07-01 12:00,Europe/Paris,+01:00,20\n"
    )
    let wrong = await harness.run("import", "observations", "wrong.csv")
    #expect(
      wrong.stderr.contains(
        "wrong.csv line 2: timezone 'Europe/Paris' is not Berlin's zone (Europe/Berlin)"))
    #expect(
      wrong.stderr.contains(
        "wrong.csv line 2: utc_offset +01:00 does not match Berlin (Europe/Berlin) at time 2026-07-01 12:00, where it is +02:00"
      ))
  }

  /// Z, an offset and the naive local time name the same instant; minutes off the hour are
  /// refused.
  @Test("Z, offsets and local times agree, and off-hour times are refused")
  func zonesAgree() async throws {
    let harness = try await Self.berlin()
    try Self.file(
      harness, "z.csv",
      "city,time,temperature_2m\nBerlin,2026-07-01T10:00Z,1\nBerlin,2026-07-01T13:00+02:00,2\nBerlin,2026-07-01T14:00,3\nBerlin,2026-07-01T09:00-06:00,4\n"
    )
    let result = await harness.run("import", "observations", "z.csv")
    #expect(result.exitCode == 0, "\(result)")
    #expect(
      try Ingest.rows(
        harness,
        "SELECT valid_at, valid_date, valid_hour FROM hourly_observations ORDER BY valid_at")
        == [
          ["1782900000", "2026-07-01", "12"], ["1782903600", "2026-07-01", "13"],
          ["1782907200", "2026-07-01", "14"], ["1782918000", "2026-07-01", "17"],
        ])
    try Self.file(
      harness, "minutes.csv",
      "city,time,temperature_2m\nBerlin,2026-07-01T10:50,1\nBerlin,2026/07/01 11:00,1\n")
    let minutes = await harness.run("import", "observations", "minutes.csv")
    #expect(minutes.stderr.contains("minutes.csv line 2: time 2026-07-01T10:50 is not on the hour"))
    #expect(
      minutes.stderr.contains("minutes.csv line 3: time '2026/07/01 11:00' is not an ISO 8601 time")
    )
  }

  // MARK: - Idempotence and filling in

  @Test("importing the same file twice changes nothing; a later value fills a NULL")
  func idempotent() async throws {
    let harness = try await Self.berlin()
    try Self.file(
      harness, "obs.csv",
      "city,time,temperature_2m,relative_humidity_2m\nBerlin,2026-03-20T06:00,1.5,\nBerlin,2026-03-20T07:00,2.5,80\n"
    )
    let first = await harness.run("import", "observations", "obs.csv", "--source", "dwd")
    #expect(
      first.stderr.contains(
        "imported 2 rows for 1 city from obs.csv (source dwd) into hourly_observations: 2 new, 0 updated, 0 unchanged"
      ))
    let before = try Self.snapshot(harness)
    let second = await harness.run("import", "observations", "obs.csv", "--source", "dwd")
    #expect(second.exitCode == 0, "\(second)")
    #expect(second.stderr.contains("0 new, 0 updated, 2 unchanged"))
    #expect(try Self.snapshot(harness) == before)

    harness.now = harness.now.addingTimeInterval(3600)
    try Self.file(
      harness, "more.csv",
      "city,time,temperature_2m,relative_humidity_2m\nBerlin,2026-03-20T06:00,,75\nBerlin,2026-03-20T07:00,,\n"
    )
    let more = await harness.run("import", "observations", "more.csv", "--source", "dwd")
    #expect(more.stderr.contains("1 row has no values and was not stored"))
    #expect(
      more.stderr.contains(
        "imported 1 row for 1 city from more.csv (source dwd) into hourly_observations: 0 new, 1 updated, 0 unchanged"
      ))
    #expect(
      try Ingest.rows(
        harness,
        "SELECT valid_hour, temperature_2m, relative_humidity_2m, fetch_id, fetched_at FROM hourly_observations ORDER BY valid_at"
      )
        == [["6", "1.5", "75.0", "2", "1774003600"], ["7", "2.5", "80.0", "1", "1774000000"]])
    let path = harness.directory.file("obs.csv")
    let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
    #expect(
      try Ingest.rows(
        harness,
        "SELECT id, source, model, issued_at, status, url, bytes, body_sha256, rows FROM fetches WHERE id = 1"
      )
        == [
          [
            "1", "import:dwd", "dwd", "NULL", "ok", "file://" + path, String(bytes.count),
            SHA256.hexDigest(bytes), "2",
          ]
        ])
  }

  // MARK: - Forecasts

  @Test("imports hourly and daily forecasts with lead times from the issue time")
  func forecasts() async throws {
    let harness = try await Self.berlin()
    try Self.file(
      harness, "qw.csv",
      "city,issued_at,time,temperature_2m,precipitation_probability\nBerlin,2026-03-20T08:41+01:00,2026-03-21T12:00,9.5,20\nBerlin,2026-03-20T08:41+01:00,2026-03-21T13:00,10,\n"
    )
    let hourly = await harness.run("import", "forecasts", "qw.csv", "--source", "qweather")
    #expect(hourly.exitCode == 0, "\(hourly)")
    #expect(
      try Ingest.rows(
        harness,
        "SELECT source, model, issued_at, valid_at, valid_date, valid_hour, lead_hours, temperature_2m, precipitation_probability FROM hourly_forecasts ORDER BY valid_at"
      )
        == [
          [
            "qweather", "qweather", "1773990000", "1774090800", "2026-03-21", "12", "28", "9.5",
            "20.0",
          ],
          [
            "qweather", "qweather", "1773990000", "1774094400", "2026-03-21", "13", "29", "10.0",
            "NULL",
          ],
        ])
    #expect(
      try Ingest.rows(harness, "SELECT source, model, issued_at FROM fetches") == [
        ["import:qweather", "qweather", "NULL"]
      ])

    try Self.file(
      harness, "daily.csv",
      "city,model,issued_at,date,temperature_2m_max,temperature_2m_min,sunrise\nBerlin,owm,2026-03-20T23:30Z,2026-03-22,11,2,2026-03-22T06:05\nBerlin,owm,2026-03-20T23:30Z,2026-03-21,10,1,\n"
    )
    let daily = await harness.run("import", "forecasts", "daily.csv", "--source", "openweathermap")
    #expect(daily.exitCode == 0, "\(daily)")
    // Issued 2026-03-20T23:00Z = 2026-03-21 00:00 in Berlin: lead 0 and 1 day.
    #expect(
      try Ingest.rows(
        harness,
        "SELECT model, issued_at, date, lead_days, temperature_2m_max, sunrise FROM daily_forecasts ORDER BY date"
      )
        == [
          ["owm", "1774047600", "2026-03-21", "0", "10.0", "NULL"],
          ["owm", "1774047600", "2026-03-22", "1", "11.0", "1774155900"],
        ])
    let again = await harness.run("import", "forecasts", "daily.csv", "--source", "openweathermap")
    #expect(again.stderr.contains("0 new, 0 updated, 2 unchanged"))
    #expect(try Ingest.int(harness, "SELECT count(*) FROM fetches") == 2)
  }

  @Test("source names, --source, --city and missing files are checked before reading")
  func options() async throws {
    let harness = try await Self.berlin()
    try Self.file(harness, "f.csv", "time,temperature_2m\n2026-03-20T06:00,1\n")
    let reserved = await harness.run("import", "observations", "f.csv", "--source", "era5")
    #expect(reserved.exitCode == 64)
    #expect(reserved.stderr.contains("'era5' is reserved"))
    let spaces = await harness.run("import", "observations", "f.csv", "--source", "my station")
    #expect(spaces.exitCode == 64)
    let noSource = await harness.run("import", "forecasts", "f.csv")
    #expect(noSource.exitCode == 64)
    #expect(noSource.stderr.contains("Missing expected option '--source <name>'"))
    let unknownCity = await harness.run("import", "observations", "f.csv", "--city", "Atlantis")
    #expect(unknownCity.exitCode == 64)
    let noCity = await harness.run("import", "observations", "f.csv")
    #expect(
      noCity.stderr.contains(
        "line 1: header: the header has no city column; add one (city name or id) or give --city"))
    let missing = await harness.run("import", "observations", "nope.csv")
    #expect(missing.exitCode == 1)
    #expect(missing.stderr.contains("Error: cannot read nope.csv: no such file"))
    let withCity = await harness.run("import", "observations", "f.csv", "--city", "1")
    #expect(withCity.exitCode == 0, "\(withCity)")
    let dry = await harness.run(
      "import", "observations", "f.csv", "--city", "Berlin", "--source", "other", "--dry-run")
    #expect(
      dry.stderr.contains(
        "checked 1 row for 1 city from f.csv (source other) into hourly_observations; nothing stored (--dry-run)"
      ))
    #expect(
      try Ingest.int(harness, "SELECT count(*) FROM hourly_observations WHERE source = 'other'")
        == 0)
  }

  /// An export's `source` column re-imports under the same name; another name is refused.
  @Test("a source column must match --source")
  func sourceColumn() async throws {
    let harness = try await Self.berlin()
    try Self.file(
      harness, "src.csv",
      "city,source,time,valid_date,valid_hour,temperature_2m\nBerlin,dwd,2026-03-20T06:00,2026-03-20,6,1\nBerlin,era5,2026-03-20T07:00,2026-03-20,7,2\n"
    )
    let result = await harness.run("import", "observations", "src.csv", "--source", "dwd")
    #expect(result.exitCode == 1)
    #expect(
      result.stderr.contains(
        "src.csv line 3: source 'era5' is not this import's source (dwd); import each source separately with --source"
      ))
    #expect(!result.stderr.contains("line 2"))
  }
}
