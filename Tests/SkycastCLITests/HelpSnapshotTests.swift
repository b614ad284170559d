import TestSupport
import Testing

@testable import SkycastCLI

/// One help snapshot per command: `skycast <command> --help` as a golden file
/// (`Golden/help-<command>.txt`), so a change to any option's wording, default or order shows in
/// review. Regenerate with `SKYCAST_UPDATE_GOLDEN=1`.
@Suite struct HelpSnapshotTests {
  /// Every command path in the registry, groups included (`["verify"]`, `["city", "add"]`).
  static var commandPaths: [[String]] {
    var paths: [[String]] = []
    func visit(_ spec: CommandSpec, path: [String]) {
      if !path.isEmpty { paths.append(path) }
      for subcommand in spec.subcommands { visit(subcommand, path: path + [subcommand.name]) }
    }
    visit(CommandRegistry.root, path: [])
    return paths
  }

  @Test("the registry has the commands the README lists")
  func coversCommands() {
    let names = Set(Self.commandPaths.map { $0.joined(separator: " ") })
    for command in ["verify", "collect", "city add", "export hourly", "archive lock-in", "spark"] {
      #expect(names.contains(command), "\(command)")
    }
  }

  @Test("each command's help matches its snapshot", arguments: commandPaths)
  func snapshot(path: [String]) async {
    let result = await CLIHarness().run(path + ["--help"])
    #expect(result.exitCode == 0, "\(result)")
    let file = "help-" + path.joined(separator: "-") + ".txt"
    let stored = GoldenText.stored(file, updatingWith: result.stdout)
    #expect(stored != nil, "\(file) is missing: run with SKYCAST_UPDATE_GOLDEN=1")
    #expect(result.stdout == stored, "\(file) differs")
  }
}
