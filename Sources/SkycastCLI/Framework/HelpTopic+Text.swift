import Export

// MARK: - Plain text

extension HelpTopic {
  /// One line of a page, classified for the plain-text and roff renderings.
  enum Line: Equatable {
    /// A heading: its level (1 for `#`) and text.
    case heading(Int, String)
    /// A line inside a fenced code block.
    case code(String)
    /// A line of a pipe table.
    case table(String)
    /// A blank line between paragraphs.
    case blank
    /// Any other line of prose (list items included).
    case text(String)
  }

  /// The page's lines, classified; code fences and `<!-- … -->` marker lines are left out.
  var lines: [Line] {
    var result: [Line] = []
    var inCode = false
    for raw in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
      let line = String(raw)
      if line.hasPrefix("```") {
        inCode.toggle()
        continue
      }
      if inCode {
        result.append(.code(line))
      } else if line.hasPrefix("<!--") {
        continue
      } else if line.hasPrefix("#") {
        let level = line.prefix { $0 == "#" }.count
        result.append(.heading(level, String(line.dropFirst(level).drop { $0 == " " })))
      } else if line.hasPrefix("|") {
        result.append(.table(line.replacingOccurrences(of: "\\|", with: "|")))
      } else if line.isEmpty {
        result.append(.blank)
      } else {
        result.append(.text(line))
      }
    }
    while result.last == .blank { result.removeLast() }
    return result
  }

  /// The page as plain text for a terminal or a pipe: headings underlined (`=` for the title,
  /// `-` for sections), code blocks indented by four spaces without their fences, tables and
  /// prose as written.
  var plainText: String {
    var text = ""
    for line in lines {
      switch line {
      case .heading(let level, let title):
        text += title + "\n"
        if level <= 2 {
          text +=
            String(repeating: level == 1 ? "=" : "-", count: DisplayWidth.of(title)) + "\n"
        }
      case .code(let code): text += code.isEmpty ? "\n" : "    " + code + "\n"
      case .table(let row): text += row + "\n"
      case .blank: text += "\n"
      case .text(let prose): text += prose + "\n"
      }
    }
    return text
  }
}
