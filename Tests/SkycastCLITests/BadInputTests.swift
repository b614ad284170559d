import Foundation
import TestSupport
import Testing

@testable import Store

/// Every command's options with malformed values: a clear one-line error, exit 64 (usage) or 1
/// (runtime), and the database unchanged.
@Suite struct BadInputTests {
  /// A harness with two cities (one of them ambiguous by name) and a little history.
  static func harness() async -> CLIHarness {
    let harness = CLIHarness()
    _ = await harness.run(
      "city", "add", "--name", "Springfield", "--lat", "39.8", "--lon", "-89.6", "--timezone",
      "America/Chicago")
    _ = await harness.run(
      "city", "add", "--name", "Springfield", "--lat", "42.1", "--lon", "-72.6", "--timezone",
      "America/New_York")
    _ = await harness.run(
      "city", "add", "--name", "Berlin", "--lat", "52.52", "--lon", "13.41", "--timezone",
      "Europe/Berlin")
    return harness
  }

  /// Row counts and highest ids of every table: equal before and after means unchanged.
  static func fingerprint(_ harness: CLIHarness) throws -> [String] {
    let database = try harness.store().database
    return try [
      "cities", "fetches", "hourly_forecasts", "daily_forecasts", "current_conditions",
      "hourly_observations", "daily_observations", "settings",
    ].map { table in
      "\(table)=\(try database.scalarInt("SELECT count(*) FROM \(table)") ?? -1)"
    } + ["maxfetch=\(try database.scalarInt("SELECT coalesce(max(id), 0) FROM fetches") ?? -1)"]
  }

  static let long = String(repeating: "x", count: 5_000)

  static let cases: [(arguments: [String], exit: Int32, message: String)] = [
    (["collect", "--days", "0"], 64, "expected a number from 1 to 16"),
    (["collect", "--days", "-3"], 64, "expected a number from 1 to 16"),
    (["collect", "--days", "1e9"], 64, "expected a whole number"),
    (["collect", "--city", "Atlantis"], 64, "unknown city 'Atlantis'"),
    (["collect", "--city", "Springfield"], 64, "city name 'Springfield' is ambiguous"),
    (["collect", "--city", ""], 64, "unknown city ''"),
    (["collect", "--city", "'); DROP TABLE cities;--"], 64, "unknown city"),
    (["collect", "--city", "北京🌧"], 64, "unknown city '北京🌧'"),
    (["collect", "--models", "a;b"], 64, "model names use letters"),
    (["collect", "--vars", "temperature_3m"], 64, "Unknown variable 'temperature_3m'"),
    (["collect", "--timeout", "-1"], 64, "--timeout"),
    (["collect", "--retries", "99"], 64, "--retries"),
    (["collect", "--forecast-url", "ftp://x"], 64, "expected a URL"),
    (["city", "add", ""], 64, "The city name is empty"),
    (["city", "add", long], 64, "longer than 200 characters"),
    (["city", "add", "--name", "X", "--lat", "abc", "--lon", "1"], 64, "expected a number"),
    (["city", "add", "--name", "X", "--lat", "1"], 64, "--lon"),
    (["city", "add", "--name", "12345", "--lat", "1", "--lon", "1"], 64, "cannot be all digits"),
    (
      ["city", "add", "--name", "X", "--lat", "1", "--lon", "1", "--timezone", ""], 64, "--timezone"
    ),
    (["city", "remove", "Springfield"], 64, "ambiguous"),
    (["city", "remove", "999"], 64, "unknown city '999'"),
    (
      ["observe", "--from", "2026-02-30", "--to", "2026-03-01"], 64,
      "2026-02-30 is not a real date: February 2026 has 28 days"
    ),
    (["observe", "--from", "2026-03-10", "--to", "2026-03-01"], 64, "is after --to"),
    (
      ["observe", "--from", "yesterday", "--to", "2026-03-01"], 64,
      "The value 'yesterday' is invalid for '--from'"
    ),
    (["observe", "--to", "2026-03-01"], 64, "--from"),
    (["backfill", "--from", "2026-03-01", "--to", "2026-03-02", "--days", "8"], 64, "--days"),
    (["import", "observations", "/nonexistent/file.csv"], 1, "/nonexistent/file.csv"),
    (["import", "forecasts", "/nonexistent/file.csv"], 64, "--source"),
    (["summary", "precip", "--from", "2026-03-05", "--to", "2026-03-01"], 64, "is after --to"),
    (
      ["summary", "precip", "--from", "2026-03-01", "--to", "2026-03-05", "--wet-threshold", "-1"],
      64, "--wet-threshold"
    ),
    (
      ["summary", "uv", "--from", "2026-03-01", "--to", "2026-03-05", "--by", "decade"], 64, "--by"
    ),
    (
      [
        "summary", "feels-like", "--from", "2026-03-01", "--to", "2026-03-05", "--series",
        "sideways",
      ], 64, "--series"
    ),
    (["report", "no-such-report"], 64, "no-such-report"),
    (["report", "hourly-table", "--param", "nonsense"], 64, "expected name=value"),
    (["sql", ""], 64, "The SQL statement is empty"),
    (["sql", "SELECT * FROM no_such_table"], 1, "no such table"),
    (["sql", "DROP TABLE cities"], 1, "only read-only statements"),
    (
      ["db", "prune", "--before", "2026-13-01"], 64,
      "2026-13-01 is not a real date: there is no month 13"
    ),
    (["export", "observations", "--source", "zzz"], 64, "no observations from source 'zzz'"),
    (["export", "hourly", "--source", "zzz"], 64, "no rows from source 'zzz'"),
    (["db", "backup"], 64, "Missing expected argument '<file>'"),
  ]

  @Test("a bad value is a one-line error with the right exit code and no change", arguments: cases)
  func badInput(arguments: [String], exit: Int32, message: String) async throws {
    let harness = await Self.harness()
    let before = try Self.fingerprint(harness)
    let result = await harness.run(arguments)
    #expect(result.exitCode == exit, "\(arguments): \(result)")
    #expect(result.stderr.contains(message), "\(arguments): \(result.stderr)")
    #expect(result.stderr.hasPrefix("Error: "), "\(arguments): \(result.stderr)")
    #expect(try Self.fingerprint(harness) == before, "\(arguments) changed the database")
  }
}
