import Foundation
import TestSupport
import Testing

@Suite struct CLIFrameworkTests {
  @Test("top-level help lists the subcommands in argument-parser layout and exits 0")
  func rootHelp() async {
    let result = await CLIHarness().run("--help")
    #expect(result.exitCode == 0)
    #expect(result.stdout.hasPrefix("OVERVIEW: Keep a history of weather forecasts"))
    #expect(result.stdout.contains("\nUSAGE: skycast <subcommand>\n"))
    #expect(
      result.stdout.contains("\nSUBCOMMANDS:\n  city                    Manage saved cities.\n"))
    #expect(result.stdout.contains("  -h, --help              Show help information.\n"))
    #expect(result.stdout.contains("  See 'skycast help <subcommand>' for detailed help.\n"))
    #expect(
      result.stdout.hasSuffix(
        "  See 'skycast help <topic>' to read one; 'skycast manual' has them all.\n"))
    #expect(result.stderr.isEmpty)
  }

  @Test("help for a command via --help, -h and 'help <command>' is identical")
  func commandHelp() async {
    let harness = CLIHarness()
    let long = await harness.run("collect", "--help")
    let short = await harness.run("collect", "-h")
    let word = await harness.run("help", "collect")
    #expect(long.exitCode == 0)
    #expect(long.stdout == short.stdout)
    #expect(long.stdout == word.stdout)
    // More than 12 options: the usage line says [<options>], as argument-parser does.
    #expect(long.stdout.contains("USAGE: skycast collect [<options>]"))
    #expect(
      long.stdout.contains(
        "  --min-interval <duration>\n                          Skip cities fetched"))
  }

  @Test("an unknown option is a usage error on stderr with exit 64")
  func unknownOption() async {
    let result = await CLIHarness().run("collect", "--bogus")
    #expect(result.exitCode == 64)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.hasPrefix("Error: Unknown option '--bogus'\nUsage: skycast collect "))
    #expect(result.stderr.hasSuffix("  See 'skycast collect --help' for more information.\n"))
  }

  @Test(
    "usage errors name the problem",
    arguments: [
      (
        ["collect", "--days", "17"],
        "The value '17' is invalid for '--days': expected a number from 1 to 16"
      ),
      (["collect", "--days"], "Missing value for '--days <days>'"),
      (["city", "remove"], "Missing expected argument '<city>'"),
      (["city", "list", "extra"], "Unexpected argument 'extra'"),
      (["nonsense"], "Unknown subcommand 'nonsense'"),
      (["collect", "--min-interval", "soon"], "expected a duration such as 30m"),
      (["city", "list", "--format", "xml"], "The value 'xml' is invalid for '--format'"),
    ])
  func usageErrors(arguments: [String], message: String) async {
    let result = await CLIHarness().run(arguments)
    #expect(result.exitCode == 64, "\(result)")
    #expect(result.stderr.contains(message), "\(result.stderr)")
  }

  @Test("global options work before and after the subcommand")
  func globalOptionsAnywhere() async {
    let harness = CLIHarness()
    let path = harness.directory.file("other.sqlite")
    let before = await harness.run(
      "--db", path, "city", "add", "--name", "A", "--lat", "1", "--lon", "1", "--timezone", "UTC")
    let after = await harness.run("city", "list", "--format", "csv", "--db", path, "-q")
    #expect(before.exitCode == 0)
    #expect(after.stdout.contains("1,A,"))
    #expect(FileManager.default.fileExists(atPath: path))
  }

  @Test("--version prints the version")
  func version() async {
    let result = await CLIHarness().run("--version")
    #expect(result.exitCode == 0)
    #expect(result.stdout == "0.1.0\n")
  }

  @Test(
    "each command offers the base-URL options of the APIs it calls, and no other",
    arguments: [
      (["collect"], "forecast-url"), (["now"], "forecast-url"), (["observe"], "archive-url"),
      (["backfill"], "previous-runs-url"), (["city", "add"], "geocoding-url"),
    ])
  func baseURLOptionsPerCommand(command: [String], offered: String) async {
    let all = ["forecast-url", "archive-url", "geocoding-url", "previous-runs-url"]
    let help = await CLIHarness().run(command + ["--help"])
    #expect(help.exitCode == 0)
    for option in all {
      #expect(
        help.stdout.contains("--\(option) <url>") == (option == offered),
        "\(command) --\(option): \(help.stdout)")
    }
    let other = all.first { $0 != offered }!
    let refused = await CLIHarness().run(command + ["--\(other)", "http://127.0.0.1:9"])
    #expect(refused.exitCode == 64, "\(refused)")
    #expect(refused.stderr.hasPrefix("Error: Unknown option '--\(other)'"), "\(refused)")
  }

  @Test(
    "--version after a subcommand is a usage error and runs nothing",
    arguments: [
      ["vars", "--version"], ["collect", "--version"], ["city", "list", "--version"],
    ])
  func versionOnlyAtTheRoot(arguments: [String]) async {
    let harness = CLIHarness()
    let result = await harness.run(arguments)
    #expect(result.exitCode == 64, "\(result)")
    #expect(result.stdout.isEmpty)
    #expect(
      result.stderr.hasPrefix("Error: Unknown option '--version'\nUsage: skycast "), "\(result)")
    #expect(!FileManager.default.fileExists(atPath: harness.databasePath), "nothing was created")
  }

  @Test(
    "the database defaults to $XDG_DATA_HOME/skycast/skycast.sqlite; a writer creates it and its folder"
  )
  func defaultDatabasePath() async throws {
    let harness = CLIHarness()
    harness.environment["SKYCAST_DB"] = nil
    let expected = harness.directory.file("data") + "/skycast/skycast.sqlite"
    let reader = await harness.run("db", "info")
    #expect(reader.exitCode == 1, "a reader creates nothing: \(reader)")
    #expect(!FileManager.default.fileExists(atPath: harness.directory.file("data")))
    let writer = await harness.run(
      "city", "add", "--name", "X", "--lat", "1", "--lon", "1", "--timezone", "UTC")
    #expect(writer.exitCode == 0, "\(writer)")
    #expect(
      writer.stderr
        == "created a new database at \(expected) (and its folder \(harness.directory.file("data"))/skycast)\n"
    )
    let result = await harness.run("db", "info")
    #expect(result.exitCode == 0, "\(result)")
    #expect(result.stdout.contains("path            \(expected)\n"))
    #expect(FileManager.default.fileExists(atPath: expected))
  }

  @Test("sql refuses statements that would write, even VACUUM INTO")
  func sqlReadOnly() async throws {
    let harness = CLIHarness()
    _ = try harness.store()
    for statement in [
      "DELETE FROM cities", "VACUUM INTO '/tmp/skycast-copy.sqlite'", "PRAGMA user_version = 9",
      "SELECT 1; DELETE FROM cities",
    ] {
      let result = await harness.run("sql", statement)
      #expect(result.exitCode == 1, "\(statement): \(result)")
    }
    #expect(!FileManager.default.fileExists(atPath: "/tmp/skycast-copy.sqlite"))
    let ok = await harness.run(
      "sql", "SELECT round(dew_point(20, 50), 2) AS td, 0.1 + 0.2 AS s", "--format", "json")
    #expect(ok.stdout == "[\n{\"td\":9.26,\"s\":0.30000000000000004}\n]\n")
  }

  @Test("db check passes on a fresh database and vars lists every variable")
  func dbCheckAndVars() async throws {
    let harness = CLIHarness()
    _ = try harness.store()
    #expect(await harness.run("db", "check").stdout == "ok\n")
    let vars = await harness.run("vars", "--format", "csv")
    #expect(vars.stdout.hasPrefix("name,frequency,unit,decimals,tables,requested_by\r\n"))
    #expect(vars.stdout.contains("temperature_2m,hourly,°C,1,"))
    #expect(vars.stdout.contains("snowfall,hourly,cm,2,"))
  }
}
