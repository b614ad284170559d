import Foundation
import SkycastModel
import TestSupport
import Testing

@testable import Store

/// Hand-edited stored values, readers that must not write, a clock that moved back, and imports
/// that fail.
@Suite struct StoredValueTests {
  /// Every row of every table, as text: equal dumps mean equal content.
  func dump(_ harness: CLIHarness) throws -> String {
    let database = try Database(path: harness.databasePath, mode: .readOnly)
    var text = ""
    let tables = try database.query(
      "SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name"
    ).compactMap { $0[0].stringValue }
    for table in tables {
      text += "# \(table)\n"
      let rows = try database.query("SELECT * FROM \(table)").map {
        $0.values.map(\.description).joined(separator: "|")
      }
      text += rows.sorted().joined(separator: "\n") + "\n"
    }
    return text
  }

  @Test(
    "times near the Int64 limits are reported by export and now, never a crash",
    arguments: [
      (
        ["export", "hourly"],
        "UPDATE hourly_forecasts SET valid_at = 9223372036854775807 WHERE valid_at = (SELECT max(valid_at) FROM hourly_forecasts)",
        "valid_at holds 9223372036854775807"
      ),
      (
        ["export", "daily"], "UPDATE daily_forecasts SET sunrise = -9223372036854775808",
        "sunrise holds -9223372036854775808"
      ),
      (
        ["export", "fetches"], "UPDATE fetches SET requested_at = 9223372036854775807",
        "requested_at holds 9223372036854775807"
      ),
      (
        ["export", "hourly", "--excel"],
        "UPDATE hourly_forecasts SET issued_at = 9223372036854775000",
        "issued_at holds 9223372036854775000"
      ),
      (
        ["now"], "UPDATE current_conditions SET time = 9223372036854775807",
        "current_conditions.time holds 9223372036854775807"
      ),
      (
        ["now"], "UPDATE daily_forecasts SET sunset = 9223372036854775807",
        "daily_forecasts.sunset holds 9223372036854775807"
      ),
    ])
  func extremeTimes(command: [String], edit: String, message: String) async throws {
    let harness = ViewsFixtures.harness(at: NowCommandTests.soon)
    try ViewsFixtures.storeCopenhagen(harness)
    try harness.store().database.execute(edit)
    let arguments = command[0] == "now" ? command : command + ["--format", "csv"]
    let result = await harness.run(arguments)
    #expect(result.exitCode == 1, "\(result)")
    #expect(result.stderr.hasPrefix("Error: \(message), which is not a time"), "\(result.stderr)")
    #expect(result.stderr.contains("correct or delete it"))
  }

  /// Fills the settings table so that one more row needs a new page, and returns the page
  /// count to cap the file at (a disk with no room left).
  func fillSettingsPage(_ harness: CLIHarness) throws -> Int64 {
    let database = try harness.store().database
    let start = try database.scalarInt("PRAGMA page_count") ?? 0
    var count = 0
    while try database.scalarInt("PRAGMA page_count") == start {
      try database.run("INSERT INTO settings VALUES (?, '')", [.text("pad\(count)")])
      count += 1
    }
    try database.run("DELETE FROM settings WHERE key = ?", [.text("pad\(count - 1)")])
    try database.execute("VACUUM")
    return try database.scalarInt("PRAGMA page_count") ?? 0
  }

  @Test("now on a full disk shows the stored forecast; it only cannot remember the city")
  func nowOnFullDisk() async throws {
    let harness = ViewsFixtures.harness(at: NowCommandTests.soon)
    try ViewsFixtures.storeCopenhagen(harness)
    let pages = try fillSettingsPage(harness)
    do {
      // The precondition: saving the last city really needs a page the disk does not have.
      let database = try Database(path: harness.databasePath)
      try database.setMaxPageCount(Int(pages))
      #expect(throws: SQLiteError.self) {
        try database.run("INSERT INTO settings VALUES ('last_city', '1')")
      }
    }
    harness.environment["SKYCAST_TEST_MAX_PAGE_COUNT"] = String(pages)
    let result = await harness.run("now", "Copenhagen")
    #expect(result.exitCode == 0, "\(result)")
    #expect(result.stdout.hasPrefix("Copenhagen, Capital Region (DK)\n"))
    #expect(result.stderr.isEmpty, "\(result.stderr)")
    #expect(try harness.scalar("SELECT value FROM settings WHERE key = 'last_city'") == nil)
    let verbose = await harness.run("now", "Copenhagen", "-v")
    #expect(verbose.exitCode == 0)
    #expect(verbose.stderr.contains("could not remember Copenhagen as the last city"))
    harness.environment["SKYCAST_TEST_MAX_PAGE_COUNT"] = nil
    _ = await harness.run("now", "Copenhagen")
    #expect(try harness.scalar("SELECT value FROM settings WHERE key = 'last_city'") == "1")
  }

  @Test("after the clock moved back a day, collect fetches again and warns; the new fetch counts")
  func clockMovedBack() async throws {
    let later = Date(timeIntervalSince1970: 1_774_000_000)
    let harness = CLIHarness(now: later)
    let server = try FakeOpenMeteo.server(.forecast, now: { later })
    defer { server.stop() }
    harness.use(server: server.baseURL)
    _ = await harness.run(
      "city", "add", "--name", "Berlin", "--lat", "52.52", "--lon", "13.41", "--timezone",
      "Europe/Berlin")
    #expect(await harness.run("collect").exitCode == 0)
    harness.now = later.addingTimeInterval(-86_400)
    let skewed = await harness.run("collect", "--min-interval", "1m")
    #expect(skewed.exitCode == 0, "\(skewed)")
    #expect(skewed.stderr.contains("Berlin: stored "), "\(skewed.stderr)")
    #expect(
      skewed.stderr.contains(
        "warning: Berlin's last fetch is stamped 2026-03-20T09:46:40+00:00, 24 h ahead of this computer's clock"
      ), "\(skewed.stderr)")
    let again = await harness.run("collect", "--min-interval", "1m")
    #expect(again.stderr.contains("Berlin: skipped (fetched 0 s ago"), "\(again.stderr)")
    harness.now = later.addingTimeInterval(-86_400 + 120)
    let minutes = await harness.run("collect", "--min-interval", "1m")
    #expect(minutes.stderr.contains("Berlin: stored "), "\(minutes.stderr)")
    #expect(
      try harness.scalar("SELECT count(*) FROM fetches WHERE status = 'ok'") == "3",
      "the fetch two minutes ago no longer blocks a 1-minute interval")
  }

  @Test("a fetch stamped a few minutes ahead (a small clock correction) still counts as fresh")
  func smallCorrection() async throws {
    let now = Date(timeIntervalSince1970: 1_774_000_000)
    let harness = CLIHarness(now: now)
    let server = try FakeOpenMeteo.server(.forecast, now: { now })
    defer { server.stop() }
    harness.use(server: server.baseURL)
    _ = await harness.run(
      "city", "add", "--name", "Berlin", "--lat", "52.52", "--lon", "13.41", "--timezone",
      "Europe/Berlin")
    #expect(await harness.run("collect").exitCode == 0)
    harness.now = now.addingTimeInterval(-240)
    let result = await harness.run("collect")
    #expect(result.stderr.contains("Berlin: skipped"), "\(result.stderr)")
    #expect(!result.stderr.contains("warning"))
  }

  /// An observations CSV, `hours` rows for Berlin.
  func observations(_ harness: CLIHarness, name: String, hours: Int, last: String? = nil) throws
    -> String
  {
    var text = "city,time,temperature_2m\n"
    for hour in 0..<hours {
      text += "Berlin,\(WallClock.iso8601(epoch: 1_767_225_600 + Int64(hour) * 3600, offset: 0)),"
      text += hour == hours - 1 ? (last ?? "1.5") + "\n" : "\(Double(hour % 20) / 2)\n"
    }
    let path = harness.directory.file(name)
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  @Test("an import that fails, on a bad last line or on a full disk, leaves every row as it was")
  func failedImportLeavesNothing() async throws {
    let harness = CLIHarness()
    _ = await harness.run(
      "city", "add", "--name", "Berlin", "--lat", "52.52", "--lon", "13.41", "--timezone",
      "Europe/Berlin")
    let first = try observations(harness, name: "first.csv", hours: 50)
    #expect(await harness.run("import", "observations", first, "--source", "station").exitCode == 0)
    let before = try dump(harness)
    #expect(before.contains("import:station"))

    let invalid = try observations(harness, name: "bad.csv", hours: 3000, last: "warm")
    let bad = await harness.run("import", "observations", invalid, "--source", "other")
    #expect(bad.exitCode == 1)
    #expect(bad.stderr.contains("nothing was imported"), "\(bad.stderr)")
    #expect(try dump(harness) == before)

    let big = try observations(harness, name: "big.csv", hours: 3000)
    let pages = try Database(path: harness.databasePath).scalarInt("PRAGMA page_count") ?? 0
    harness.environment["SKYCAST_TEST_MAX_PAGE_COUNT"] = String(pages + 3)
    let full = await harness.run("import", "observations", big, "--source", "other")
    #expect(full.exitCode == 1, "\(full)")
    #expect(full.stderr.contains("is full"), "\(full.stderr)")
    #expect(try dump(harness) == before)
    #expect(
      try harness.scalar("SELECT count(*) FROM fetches WHERE source = 'import:other'") == "0")
  }
}
