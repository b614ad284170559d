import SkycastModel

/// Why the words of a command line do not fit the declared commands, options and arguments,
/// worded as swift-argument-parser's `ParserError` words it: one case per way a command line
/// can fail the scanner, so the parser's messages are listed once, not written at each check.
enum ParseError: Error, Equatable {
  /// A value option at the end of the line: its synopsis (`--from <date>`).
  case missingValue(synopsis: String)
  /// A long option no command on the path declares (`name` without dashes), and the "Did you
  /// mean" hint.
  case unknownOption(String, hint: String = "")
  /// A short option no command on the path declares.
  case unknownShortOption(Character)
  /// `--flag=value`.
  case flagTakesNoValue(String)
  /// A word where a group expects one of its subcommands, and the hint.
  case unknownSubcommand(String, hint: String)
  /// A positional argument beyond the declared ones.
  case unexpectedArgument(String)
  /// A declared argument that is not optional and was not given.
  case missingArgument(String)
  /// `skycast help WORD` for a word that is neither a command nor a topic; the hint and the
  /// topics' names.
  case unknownTopic(String, hint: String, topics: [String])
  /// A word after `skycast help TOPIC`.
  case wordAfterTopic(String, topic: String)

  /// The message, with what the user typed made terminal-safe.
  var message: String {
    switch self {
    case .missingValue(let synopsis): "Missing value for '\(synopsis)'"
    case .unknownOption(let name, let hint):
      "Unknown option '--\(TerminalSafe.escape(name))'\(hint)"
    case .unknownShortOption(let letter):
      "Unknown option '-\(TerminalSafe.escape(String(letter)))'"
    case .flagTakesNoValue(let name):
      "The option '--\(TerminalSafe.escape(name))' does not take a value"
    case .unknownSubcommand(let word, let hint):
      "Unknown subcommand '\(TerminalSafe.escape(word))'\(hint)"
    case .unexpectedArgument(let word): "Unexpected argument '\(TerminalSafe.escape(word))'"
    case .missingArgument(let name): "Missing expected argument '<\(name)>'"
    case .unknownTopic(let word, let hint, let topics):
      "Unknown command or help topic '\(TerminalSafe.escape(word))'\(hint) (topics: \(topics.joined(separator: ", ")))"
    case .wordAfterTopic(let word, let topic):
      "Unexpected argument '\(TerminalSafe.escape(word))' after the topic '\(topic)'"
    }
  }

  /// The usage error (exit 64) that shows the usage of `command`.
  func error(for command: [String]) -> CLIError {
    .usage(message, command: command)
  }
}
