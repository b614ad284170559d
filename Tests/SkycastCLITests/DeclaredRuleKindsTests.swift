import Foundation
import SkycastModel
import TestSupport
import Testing

@testable import SkycastCLI

/// The kinds of declared checks beyond "these options together": rules on the values of
/// options (`OptionRule.values`), rules on whether positional arguments are given
/// (`arguments(given:)`) and checks declared on an argument (`ArgumentSpec.check`). Each gives
/// the message `run` gave before it was declared, with exit 64, before the command runs.
@Suite struct DeclaredRuleKindsTests {
  /// An invocation of no command with these option words and arguments.
  static func invocation(_ values: [String: [String]], arguments: [String]) -> Invocation {
    Invocation(
      context: CommandContext(
        environment: [:], workingDirectory: "/", stdout: MemorySink(), stderr: MemorySink()),
      commandPath: [], values: values, arguments: arguments)
  }

  /// Runs `arguments` and expects the usage error `message`.
  static func expectUsage(_ arguments: [String], _ message: String) async {
    let result = await CLIHarness().run(arguments)
    #expect(result.exitCode == 64, "\(arguments): \(result)")
    #expect(result.stderr.hasPrefix("Error: \(message)\n"), "\(arguments): \(result.stderr)")
  }

  @Test("a value rule reads the values and reports its own message, or holds")
  func valueRule() async {
    await Self.expectUsage(["spark", "--min", "5", "--max", "1"], "--min 5.0 is above --max 1.0")
    await Self.expectUsage(
      ["verify", "--ensemble", "--by", "source"],
      "--ensemble groups by lead, lead-day, city, model, month, valid-hour, not source")
    await Self.expectUsage(
      ["verify", "--lagged", "3", "--var", "temperature_2m_max"],
      "--lagged scores hourly variables; temperature_2m_max is daily (try --var temperature_2m)")
    let rule = OptionRule.values(when: [SparkCommand.Options.min], "never") { _ in nil }
    let invocation = Self.invocation(["min": ["1"]], arguments: [])
    #expect(rule.broken(in: invocation) == nil)
  }

  @Test("a value that does not parse lifts a value rule: its own error comes first")
  func unparsedValueLifts() async {
    await Self.expectUsage(
      ["spark", "--min", "x", "--max", "1"],
      "The value 'x' is invalid for '--min': expected a number")
  }

  @Test("a rule on positional arguments breaks only with (or without) them")
  func argumentRule() async {
    await Self.expectUsage(["spark", "-", "--runs"], "--runs does not apply to 'spark -'")
    await Self.expectUsage(
      ["city", "add", "Berlin", "--name", "B", "--lat", "1", "--lon", "2"],
      "Give either NAME or --name/--lat/--lon, not both")
    await Self.expectUsage(
      ["city", "add"], "Missing expected argument '<name>' (or --name, --lat and --lon)")
    await Self.expectUsage(["completions"], "Missing expected argument '<shell>' (bash, zsh, fish)")
    let rule = OptionRule(when: [], "needs words").arguments(given: true)
    let without = Self.invocation([:], arguments: [])
    let with = Self.invocation([:], arguments: ["-"])
    #expect(rule.broken(in: without) == nil)
    #expect(rule.broken(in: with)?.message == "needs words")
  }

  @Test("a typed argument refuses a word before the command runs")
  func typedArgument() async {
    await Self.expectUsage(
      ["station", "load", "nope"],
      "The value 'nope' is invalid for '<provider>': expected one of \(StationProvider.allCases.map(\.rawValue).joined(separator: ", "))"
    )
    await Self.expectUsage(
      ["station", "link", "Berlin", "dwd"],
      "The value 'dwd' is invalid for '<station>': expected PROVIDER:ID with PROVIDER one of \(StationProvider.allCases.map(\.rawValue).joined(separator: ", "))"
    )
    await Self.expectUsage(["sql", "  "], "The SQL statement is empty")
    await Self.expectUsage(["city", "add", " "], "The city name is empty")
  }

  @Test("an option typed at declaration checks a name where it is read")
  func typedName() async {
    await Self.expectUsage(
      ["city", "add", "--name", "12", "--lat", "1", "--lon", "2"],
      "A city name cannot be all digits (digits name a city id)")
    await Self.expectUsage(["city", "add", "Berlin", "--as", " "], "The value for '--as' is empty")
  }

  @Test("the scanner's errors keep argument-parser's words")
  func parseErrors() {
    #expect(ParseError.unknownOption("x").message == "Unknown option '--x'")
    #expect(ParseError.missingArgument("file").message == "Missing expected argument '<file>'")
    #expect(
      ParseError.wordAfterTopic("b", topic: "a").message
        == "Unexpected argument 'b' after the topic 'a'")
  }
}
