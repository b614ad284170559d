import Foundation
import SkycastModel
import Store
import TestSupport
import Testing
import Verify

@testable import SkycastCLI

/// Commands as values: option words parsed where the option is declared, rules that read a
/// given word (`--format parquet`), and `verify`'s command line as one ``VerificationRequest``.
@Suite struct CommandValueTests {
  static func invocation(_ values: [String: [String]], options: [OptionSpec]) -> Invocation {
    Invocation(
      context: CommandContext(
        environment: [:], workingDirectory: "/", stdout: MemorySink(), stderr: MemorySink()),
      commandPath: ["verify"], values: values, arguments: [], options: options)
  }

  /// The verify options a test gives, by name.
  static let verifyOptions = VerifyCommand.spec.options

  @Test("verify's thresholds, bounds and keys are typed where they are declared")
  func typedVerifyOptions() throws {
    typealias Options = VerifyCommand.Options
    let given = Self.invocation(
      [
        "threshold": ["5,1", "1"], "within": ["2,1,2"], "obs-bins": ["0,5"],
        "by": ["lead-day,hour-of-day"], "ci": [""], "seed": ["18446744073709551615"],
        "scores": ["Extremes"], "lagged": ["3"], "lead-days": ["1-3"],
      ], options: Self.verifyOptions)
    let thresholds = try given[Options.threshold]
    #expect(thresholds.values == [1, 5] && thresholds.percentile == nil)
    #expect(thresholds.wordCount == 3)
    #expect(try given[Options.within] == [2, 1])
    #expect(try given[Options.obsBins] == [0, 5])
    #expect(try given[Options.by] == [.leadDay, .validHour])
    #expect(try given[Options.ci] == 0.95)
    #expect(try given[Options.seed] == UInt64.max)
    #expect(try given[Options.scores] == [.extremes])
    #expect(try given[Options.lagged] == 3)
    #expect(try given[Options.leadDays]?.days == [1, 2, 3])

    let percentile = Self.invocation(["threshold": ["p90"]], options: Self.verifyOptions)
    #expect(try percentile[Options.threshold].percentile == 90)
    #expect(try percentile[Options.threshold].values == [0])

    let empty = Self.invocation([:], options: Self.verifyOptions)
    #expect(try empty[Options.threshold] == VerifyThresholds())
    #expect(try empty[Options.ci] == nil)
    #expect(try empty[Options.revisionBins] == nil)
  }

  @Test(
    "a word its option cannot parse is the usage error it always was",
    arguments: [
      (
        ["verify", "--threshold", "x"],
        "The value 'x' is invalid for '--threshold': expected a number"
      ),
      (
        ["verify", "--threshold", "p90,1"],
        "The value 'p90,1' is invalid for '--threshold': expected numbers, or one percentile of the observed climate such as p90"
      ),
      (
        ["verify", "--within", "-1"],
        "The value '-1' is invalid for '--within': expected an error bound ≥ 0"
      ),
      (
        ["verify", "--by", "obs-range", "--obs-bins", "5,1"],
        "The value '1' is invalid for '--obs-bins': expected ascending numbers (bin edges), such as 0,5,10"
      ),
      (["verify", "--lagged", "1"], "--lagged needs N >= 2 (the issues per ensemble), not '1'"),
      (
        ["sql", "--param", "=1", "select 1"],
        "The value '=1' is invalid for '--param': expected name=value"
      ),
    ])
  func unparsedWords(arguments: [String], message: String) async {
    let result = await CLIHarness().run(arguments)
    #expect(result.exitCode == 64, "\(result)")
    #expect(result.stderr.hasPrefix("Error: \(message)\n"), "\(result.stderr)")
  }

  @Test("a rule on a given word breaks only for that word, and another word lifts it")
  func valueRules() {
    let format = SharedOptions.format([.csv, .svg, .parquet])
    let excel = Flag("excel", help: "Excel.")
    let figure = OptionRule.conflict(excel, format, "no figure with --excel")
      .when(format, being: ["svg"])
    let spreadsheet = OptionRule.requires(excel, oneOf: [], "spreadsheet")
      .except(format, being: ["parquet"])
    func words(_ values: [String: [String]]) -> (String) -> [String]? { { values[$0] } }
    #expect(figure.isViolated(by: words(["excel": [""], "format": ["svg"]])))
    #expect(!figure.isViolated(by: words(["excel": [""], "format": ["csv"]])))
    #expect(!figure.isViolated(by: words(["excel": [""]])))
    #expect(spreadsheet.isViolated(by: words(["excel": [""], "format": ["csv"]])))
    #expect(!spreadsheet.isViolated(by: words(["excel": [""], "format": ["parquet"]])))
    #expect(figure.description == "--excel + --format svg: no figure with --excel")
  }

  @Test(
    "export's file rules give the messages run gave",
    arguments: [
      (
        ["export", "hourly", "--excel-locale", "de"],
        "--excel-locale sets up the spreadsheet CSV of --excel; add --excel"
      ),
      (
        ["export", "daily", "--utc", "--excel"],
        "--utc cannot be combined with --excel (spreadsheet times are local, with a utc_offset column)"
      ),
      (["export", "fetches", "--append"], "--append and --partition-by apply to --format parquet"),
      (
        ["export", "hourly", "--format", "svg", "--wide"],
        "--format svg cannot be combined with --excel, --wide or --split-by"
      ),
      (["observe", "--keep-suspect"], "--keep-suspect goes with --station"),
    ])
  func exportRules(arguments: [String], message: String) async {
    let result = await CLIHarness().run(arguments)
    #expect(result.exitCode == 64, "\(result)")
    #expect(result.stderr.hasPrefix("Error: \(message)\n"), "\(result.stderr)")
  }

  @Test("verify parses into one request whose mode follows the help's order")
  func verificationModes() throws {
    func mode(_ values: [String: [String]]) throws -> VerificationRequest.Mode {
      try VerifyCommand.parse(Self.invocation(values, options: Self.verifyOptions)).mode
    }
    #expect(try mode([:]) == .scores)
    #expect(try mode(["lagged": ["3"]]) == .lagged)
    #expect(try mode(["jumpiness": [""]]) == .jumpiness)
    #expect(try mode(["ensemble": [""]]) == .ensemble)
    #expect(try mode(["revisions": [""]]) == .revisions)
    #expect(try mode(["pairs": [""]]) == .pairs(.rows))
    #expect(try mode(["pairs": [""], "format": ["verif"]]) == .pairs(.verif))
    #expect(try mode(["compare": ["model:a", "model:b"]]) == .comparison)
    #expect(
      try mode(["reliability": [""], "var": [WeatherVariable.precipitation.column]])
        == .reliability)
    let request = try VerifyCommand.parse(
      Self.invocation(["threshold": ["1"], "by": ["city"]], options: Self.verifyOptions))
    #expect(request.event?.threshold == 1 && request.groupBy == [.city])
    #expect(request.variable == .temperature2m && !request.vectorWind)
  }
}
