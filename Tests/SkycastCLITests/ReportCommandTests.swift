import Export
import Foundation
import Store
import TestSupport
import Testing

/// `skycast report`: built-in and user reports, parameters, read-only enforcement.
@Suite struct ReportCommandTests {
  /// A harness with the small history (Berlin, forecasts for 2026-03-20 fetched on 03-19).
  static func harness() throws -> CLIHarness {
    let harness = CLIHarness()
    try HistoryBuilder(store: try harness.store()).smallHistory()
    return harness
  }

  /// Writes a user report into the harness's `$XDG_CONFIG_HOME/skycast/queries`.
  static func userReport(_ harness: CLIHarness, _ name: String, _ text: String) throws {
    let folder = harness.environment["XDG_CONFIG_HOME"]! + "/skycast/queries"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    try Data(text.utf8).write(to: URL(fileURLWithPath: folder + "/" + name + ".sql"))
  }

  static let builtInNames = QueryLibrary(userDirectory: nil).reports.map(\.name)

  /// The built-ins are compiled in, so they run with the working directory at `/`, with and
  /// without the standard options, and return data rows.
  @Test("every built-in report runs from the root directory", arguments: builtInNames)
  func builtInFromRoot(name: String) async throws {
    let harness = try Self.harness()
    harness.workingDirectory = "/"
    for extra in [[], ["--city", "Berlin", "--from", "2026-03-19", "--to", "2026-03-20"]] {
      let result = await harness.run(["report", name, "--format", "csv"] + extra)
      #expect(result.exitCode == 0, "\(name) \(extra): \(result)")
      #expect(result.stderr.isEmpty, "\(name): \(result.stderr)")
      let lines = result.stdout.split(separator: "\r\n")
      #expect(lines.count >= 2, "\(name) \(extra) returned no rows")
    }
  }

  @Test("--list shows every report with its description, parameters and origin")
  func list() async throws {
    let harness = CLIHarness()
    let result = await harness.run("report", "--list", "--format", "ndjson")
    #expect(result.exitCode == 0, "\(result)")
    let lines = result.stdout.split(separator: "\n")
    #expect(lines.count == Self.builtInNames.count)
    #expect(
      result.stdout.contains(
        #"{"name":"forecast-error-by-lead-day","description":"Bias, MAE and RMSE of hourly 2 m temperature forecasts against observations, per city, source, model and lead day.","parameters":":city_id, :from, :to, :obs = era5","origin":"built-in"}"#
      ))
    #expect(lines.allSatisfy { !$0.contains(#""description":"""#) })
    let table = await harness.run("report", "--list", "--format", "table")
    #expect(
      table.stdout.contains(
        "# user reports: \(harness.environment["XDG_CONFIG_HOME"]!)/skycast/queries/*.sql"))
  }

  /// A user file named like a built-in wins; :city, :city_id, :from and :to are bound.
  @Test("a user report replaces the built-in of the same name and gets the standard parameters")
  func userOverride() async throws {
    let harness = try Self.harness()
    try Self.userReport(
      harness, "daily-summary",
      """
      -- name: daily-summary
      -- description: My own daily summary.
      -- parameters: :city, :city_id, :from, :to
      SELECT 'mine' AS who, :city AS city, :city_id AS city_id, :from AS first, :to AS last;
      """)
    let result = await harness.run(
      "report", "daily-summary", "--city", "berlin", "--from", "2026-03-01", "--format", "csv")
    #expect(result.exitCode == 0, "\(result)")
    #expect(result.stdout == "who,city,city_id,first,last\r\nmine,Berlin,1,2026-03-01,\r\n")
    let list = await harness.run("report", "--list", "--format", "ndjson")
    #expect(
      list.stdout.contains(
        #"{"name":"daily-summary","description":"My own daily summary.","parameters":":city, :city_id, :from, :to","origin":"user"}"#
      ), "\(list)")
  }

  /// SQLite reports these as writing statements, so they are refused before they run (a
  /// read-only connection would still run VACUUM INTO).
  @Test(
    "a user report that is not read-only is refused and changes nothing",
    arguments: [
      "DELETE FROM cities", "VACUUM INTO '/tmp/skycast-report-test-never-written.sqlite'",
      "CREATE TABLE x (a)",
      "PRAGMA user_version = 9",
    ])
  func notReadOnly(statement: String) async throws {
    let harness = try Self.harness()
    try Self.userReport(harness, "evil", "-- description: Not a report.\n\(statement);\n")
    let result = await harness.run("report", "evil", "--format", "csv")
    #expect(result.exitCode == 1, "\(result)")
    #expect(result.stderr.contains("reports must be read-only (SELECT or WITH)"), "\(result)")
    #expect(result.stdout.isEmpty)
    #expect(try harness.scalar("SELECT count(*) FROM cities") == "1")
    #expect(try harness.scalar("PRAGMA user_version") == String(Schema.currentVersion))
    #expect(
      !FileManager.default.fileExists(atPath: "/tmp/skycast-report-test-never-written.sqlite"))
  }

  /// A second statement after the first (even a harmless one) is refused, not ignored.
  @Test("a report file with two statements is refused")
  func twoStatements() async throws {
    let harness = try Self.harness()
    try Self.userReport(harness, "two", "-- description: Two.\nSELECT 1; DELETE FROM cities;\n")
    let result = await harness.run("report", "two")
    #expect(
      result.exitCode == 1 && result.stderr.contains("only one SQL statement is allowed"),
      "\(result)")
    #expect(try harness.scalar("SELECT count(*) FROM cities") == "1")
  }

  @Test("an unknown report is a usage error listing the reports")
  func unknownReport() async throws {
    let harness = try Self.harness()
    let result = await harness.run("report", "daily")
    #expect(result.exitCode == 64)
    #expect(
      result.stderr.contains("unknown report 'daily'; reports: daily-summary, data-completeness"))
  }

  @Test("--param binds extra parameters; unknown and missing ones are usage errors")
  func parameters() async throws {
    let harness = try Self.harness()
    let other = await harness.run(
      "report", "forecast-error-by-lead-day", "--param", "obs=station", "--format", "csv")
    #expect(
      other.exitCode == 0 && other.stdout == "city,source,model,lead_day,n,bias,mae,rmse\r\n",
      "\(other)")
    let era5 = await harness.run(
      "report", "forecast-error-by-lead-day", "--city", "1", "--format", "csv")
    // Issued 05:00 UTC on 03-19; local 00:00–05:00 on 03-20 are leads 18–23 h (day 0).
    #expect(era5.stdout.contains("Berlin,forecast,best_match,0,6,0.5,0.5,0.5\r\n"), "\(era5)")
    #expect(era5.stdout.contains("Berlin,forecast,ecmwf_ifs025,1,18,-1.0,1.0,1.0\r\n"), "\(era5)")
    let bogus = await harness.run("report", "hourly-table", "--param", "bogus=1")
    #expect(
      bogus.exitCode == 64 && bogus.stderr.contains("report 'hourly-table' has no parameter :bogus")
    )
    try Self.userReport(
      harness, "needs", "-- description: Needs a threshold.\nSELECT :threshold AS t")
    let missing = await harness.run("report", "needs")
    #expect(missing.exitCode == 64 && missing.stderr.contains("needs a value for :threshold"))
    let given = await harness.run("report", "needs", "--param", "threshold=2.5", "--format", "csv")
    #expect(given.stdout == "t\r\n2.5\r\n", "\(given)")
    let conflict = await harness.run(
      "report", "hourly-table", "--param", "from=2026-03-01", "--from", "2026-03-02")
    #expect(conflict.exitCode == 64, "\(conflict)")
  }

  /// A report that takes no city says `--city` is ignored instead of silently dropping it.
  @Test("options a report does not use are named in a warning")
  func unusedOption() async throws {
    let harness = try Self.harness()
    try Self.userReport(
      harness, "count", "-- description: Count cities.\nSELECT count(*) AS n FROM cities")
    let result = await harness.run("report", "count", "--city", "Berlin", "--format", "csv")
    #expect(result.exitCode == 0 && result.stdout == "n\r\n1\r\n")
    #expect(result.stderr.contains("report 'count' has no :city_id parameter; --city is ignored"))
  }

  /// Reports open the database read-only: a missing file is an error, not a new database.
  @Test("report never creates a database")
  func readOnly() async throws {
    let harness = CLIHarness()
    let result = await harness.run("report", "hourly-table")
    #expect(result.exitCode == 1, "\(result)")
    #expect(!FileManager.default.fileExists(atPath: harness.databasePath))
  }

  @Test("table output names the report in a comment line")
  func tableComment() async throws {
    let harness = try Self.harness()
    let result = await harness.run("report", "fetch-log", "--format", "table")
    #expect(result.stdout.hasPrefix("# fetch-log: The fetch log with its provenance"), "\(result)")
    #expect(result.stdout.contains("Too many concurrent requests"))
  }

  @Test("report --list fits an 80-column terminal and names every report; a pipe keeps it whole")
  func listFitsTerminal() async throws {
    let harness = try Self.harness()
    harness.stdoutIsTTY = true
    let list = await harness.run("report", "--list")
    #expect(list.exitCode == 0, "\(list)")
    for line in list.stdout.split(separator: "\n") {
      // A comment wraps at spaces; only a single word longer than the terminal (the test's
      // long temporary path) can stay wider.
      let unbreakable = line.hasPrefix("#") && line.dropFirst(4).split(separator: " ").count == 1
      #expect(DisplayWidth.of(String(line)) <= 80 || unbreakable, "\(line)")
    }
    for name in Self.builtInNames { #expect(list.stdout.contains(name), "\(name)") }
    harness.stdoutIsTTY = false
    let piped = await harness.run("report", "--list", "--format", "table")
    #expect(piped.stdout.split(separator: "\n").contains { DisplayWidth.of(String($0)) > 80 })
  }
}
