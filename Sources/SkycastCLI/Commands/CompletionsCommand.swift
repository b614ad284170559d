import Foundation
import SkycastModel
import Store

/// `skycast completions <shell>`: a completion script for bash, zsh or fish.
enum CompletionsCommand {
  static let spec = CommandSpec(
    name: "completions",
    abstract: "Print a shell completion script for bash, zsh or fish.",
    discussion: """
      The script completes subcommands, options, variable names, output formats, --by keys, \
      file names and, for --city, the names of the cities saved in the database (it runs \
      'skycast completions --list-cities' for them).

      Install:
        skycast completions bash > ~/.local/share/bash-completion/completions/skycast
        skycast completions zsh > ~/.zfunc/_skycast    # with fpath=(~/.zfunc $fpath) in .zshrc
        skycast completions fish > ~/.config/fish/completions/skycast.fish
      """,
    arguments: [ArgumentSpec("shell", help: "bash, zsh or fish.", optional: true)],
    options: [Options.listCities.spec],
    rules: [
      OptionRule(
        when: [], unless: [Options.listCities],
        "Missing expected argument '<shell>' (\(shells.joined(separator: ", ")))"
      ).arguments(given: false),
      .values(when: [], unless: [Options.listCities], "<shell> names a shell") { invocation in
        guard let word = invocation.arguments.first, CompletionScript.Shell(rawValue: word) == nil
        else { return nil }
        return
          "The value '\(word)' is invalid for '<shell>': expected one of \(shells.joined(separator: ", "))"
      },
    ],
    run: { try run($0) })

  /// The shells a script is written for, as the argument names them.
  static let shells = CompletionScript.Shell.allCases.map(\.rawValue)

  static func run(_ invocation: Invocation) throws -> Int32 {
    if invocation[Options.listCities] {
      // Completing must never fail loudly or create a database: no file, no names.
      guard FileManager.default.fileExists(atPath: invocation.databasePath),
        let store = try? invocation.openStore(access: .readOnly),
        let cities = try? store.cities()
      else { return ExitStatus.success }
      for name in Set(cities.map(\.name)).sorted() {
        try invocation.stdout.line(TerminalSafe.escape(name))
      }
      return ExitStatus.success
    }
    // The declared rules leave one shell's name.
    guard let shell = invocation.arguments.first.flatMap(CompletionScript.Shell.init) else {
      throw invocation.ruleNotChecked("no shell named")
    }
    let model = CompletionModel(
      root: CommandRegistry.root, globalOptions: CLI.globalOptions, topics: HelpTopic.all)
    try invocation.stdout.write(CompletionScript.script(for: shell, model: model))
    return ExitStatus.success
  }
}

extension CompletionsCommand {
  /// The options of `completions`, each declared once with its type.
  enum Options {
    static let listCities = Flag(
      "list-cities", help: "Print the saved city names, one per line, and nothing else.")
  }
}
