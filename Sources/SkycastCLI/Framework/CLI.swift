import Foundation
import SkycastModel

#if canImport(Glibc)
  import Glibc
#endif

/// The command-line entry point. The executable calls `main(arguments:)`; tests call
/// `run(_:context:)` with an injected context. Neither calls `exit()`.
public enum CLI {
  public static let version = "0.1.0"

  /// Options every command accepts, before or after the subcommand.
  static let globalOptions: [OptionSpec] = [
    SharedOptions.dbPath.spec, SharedOptions.quiet.spec, SharedOptions.verbose.spec,
    SharedOptions.noColor.spec,
  ]

  /// Runs the real process: ignores SIGPIPE (a closed pipe becomes a quiet end instead of a
  /// signal), builds the process context, runs.
  public static func main(arguments: [String]) async -> Int32 {
    signal(SIGPIPE, SIG_IGN)
    return await run(arguments, context: .process())
  }

  /// The specs along a command path given by names.
  static func specPath(_ names: [String], root: CommandSpec) -> [CommandSpec] {
    var path = [root]
    for name in names {
      guard let next = path.last!.subcommand(named: name) else { break }
      path.append(next)
    }
    return path
  }

  /// The reference page `skycast help <topic>` prints, as plain text made safe for a
  /// terminal.
  ///
  /// - Throws: `CLIError.usage` for a word that names neither a command nor a topic (with the
  ///   closest of both as a suggestion), or for words after the topic.
  static func topicText(_ words: [String], root: CommandSpec) throws(CLIError) -> String {
    let word = words[0]
    guard let topic = HelpTopic.named(word) else {
      let candidates = root.subcommands.map(\.name) + HelpTopic.all.map(\.name)
      throw ParseError.unknownTopic(
        word, hint: Suggestion.phrase(for: word, in: candidates),
        topics: HelpTopic.all.map(\.name)
      ).error(for: [])
    }
    guard words.count == 1 else {
      throw ParseError.wordAfterTopic(words[1], topic: word).error(for: [])
    }
    return TerminalSafe.escape(topic.plainText, keepingNewlines: true)
  }

  /// Runs one command line and returns its exit code.
  public static func run(_ arguments: [String], context: CommandContext) async -> Int32 {
    let root = CommandRegistry.root
    let scanner = ArgumentScanner(
      root: root,
      globalOptions: globalOptions + [
        SharedOptions.help.spec, SharedOptions.version.spec,
      ])
    let formatter = HelpFormatter(
      commandName: root.name, globalOptions: globalOptions, listsTopics: true)
    // The single error presenter: terminal-safe, and a failure's message is one line, so what
    // it quotes (a server's reason, a file name) is escaped fully, newlines included. Usage
    // errors keep their line breaks (an ambiguous city lists the candidates, escaped at source).
    let errorOutput = TextOutput(context.stderr, terminalSafe: true)
    let standardOutput = TextOutput(context.stdout)
    var path: [CommandSpec] = [root]
    // `skycast help <command>…` is `skycast <command>… --help`; `skycast help <topic>`
    // prints a reference page.
    let helpWords = arguments.first == "help" ? Array(arguments.dropFirst()) : nil
    let arguments = helpWords.map { $0 + ["--help"] } ?? arguments
    do {
      if let words = helpWords, let word = words.first, !word.hasPrefix("-"),
        root.subcommand(named: word) == nil
      {
        try standardOutput.write(try topicText(words, root: root))
        try standardOutput.flush()
        return ExitStatus.success
      }
      let scanned = try scanner.scan(arguments)
      path = scanned.path
      if scanned.values[SharedOptions.help.spec.name] != nil {
        try standardOutput.write(formatter.help(for: scanned.path))
        try standardOutput.flush()
        return ExitStatus.success
      }
      if scanned.values[SharedOptions.version.spec.name] != nil {
        // Only the root command has a version to show; elsewhere the flag would be ignored and
        // the command run, as if the user had not typed it.
        guard scanned.path.count == 1 else {
          throw ParseError.unknownOption("version").error(for: scanned.names)
        }
        try standardOutput.line(version)
        try standardOutput.flush()
        return ExitStatus.success
      }
      guard let run = scanned.path.last!.run else {
        try standardOutput.write(formatter.help(for: scanned.path))
        try standardOutput.flush()
        return ExitStatus.success
      }
      try scanner.validatePositionals(scanned)
      let invocation = Invocation(
        context: context, commandPath: scanned.names, values: scanned.values,
        arguments: scanned.positionals, options: scanned.path.last!.options + globalOptions,
        constantsInCaption: scanned.path.last!.constantsInCaption)
      try invocation.validateTypedOptions()
      try invocation.check(scanned.path.last!.rules)
      do {
        let code = try await run(invocation)
        invocation.endProgress()
        try invocation.commitFiles()
        try invocation.stdout.flush()
        try invocation.stderr.flush()
        return code
      } catch {
        invocation.discardFiles()
        invocation.endProgress()
        try? invocation.stdout.flush()
        try? invocation.stderr.flush()
        throw error
      }
    } catch OutputError.brokenPipe {
      return ExitStatus.success
    } catch {
      let presentation = ErrorPresentation(error)
      if presentation.showsUsage {
        let usagePath = presentation.command.map { specPath($0, root: root) } ?? path
        try? errorOutput.write(formatter.usageError(presentation.message, path: usagePath))
      } else if presentation.keepsLineBreaks {
        try? errorOutput.line("Error: " + presentation.message)
      } else {
        try? errorOutput.line("Error: " + TerminalSafe.escape(presentation.message))
      }
      try? errorOutput.flush()
      return presentation.exitCode
    }
  }
}
