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
      let given = Invocation(
        context: invocation.context, commandPath: [], values: [option.name: [option.defaultValue!]],
        arguments: [], options: [option])
      switch option.valueType {
      case .integer?: #expect(try given.integer(option) != nil, "\(command) --\(option.name)")
      case .number?:
        #expect(try given.number(option) != nil, "\(command) --\(option.name)")
      case .duration?:
        _ = try given.duration(option, text: option.defaultValue!)
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
    #expect(
      verify.stdout.contains("markdown, svg, tikz, parquet, verif or met-mpr."), "\(verify.stdout)")
    let precip = await CLIHarness().run("summary", "precip", "--help")
    #expect(precip.stdout.contains("markdown, svg or tikz."), "\(precip.stdout)")
  }

  static func invocation(_ values: [String: [String]], options: [OptionSpec]) -> Invocation {
    Invocation(
      context: CommandContext(
        environment: [:], workingDirectory: "/", stdout: MemorySink(), stderr: MemorySink()),
      commandPath: [], values: values, arguments: [], options: options)
  }

  @Test("a choice option's default is the value the command reads")
  func choiceDefaultIsRead() throws {
    let key = Option<EventOperator>.choice(
      "op", value: "op", help: "Event operator.", default: .gt)
    let option = key.spec
    func invocation(_ values: [String: [String]]) -> Invocation {
      Self.invocation(values, options: [option])
    }
    #expect(option.shownDefault == "gt")
    #expect(try invocation([:])[key] == .gt)
    #expect(try invocation(["op": ["ge"]])[key] == .ge)
    #expect(throws: CLIError.self) { try invocation(["op": ["x"]]).validateTypedOptions() }
    #expect(throws: CLIError.self) { try invocation(["op": ["x"]])[key] }
    #expect(CompletionModel.completion(of: option) == .words(["ge", "gt"]))
  }

  @Test("each key reads its own type: given, else its declared default; bad text names the option")
  func keysReadTheirType() throws {
    let days = Option<Int>.integer("days", value: "n", help: "Days.", in: 1...7, default: 7)
    let limit = Option<Int?>.integer("limit", value: "n", help: "Limit.", in: 1...10)
    let alpha = Option<Double>.number(
      "alpha", value: "level", help: "Level.", in: 0...0.5, default: 0.01)
    let wait = Option<Int>.duration("wait", value: "duration", help: "Wait.", default: "30m")
    let day = Option<LocalDate?>.date("day", help: "A day.")
    let names = Option<[String]>.list("name", value: "names", help: "Names.")
    let cities = Option<[String]>.repeated("city", value: "city", help: "Cities.")
    let quiet = Flag("quiet", help: "Quiet.")
    let all = [days.spec, limit.spec, alpha.spec, wait.spec, day.spec, names.spec, cities.spec]
    let empty = Self.invocation([:], options: all + [quiet.spec])
    #expect(try empty[days] == 7)
    #expect(try empty[limit] == nil)
    #expect(try empty[alpha] == 0.01)
    #expect(try empty[wait] == 1800)
    #expect(try empty[day] == nil)
    #expect(empty[names].isEmpty)
    #expect(!empty[quiet])
    #expect(days.spec.shownDefault == "7" && alpha.spec.shownDefault == "0.01")

    let given = Self.invocation(
      [
        "days": ["3"], "limit": ["10"], "alpha": ["0.5"], "wait": ["2h"], "day": ["2026-03-01"],
        "name": ["a,b", " c "], "city": ["Paris, Texas"], "quiet": [""],
      ], options: all + [quiet.spec])
    #expect(try given[days] == 3)
    #expect(try given[limit] == 10)
    #expect(try given[alpha] == 0.5)
    #expect(try given[wait] == 7200)
    #expect(try given[day] == LocalDate("2026-03-01"))
    #expect(given[names] == ["a", "b", "c"])
    #expect(given[cities] == ["Paris, Texas"])
    #expect(given[quiet] && given.isGiven(quiet) && given.isGiven(days))

    let bad = Self.invocation(["days": ["8"], "alpha": ["x"]], options: all)
    #expect {
      try bad[days]
    } throws: { error in
      "\(error)".contains("The value '8' is invalid for '--days': expected a number from 1 to 7")
    }
    #expect {
      try bad[alpha]
    } throws: { error in
      "\(error)".contains("The value 'x' is invalid for '--alpha': expected a number")
    }
  }

  @Test("no command reads an option by a string name")
  func noStringReads() throws {
    let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Sources/SkycastCLI")
    let pattern = try Regex(
      #"invocation\.(flag|string|strings|list|int|intValue|double|doubleValue|date|choice|choiceValue|duration|durationValue)\(\s*"|values\[\s*""#
    )
    var offenders: [String] = []
    let files =
      FileManager.default.enumerator(atPath: sources.path)?
      .compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") } ?? []
    #expect(files.count > 20)
    for file in files {
      let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
      if text.contains(pattern) || text.contains("preconditionFailure") { offenders.append(file) }
    }
    #expect(offenders.isEmpty, "\(offenders)")
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
