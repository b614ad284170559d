import Foundation
import TestSupport
import Testing

@testable import SkycastCLI

/// `skycast help <topic>`: the reference pages of `Help/` are embedded, listed by `skycast
/// help`, printed one at a time and in the manual, and the README stays short and points at
/// them.
@Suite struct HelpTopicCommandTests {
  /// The topic names of the Markdown files in `Sources/SkycastResources/Help/`.
  static func topicFiles() throws -> [String] {
    try FileManager.default.contentsOfDirectory(
      atPath: PackagePaths.help.path
    )
    .filter { $0.hasSuffix(".md") }.map { String($0.dropLast(3)) }.sorted()
  }

  /// The topic names under `TOPICS:` in the output of `skycast help`.
  static func listedTopics(_ help: String) -> [String] {
    guard let section = help.components(separatedBy: "\nTOPICS:\n").last else { return [] }
    return section.split(separator: "\n").compactMap { line in
      guard line.hasPrefix("  "), line.dropFirst(2).first != " " else { return nil }
      let name = line.dropFirst(2).prefix { $0 != " " }
      return name.isEmpty ? nil : String(name)
    }.filter { $0 != "See" }
  }

  /// The README is short enough to read in ten minutes: at most 400 lines.
  @Test("the README has at most 400 lines")
  func readmeIsShort() throws {
    let readme = try String(
      contentsOf: PackagePaths.root.appendingPathComponent("README.md"), encoding: .utf8)
    let lines = readme.split(separator: "\n", omittingEmptySubsequences: false).count
    #expect(lines <= 400, "README.md has \(lines) lines")
  }

  /// `skycast help` is the top-level help plus a `TOPICS` section with every file of `Help/`.
  @Test("skycast help lists every topic of Help/ with its abstract")
  func helpListsTopics() async throws {
    let help = await CLIHarness().run("help")
    #expect(help.exitCode == 0, "\(help)")
    #expect(help.stdout.hasPrefix("OVERVIEW: Keep a history of weather forecasts"))
    #expect(help.stdout.contains("\nSUBCOMMANDS:\n"))
    let listed = Self.listedTopics(help.stdout)
    #expect(listed.sorted() == (try Self.topicFiles()), "\(help.stdout)")
    #expect(listed == HelpTopic.all.map(\.name))
    for topic in HelpTopic.all {
      #expect(!topic.abstract.isEmpty && topic.abstract.count <= 54, "\(topic.name)")
    }
    let root = await CLIHarness().run("--help")
    #expect(root.stdout == help.stdout)
  }

  /// Every listed topic prints its page as plain text: the title underlined, no code fences.
  @Test("every listed topic prints a non-empty page")
  func everyTopicPrints() async throws {
    let help = await CLIHarness().run("help")
    let listed = Self.listedTopics(help.stdout)
    #expect(listed.count >= 8)
    for name in listed {
      let page = await CLIHarness().run("help", name)
      #expect(page.exitCode == 0, "\(name): \(page)")
      #expect(page.stderr.isEmpty)
      let topic = try #require(HelpTopic.named(name))
      #expect(page.stdout.hasPrefix(topic.abstract + "\n="), "\(name)")
      #expect(page.stdout.split(separator: "\n").count > 10, "\(name)")
      #expect(!page.stdout.contains("```"), "\(name)")
    }
  }

  /// A word that is neither a command nor a topic is a usage error with a suggestion.
  @Test("an unknown topic is a usage error with a suggestion, exit 64")
  func unknownTopic() async {
    let result = await CLIHarness().run("help", "verificaton")
    #expect(result.exitCode == 64)
    #expect(result.stdout.isEmpty)
    #expect(
      result.stderr.hasPrefix(
        "Error: Unknown command or help topic 'verificaton'; did you mean 'verification'?"),
      "\(result)")
    #expect(result.stderr.contains("Usage: skycast <subcommand>"))
    let extra = await CLIHarness().run("help", "schema", "tables")
    #expect(extra.exitCode == 64)
  }

  /// `help <command>` keeps its meaning, and a command's help names its topics.
  @Test("help <command> is still the command's help and points to its topic")
  func commandHelpPointsToTopic() async {
    let word = await CLIHarness().run("help", "verify")
    let flag = await CLIHarness().run("verify", "--help")
    #expect(word.exitCode == 0)
    #expect(word.stdout == flag.stdout)
    #expect(word.stdout.contains("Read more: 'skycast help verification'"), "\(word.stdout)")
    for (command, topics) in HelpTopic.commandTopics {
      for topic in topics {
        #expect(HelpTopic.named(topic) != nil, "\(command) points to a missing topic \(topic)")
      }
    }
  }

  /// The manual holds every topic as a section of its own.
  @Test("the manual page includes every topic")
  func manualHasTopics() async {
    let manual = await CLIHarness().run("manual")
    #expect(manual.exitCode == 0)
    #expect(manual.stdout.contains(".SH TOPICS\n"))
    for topic in HelpTopic.all {
      #expect(manual.stdout.contains(".SH \"\(topic.name.uppercased())\"\n"), "\(topic.name)")
    }
  }

  /// The README's "Where to read more" table has a row for every topic.
  @Test("the README lists every topic")
  func readmeListsTopics() throws {
    let readme = try String(
      contentsOf: PackagePaths.root.appendingPathComponent("README.md"), encoding: .utf8)
    for topic in HelpTopic.all {
      #expect(readme.contains("| `\(topic.name)` |"), "\(topic.name)")
    }
  }

  /// Each command's help, up to its usage line, stays about a screen long (at most 48 lines:
  /// the overview, a short discussion, examples and the topic pointer); the detail belongs in
  /// its topic.
  @Test("every command's help discussion fits about a screen and points to a topic")
  func discussionsAreShort() async {
    func visit(_ spec: CommandSpec, path: [String]) async {
      for subcommand in spec.subcommands {
        await visit(subcommand, path: path + [subcommand.name])
      }
      guard path.count > 0 else { return }
      let help = await CLIHarness().run(path + ["--help"])
      let head = help.stdout.components(separatedBy: "\nUSAGE:").first ?? ""
      let lines = head.split(separator: "\n", omittingEmptySubsequences: false).count
      #expect(lines <= 48, "skycast \(path.joined(separator: " ")): \(lines) lines")
      if HelpTopic.commandTopics[path[0]] != nil {
        #expect(head.contains("Read more: 'skycast help "), "\(path)")
      }
    }
    await visit(CommandRegistry.root, path: [])
  }

  /// Every `skycast help X` the README or a topic names is a topic or a command.
  @Test("every 'skycast help' pointer in the README and the topics resolves")
  func pointersResolve() throws {
    let commands = CommandRegistry.root.subcommands.map(\.name)
    for file in ReadmeCommandTests.files {
      let text = try String(
        contentsOf: PackagePaths.root.appendingPathComponent(file), encoding: .utf8)
      for part in text.components(separatedBy: "skycast help ").dropFirst() {
        let word = String(part.prefix { $0.isLetter || $0 == "-" })
        guard !word.isEmpty else { continue }
        #expect(
          HelpTopic.named(word) != nil || commands.contains(word), "\(file): skycast help \(word)")
      }
    }
  }
}
