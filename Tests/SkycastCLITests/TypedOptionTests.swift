import Analysis
import Foundation
import SkycastModel
import TestSupport
import Testing

@testable import SkycastCLI

/// Typed options are declared once: the declaration gives the type, the range and the default
/// that help prints, the validation before `run` checks, and the command reads.
@Suite struct TypedOptionTests {
  /// Every typed option of every command, with the command's name.
  static var typedOptions: [(command: String, option: OptionSpec)] {
    var result: [(String, OptionSpec)] = []
    func visit(_ spec: CommandSpec, name: String) {
      for option in spec.options where option.valueType != nil { result.append((name, option)) }
      for subcommand in spec.subcommands {
        visit(subcommand, name: name + " " + subcommand.name)
      }
    }
    visit(CommandRegistry.root, name: "skycast")
    return result
  }

  @Test("every declared default is a valid value of its own type")
  func defaultsParse() throws {
    #expect(Self.typedOptions.count >= 6)
    for (command, option) in Self.typedOptions {
      let invocation = Invocation(
        context: CommandContext(
          environment: [:], workingDirectory: "/", stdout: MemorySink(), stderr: MemorySink()),
        commandPath: [], values: [:], arguments: [],
        options: [option])
      guard option.defaultValue != nil else { continue }
      switch option.valueType {
      case .integer?: #expect(try invocation.int(option.name) != nil, "\(command) --\(option.name)")
      case .number?:
        #expect(try invocation.double(option.name) != nil, "\(command) --\(option.name)")
      case .duration?:
        #expect(try invocation.duration(option.name) != nil, "\(command) --\(option.name)")
      case .choice(let words)?:
        #expect(words.contains(option.defaultValue!), "\(command) --\(option.name)")
      case nil: break
      }
    }
  }

  @Test("help prints the declared default")
  func helpShowsDefault() async {
    let collect = await CLIHarness().run("collect", "--help")
    #expect(collect.stdout.contains("(default: 30m)"), "\(collect.stdout)")
    let backfill = await CLIHarness().run("backfill", "--help")
    #expect(backfill.stdout.contains("(default: 7)"))
    let verify = await CLIHarness().run("verify", "--help")
    #expect(verify.stdout.contains("(default: ge)"), "\(verify.stdout)")
    #expect(verify.stdout.contains("(default: se)"), "\(verify.stdout)")
    // --format lists what each command writes.
    #expect(verify.stdout.contains("markdown, svg, parquet, verif or met-mpr."), "\(verify.stdout)")
    let precip = await CLIHarness().run("summary", "precip", "--help")
    #expect(precip.stdout.contains("markdown or svg."), "\(precip.stdout)")
  }

  @Test("a choice option's default is the value the command reads")
  func choiceDefaultIsRead() throws {
    let option = OptionSpec.choice(
      "op", value: "op", help: "Event operator.", of: EventOperator.self, default: .gt)
    func invocation(_ values: [String: [String]]) -> Invocation {
      Invocation(
        context: CommandContext(
          environment: [:], workingDirectory: "/", stdout: MemorySink(), stderr: MemorySink()),
        commandPath: [], values: values, arguments: [], options: [option])
    }
    #expect(option.shownDefault == "gt")
    #expect(try invocation([:]).choiceValue("op", as: EventOperator.self) == .gt)
    #expect(try invocation(["op": ["ge"]]).choiceValue("op", as: EventOperator.self) == .ge)
    #expect(throws: CLIError.self) { try invocation(["op": ["x"]]).validateTypedOptions() }
    #expect(CompletionModel.completion(of: option) == .words(["ge", "gt"]))
  }

  @Test(
    "a value outside its declared range is a usage error before the command opens anything",
    arguments: [
      (
        ["backfill", "--days", "0", "--from", "2026-03-01", "--to", "2026-03-02"],
        "The value '0' is invalid for '--days': expected a number from 1 to 7"
      ),
      (
        ["backfill", "--days", "8", "--from", "2026-03-01", "--to", "2026-03-02"],
        "The value '8' is invalid for '--days'"
      ),
      (["collect", "--min-interval", "soon"], "The value 'soon' is invalid for '--min-interval'"),
      (["verify", "--format", "svg", "--width", "10"], "The value '10' is invalid for '--width'"),
      (
        ["verify", "--threshold", "1", "--op", "gte"],
        "The value 'gte' is invalid for '--op': expected one of ge, gt"
      ),
      (
        ["summary", "uv", "--format", "svg"],
        "The value 'svg' is invalid for '--format': expected one of table, csv, json, ndjson, latex, markdown"
      ),
      (
        ["export", "daily", "--format", "svg"],
        "The value 'svg' is invalid for '--format': expected one of table, csv, json, ndjson, latex, markdown, parquet"
      ),
      (
        ["summary", "feels-like", "--method", "steadman"],
        "The value 'steadman' is invalid for '--method': expected one of bom, nws"
      ),
    ])
  func validatedBeforeRun(arguments: [String], message: String) async {
    let harness = CLIHarness()
    let result = await harness.run(arguments)
    #expect(result.exitCode == 64, "\(result)")
    #expect(result.stderr.hasPrefix("Error: " + message), "\(result)")
    #expect(result.stderr.contains("Usage: skycast"), "\(result)")
    #expect(!FileManager.default.fileExists(atPath: harness.databasePath), "no database created")
  }
}
