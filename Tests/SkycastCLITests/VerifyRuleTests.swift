import Foundation
import TestSupport
import Testing

@testable import SkycastCLI

/// `verify`'s mode rules are declared (`VerifyCommand.rules`) and checked by the framework
/// before `run`: every rule names options `verify` has, none is hidden behind an earlier one,
/// and giving a rule's options alone reports exactly its message.
@Suite struct VerifyRuleTests {
  /// The rules on which options are given; the rules on their words and values
  /// (`ensembleValueRules`, `figureRules`, …) are tried in `DeclaredRuleKindsTests`.
  static let rules = VerifyCommand.rules.filter {
    $0.valueCheck == nil && $0.whenValue.isEmpty && $0.unlessValue.isEmpty
      && $0.withArguments == nil
  }
  static let optionNames = Set(VerifyCommand.spec.options.map(\.name))

  /// A valid value for each option a rule names (flags take none).
  static let sampleValues: [String: [String]] = [
    "lagged": ["3"], "threshold": ["p90"], "scores": ["quantiles"], "within": ["1"],
    "obs-bins": ["0,5"], "by": ["lead-day"], "diagram": ["performance"], "score": ["rmse"],
    "lead-days": ["1"], "vars": ["temperature_2m"], "source": ["forecast"], "obs": ["era5"],
    "loss": ["se"], "bootstrap": ["200"], "block-days": ["2"], "seed": ["1"], "op": ["gt"],
    "revision-bins": ["1,2"], "ensemble-model": ["m"], "skill": ["persistence"],
    "compare": ["a", "b"], "ci": [], "climate-from": ["2025-01-01"], "climate-to": ["2025-01-31"],
  ]

  /// The words that give `name` on the command line.
  static func words(for name: String) -> [String] {
    let spec = VerifyCommand.spec.options.first { $0.name == name }
    guard let spec, spec.valueName != nil else { return ["--" + name] }
    return ["--" + name] + (sampleValues[name] ?? ["<no sample value for --\(name)>"])
  }

  @Test("every rule names options of verify, and none requires what lifts it")
  func rulesNameOptions() {
    #expect(Self.rules.count >= 60)
    for rule in Self.rules {
      for name in rule.when + rule.unless {
        #expect(Self.optionNames.contains(name), "\(rule)")
      }
      #expect(Set(rule.when).isDisjoint(with: rule.unless), "\(rule)")
      #expect(!rule.message.isEmpty)
    }
  }

  @Test("no rule is hidden by an earlier one")
  func everyRuleReachable() {
    for (index, rule) in Self.rules.enumerated() {
      let given = Set(rule.when)
      for earlier in Self.rules[..<index] where earlier.isBroken(given: given.contains) {
        Issue.record("'\(rule)' is hidden by the earlier '\(earlier)'")
      }
    }
  }

  @Test("a rule's options alone give its message and exit 64")
  func eachRuleReported() async {
    for rule in Self.rules {
      let arguments = ["verify"] + rule.when.flatMap(Self.words(for:))
      let result = await CLIHarness().run(arguments)
      #expect(result.exitCode == 64, "\(arguments): \(result)")
      #expect(
        result.stderr.hasPrefix("Error: \(rule.message)\n"), "\(arguments): \(result.stderr)")
    }
  }

  @Test("an option of unless lifts its rule")
  func unlessLifts() async {
    for rule in Self.rules {
      for name in rule.unless {
        let arguments = ["verify"] + (rule.when + [name]).flatMap(Self.words(for:))
        let result = await CLIHarness().run(arguments)
        #expect(!result.stderr.contains(rule.message), "\(arguments): \(result.stderr)")
      }
    }
  }

  /// These options were silently ignored outside their mode before the rules were declared.
  @Test(
    "options of one mode are refused outside it",
    arguments: [
      (["--fair"], "--fair scores the members of --ensemble; add --ensemble"),
      (["--rank-histogram"], "--rank-histogram needs --ensemble or --lagged"),
      (["--ensemble-model", "m"], "--ensemble-model needs --lagged N"),
      (["--revision-bins", "1,2"], "--revision-bins sets the bins of --jumpiness"),
      (["--ensemble", "--bootstrap", "100"], "--ensemble cannot be combined with --bootstrap"),
      (["--lagged", "3", "--block-days", "2"], "--lagged cannot be combined with --block-days"),
      (["--jumpiness", "--seed", "4"], "--jumpiness cannot be combined with --seed"),
      (["--lagged", "3", "--op", "gt"], "--op needs --threshold <x>"),
    ])
  func refusedOutsideMode(arguments: [String], message: String) async {
    let result = await CLIHarness().run(["verify"] + arguments)
    #expect(result.exitCode == 64)
    #expect(result.stderr.hasPrefix("Error: \(message)\n"), "\(result.stderr)")
  }

  @Test("the first broken rule in declared order is the one reported")
  func firstRuleWins() async {
    // --lagged's refusals come before the score table's and the scorecard's.
    let lagged = await CLIHarness().run(["verify", "--lagged", "3", "--vars", "temperature_2m"])
    #expect(lagged.stderr.hasPrefix("Error: --lagged cannot be combined with --vars\n"))
    let scores = await CLIHarness().run(["verify", "--ensemble", "--scores", "quantiles"])
    #expect(
      scores.stderr.hasPrefix(
        "Error: --scores adds columns to the score table; leave out --ensemble\n"))
    // --ensemble allows --diagram pit with --skill; single-forecast diagrams do not.
    let pit = await CLIHarness().run(
      ["verify", "--ensemble", "--diagram", "pit", "--skill", "climatology"])
    #expect(!pit.stderr.contains("cannot be combined with --diagram"), "\(pit.stderr)")
  }

  @Test(
    "a --seed that is not a UInt64 is refused alike in every mode it seeds",
    arguments: [["--ci"], ["--ensemble"], ["--lagged", "3"]])
  func badSeed(mode: [String]) async throws {
    let harness = CLIHarness()
    _ = try harness.store()
    let result = await harness.run(["verify"] + mode + ["--seed", "-1"])
    #expect(result.exitCode == 64, "\(result)")
    #expect(
      result.stderr.hasPrefix(
        "Error: The value '-1' is invalid for '--seed': expected a whole number from 0 to \(UInt64.max)\n"
      ), "\(result.stderr)")
  }
}
