/// The manual page, in man(7) roff, generated from the command declarations (as
/// argument-parser's `generate-manual` does): the root's synopsis, description and global
/// options, then every command with its usage line, description, arguments and options, then
/// the reference pages of `skycast help <topic>`.
enum ManualPage {
  static func roff(root: CommandSpec, globalOptions: [OptionSpec], version: String) -> String {
    let formatter = HelpFormatter(commandName: root.name, globalOptions: globalOptions)
    let title = root.name.uppercased()
    var text = ".TH \(title) 1 \"\" \"\(escape(root.name)) \(escape(version))\" \"User Commands\"\n"
    text += ".SH NAME\n\(escape(root.name)) \\- \(escape(root.abstract))\n"
    text += ".SH SYNOPSIS\n.B \(escape(root.name))\n[\\fIoptions\\fR] \\fIcommand\\fR\n"
    if let discussion = root.discussion {
      text += ".SH DESCRIPTION\n" + paragraphs(discussion)
    }
    text += ".SH OPTIONS\n"
    for option in globalOptions + [SharedOptions.version.spec] {
      text += item(option)
    }
    text += ".SH COMMANDS\n"
    func visit(_ spec: CommandSpec, path: [CommandSpec]) {
      let path = path + [spec]
      if path.count > 1 {
        let name = path.map(\.name).joined(separator: " ")
        text += ".SS \"\(escape(name))\"\n" + paragraphs(spec.abstract)
        text += ".PP\n.B Usage:\n" + escape(formatter.usage(for: path)) + "\n"
        if let discussion = spec.discussion { text += paragraphs(discussion) }
        for argument in spec.arguments {
          text += ".TP\n\\fI\(escape(argument.name))\\fR\n" + escape(argument.help) + "\n"
        }
        for option in spec.options { text += item(option) }
      }
      for subcommand in spec.subcommands { visit(subcommand, path: path) }
    }
    visit(root, path: [])
    text += topics(HelpTopic.all, commandName: root.name)
    text +=
      ".SH ENVIRONMENT\n.TP\n.B SKYCAST_DB\nThe database file when \\fB\\-\\-db\\fR is not given.\n"
    text += ".TP\n.B NO_COLOR\nNever use colour.\n"
    text += ".SH EXIT STATUS\n0 on success, 1 when a command fails, 64 for a usage error.\n"
    return text
  }

  /// One option as a tagged paragraph: `\fB--days\fR \fIdays\fR` and its help.
  private static func item(_ option: OptionSpec) -> String {
    var label = "\\fB" + escape("--" + option.name) + "\\fR"
    if let short = option.short { label = "\\fB" + escape("-\(short)") + "\\fR, " + label }
    if let value = option.valueName { label += " \\fI" + escape(value) + "\\fR" }
    var help = option.help
    if let shown = option.shownDefault { help += " (default: \(shown))" }
    return ".TP\n\(label)\n\(escape(help))\n"
  }

  /// Text as roff paragraphs: blank lines separate paragraphs, indented lines (examples) are
  /// kept as they are.
  private static func paragraphs(_ text: String) -> String {
    var result = ""
    var inExample = false
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.isEmpty {
        if inExample {
          result += ".fi\n"
          inExample = false
        }
        result += ".PP\n"
      } else if line.first == " " {
        if !inExample {
          result += ".nf\n"
          inExample = true
        }
        result += escape(String(line)) + "\n"
      } else {
        if inExample {
          result += ".fi\n"
          inExample = false
        }
        result += escape(String(line)) + "\n"
      }
    }
    if inExample { result += ".fi\n" }
    return result
  }

  /// Roff-safe text: backslashes as `\e`, hyphens as `\-`, anything beyond ASCII as `\[uXXXX]`
  /// (so `man` needs no input-encoding guess), and a line that would start with a control
  /// character (`.` or `'`) protected by `\&`.
  static func escape(_ text: String) -> String {
    var escaped = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\\": escaped += "\\e"
      case "-": escaped += "\\-"
      case _ where scalar.isASCII: escaped.unicodeScalars.append(scalar)
      default:
        let hex = String(scalar.value, radix: 16, uppercase: true)
        escaped += "\\[u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "]"
      }
    }
    if escaped.first == "." || escaped.first == "'" { escaped = "\\&" + escaped }
    return escaped.replacingOccurrences(of: "\n.", with: "\n\\&.")
      .replacingOccurrences(of: "\n'", with: "\n\\&'")
  }
}
