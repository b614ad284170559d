/// Prints help and usage in swift-argument-parser's layout: `OVERVIEW`, `USAGE`, `ARGUMENTS`,
/// `OPTIONS`, `SUBCOMMANDS`, labels in a 26-column gutter, text wrapped at 80 columns.
struct HelpFormatter {
  let commandName: String
  let globalOptions: [OptionSpec]
  /// True when the root help lists the reference pages (`HelpTopic.all`, read only then)
  /// under `TOPICS`.
  var listsTopics = false
  let width = 80
  private let labelColumn = 26

  /// The full help for the command at `path` (root first).
  func help(for path: [CommandSpec]) -> String {
    let spec = path.last!
    var text = ""
    text += wrap("OVERVIEW: " + spec.abstract, indent: 0) + "\n"
    if let discussion = spec.discussion {
      text +=
        "\n"
        + discussion.split(separator: "\n", omittingEmptySubsequences: false)
        .map { line in
          // Indented lines are examples: keep them exactly as written.
          line.isEmpty || line.first == " " ? String(line) : wrap(String(line), indent: 0)
        }.joined(separator: "\n") + "\n"
    }
    if path.count > 1, let pointer = topicPointer(for: path[1].name) {
      text += "\n" + wrap(pointer, indent: 0) + "\n"
    }
    text += "\n" + wrap("USAGE: " + usage(for: path), indent: 7) + "\n"
    if !spec.arguments.isEmpty {
      text += "\nARGUMENTS:\n"
      for argument in spec.arguments {
        text += row(label: "<\(argument.name)>", help: argument.help)
      }
    }
    text += "\nOPTIONS:\n"
    var options = spec.options + globalOptions
    if path.count == 1 {
      options.append(SharedOptions.version.spec)
    }
    options.append(SharedOptions.help.spec)
    for option in options {
      var help = option.help
      if let shown = option.shownDefault { help += " (default: \(shown))" }
      text += row(label: option.label, help: help)
    }
    if !spec.subcommands.isEmpty {
      text += "\nSUBCOMMANDS:\n"
      for subcommand in spec.subcommands {
        text += row(label: subcommand.name, help: subcommand.abstract)
      }
      let prefix = ([commandName, "help"] + path.dropFirst().map(\.name)).joined(separator: " ")
      text += "\n  See '\(prefix) <subcommand>' for detailed help.\n"
    }
    if path.count == 1, listsTopics, !HelpTopic.all.isEmpty {
      text += "\nTOPICS:\n"
      for topic in HelpTopic.all {
        text += row(label: topic.name, help: topic.abstract)
      }
      text +=
        "\n  See '\(commandName) help <topic>' to read one; '\(commandName) manual' has them all.\n"
    }
    return text
  }

  /// `Read more: 'skycast help verification', 'skycast help figures'.` for a top-level
  /// command with reference pages, or nil.
  func topicPointer(for command: String) -> String? {
    let names = (HelpTopic.commandTopics[command] ?? []).filter { HelpTopic.named($0) != nil }
    guard !names.isEmpty else { return nil }
    return "Read more: " + names.map { "'\(commandName) help \($0)'" }.joined(separator: ", ")
      + "."
  }

  /// `skycast collect [--city <city> ...] [--days <days>]`, or `<subcommand>` for groups.
  func usage(for path: [CommandSpec]) -> String {
    let spec = path.last!
    var parts = [([commandName] + path.dropFirst().map(\.name)).joined(separator: " ")]
    if spec.run == nil, !spec.subcommands.isEmpty {
      parts.append("<subcommand>")
      return parts.joined(separator: " ")
    }
    // As argument-parser does: past 12 options the line would only be skimmed, so they
    // collapse into one `[<options>]` (every option here is optional) and the arguments stay.
    if spec.options.count > Self.maximumListedOptions {
      parts.append("[<options>]")
    } else {
      parts += spec.options.map(\.usage)
    }
    parts += spec.arguments.map(\.usage)
    if !spec.subcommands.isEmpty { parts.append("[<subcommand>]") }
    return parts.joined(separator: " ")
  }

  /// The most options a usage line lists one by one.
  static let maximumListedOptions = 12

  /// The three lines printed on stderr after a usage error.
  func usageError(_ message: String, path: [CommandSpec]) -> String {
    let prefix = ([commandName] + path.dropFirst().map(\.name)).joined(separator: " ")
    return "Error: \(message)\n" + wrap("Usage: " + usage(for: path), indent: 7) + "\n"
      + "  See '\(prefix) --help' for more information.\n"
  }

  private func row(label: String, help: String) -> String {
    let indent = String(repeating: " ", count: labelColumn)
    let helpLines = wrapWords(help, width: width - labelColumn)
    var text = "  " + label
    if label.count + 2 <= labelColumn - 2 {
      text += String(repeating: " ", count: labelColumn - 2 - label.count)
      text += (helpLines.first ?? "") + "\n"
      for line in helpLines.dropFirst() { text += indent + line + "\n" }
    } else {
      text += "\n"
      for line in helpLines { text += indent + line + "\n" }
    }
    return text
  }

  /// Wraps `text` at `width`, continuation lines indented by `indent`.
  private func wrap(_ text: String, indent: Int) -> String {
    let lines = wrapWords(text, width: width, continuationWidth: width - indent)
    return lines.enumerated().map {
      $0.offset == 0 ? $0.element : String(repeating: " ", count: indent) + $0.element
    }
    .joined(separator: "\n")
  }

  private func wrapWords(_ text: String, width: Int, continuationWidth: Int? = nil) -> [String] {
    var lines: [String] = []
    var line = ""
    var limit = width
    for word in text.split(separator: " ", omittingEmptySubsequences: true) {
      if line.isEmpty {
        line = String(word)
      } else if line.count + 1 + word.count <= limit {
        line += " " + word
      } else {
        lines.append(line)
        line = String(word)
        limit = continuationWidth ?? width
      }
    }
    if !line.isEmpty || lines.isEmpty { lines.append(line) }
    return lines
  }
}
