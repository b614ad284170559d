import Foundation
import TestSupport
import Testing

@testable import Store

/// `db merge` checks what it copies as import and collection do, and `db check` finds the rows
/// that would break reading (issue: an attack merged text coordinates and `Mars/Base`, after
/// which `city list` failed while `db check` said ok).
@Suite struct DatabaseMergeCheckTests {
  /// A Skycast file with Berlin's small history, changed by `sql` (hostile hand edits).
  func hostileFile(_ harness: CLIHarness, _ sql: String) throws -> String {
    let path = harness.directory.file("other-\(UUID().uuidString.prefix(8)).sqlite")
    let store = try Store(path: path)
    try HistoryBuilder(store: store).smallHistory()
    try store.database.execute(sql)
    return path
  }

  /// Every command that reads the target's cities and rows, each expected to exit 0.
  func readersWork(_ harness: CLIHarness, withHistory: Bool = true) async {
    let history = [["verify", "--city", "Berlin", "--obs", "era5"], ["now", "Berlin"]]
    for command in (withHistory ? history : []) + [
      ["city", "list"], ["city", "list", "--format", "csv"], ["db", "check"], ["db", "info"],
      ["export", "hourly", "--format", "csv"], ["export", "cities"],
      ["export", "observations"], ["export", "fetches"], ["export", "daily"],
      ["summary", "precip", "--from", "2026-03-20", "--to", "2026-03-20"],
      ["spark", "--from", "2026-03-20", "--to", "2026-03-20"],
    ] {
      let result = await harness.run(command)
      #expect(result.exitCode == 0, "\(command): \(result)")
    }
  }

  @Test("A city with text coordinates or the zone Mars/Base is refused with the file, untouched")
  func hostileCitiesRefused() async throws {
    let harness = CLIHarness()
    _ = await harness.run(["city", "add", "--name", "Lima", "--lat", "-12", "--lon", "-77"])
    for (sql, message) in [
      ("UPDATE cities SET longitude = 'east'", "longitude is text"),
      ("UPDATE cities SET timezone = 'Mars/Base'", "time zone 'Mars/Base' is not an IANA zone"),
      ("UPDATE cities SET latitude = 95", "latitude 95"),
      ("UPDATE cities SET name = ''", "the name is empty"),
      (
        "UPDATE cities SET name = 'Evil' || char(27) || ']0;pwned' || char(7), timezone = 'Mars/Base'",
        "('Evil\\e]0;pwned\\u{7}')"
      ),
    ] {
      let other = try hostileFile(harness, sql)
      let before = try harness.scalar("SELECT count(*) FROM cities")
      let result = await harness.run(["db", "merge", other])
      #expect(result.exitCode == 1, "\(sql): \(result)")
      #expect(result.stderr.contains(message), "\(sql): \(result)")
      #expect(result.stderr.contains("nothing was merged"), "\(sql): \(result)")
      #expect(!result.stderr.contains("\u{1B}"), "\(sql): \(result)")
      #expect(try harness.scalar("SELECT count(*) FROM cities") == before)
      #expect(try harness.scalar("SELECT count(*) FROM fetches") == "0")
    }
    await readersWork(harness, withHistory: false)
  }

  @Test("Impossible values and text times are left out with a count; the rest merges")
  func impossibleRowsRefused() async throws {
    let harness = CLIHarness()
    let other = try hostileFile(
      harness,
      """
      UPDATE hourly_observations SET temperature_2m = 9999
        WHERE valid_at = (SELECT min(valid_at) FROM hourly_observations);
      UPDATE hourly_observations SET wind_speed_10m = 'calm'
        WHERE valid_at = (SELECT max(valid_at) FROM hourly_observations);
      UPDATE forecast_hours SET temperature_2m = 1e308
        WHERE valid_at = (SELECT min(valid_at) FROM forecast_hours);
      UPDATE daily_observations SET precipitation_sum = -5;
      """)
    let result = await harness.run(["db", "merge", other])
    #expect(result.exitCode == 0, "\(result)")
    // 2 hourly observations, 2 forecast hours (one per model) and 1 daily observation.
    #expect(result.stdout.contains(", 5 refused"), "\(result)")
    #expect(
      result.stderr.contains(
        "1 hourly_observations row with temperature_2m not a number in -80…60 °C"),
      "\(result)")
    #expect(result.stderr.contains("wind_speed_10m not a number"), "\(result)")
    #expect(result.stderr.contains("2 hourly_forecasts rows with temperature_2m"), "\(result)")
    #expect(try harness.scalar("SELECT count(*) FROM hourly_observations") == "22")
    #expect(try harness.scalar("SELECT count(*) FROM hourly_forecasts") == "46")
    #expect(try harness.scalar("SELECT max(temperature_2m) FROM hourly_observations") == "16.0")
    #expect(try harness.scalar("SELECT count(*) FROM daily_observations") == "0")
    await readersWork(harness)
    // Merging again adds nothing and refuses the same rows.
    let again = await harness.run(["db", "merge", other])
    #expect(again.stdout.contains("rows 0 added, 0 updated"), "\(again)")
    #expect(again.stdout.contains(", 5 refused"), "\(again)")
  }

  @Test("db check finds rows a reader cannot decode, which SQLite's integrity check passes")
  func checkFindsBrokenRows() async throws {
    let harness = CLIHarness()
    try HistoryBuilder(store: harness.store()).smallHistory()
    let clean = await harness.run(["db", "check"])
    #expect(clean.exitCode == 0, "\(clean)")
    #expect(clean.stdout == "ok\n", "\(clean)")

    let database = try Database(path: harness.databasePath)
    try database.execute(
      """
      UPDATE cities SET longitude = 'east', timezone = 'Mars/Base';
      UPDATE hourly_observations SET temperature_2m = 9999
        WHERE valid_at = (SELECT min(valid_at) FROM hourly_observations);
      UPDATE forecast_hours SET issued_at = 'yesterday'
        WHERE valid_at = (SELECT min(valid_at) FROM forecast_hours);
      UPDATE fetches SET requested_at = 'now' WHERE status = 'failed';
      """)
    #expect(try database.query("PRAGMA integrity_check").first?[0].stringValue == "ok")
    let result = await harness.run(["db", "check"])
    #expect(result.exitCode == 1, "\(result)")
    #expect(result.stdout.contains("city 1 ('Berlin'): longitude is text"), "\(result)")
    #expect(
      result.stdout.contains("hourly_observations: 1 row with temperature_2m not a number"),
      "\(result)")
    #expect(result.stdout.contains("hourly_forecasts: 2 rows with issued_at"), "\(result)")
    #expect(result.stdout.contains("fetches: 1 row with requested_at"), "\(result)")
    #expect(result.stderr.contains("found 4 problems"), "\(result)")
  }

  @Test("Every rule keeps the rows that import and collection store: the demo passes them all")
  func demoKeepsEveryRule() async throws {
    let harness = CLIHarness()
    let demo = await harness.run(["demo", "--db", harness.databasePath])
    #expect(demo.exitCode == 0, "\(demo)")
    let store = try harness.store()
    #expect(try store.cityProblems().isEmpty)
    let broken = try store.brokenRows().rules.map {
      "\($0.check.table): \($0.count) \($0.check.problem)"
    }
    #expect(broken.isEmpty, "\(broken)")
  }
}
