import Export
import Foundation

// MARK: - Plain text

extension HelpTopic {
  /// One line of a page, classified for the plain-text and roff renderings.
  enum Line: Equatable {
    /// A heading: its level (1 for `#`) and text.
    case heading(Int, String)
    /// A line inside a fenced code block, and whether it is a shell command (any line of a
    /// ```` ```sh ```` block; in a ```` ```text ```` block, a line that starts with a command).
    case code(String, shell: Bool)
    /// A row of a pipe table: its first cell, and the others joined (each but the second
    /// labelled with its column's header).
    case tableRow(term: String, detail: String)
    /// A blank line between paragraphs.
    case blank
    /// Any other line of prose (list items included).
    case text(String)
  }

  /// The page's lines, classified; code fences and `<!-- … -->` marker lines are left out.
  ///
  /// A pipe table starts, as in GitHub-flavoured Markdown, only at a line that begins with `|`
  /// and is followed by a delimiter row (`|---|---|`); any other line that begins with `|`
  /// (`|x_N − x_(N−1)|: …` inside a paragraph) is prose and keeps every word.
  var lines: [Line] {
    var result: [Line] = []
    var inCode = false
    var language = ""
    var header: [String]?
    let source = markdown.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    for (index, line) in source.enumerated() {
      if line.hasPrefix("```") {
        inCode.toggle()
        language = String(line.dropFirst(3))
        continue
      }
      if !line.hasPrefix("|") { header = nil }
      if !inCode, header == nil, line.hasPrefix("|"),
        !(index + 1 < source.count && Self.isDelimiterRow(source[index + 1]))
      {
        result.append(.text(line))
        continue
      }
      if inCode {
        let command = ["skycast ", "$ ", "swift ", "apt-get ", "pip ", "sqlite3 ", "duckdb "]
          .contains { line.trimmingCharacters(in: .whitespaces).hasPrefix($0) }
        let shell = ["sh", "bash", "console"].contains(language) || (language == "text" && command)
        result.append(.code(line, shell: shell))
      } else if line.hasPrefix("<!--") {
        continue
      } else if line.hasPrefix("#") {
        let level = line.prefix { $0 == "#" }.count
        result.append(.heading(level, String(line.dropFirst(level).drop { $0 == " " })))
      } else if line.hasPrefix("|") {
        let cells = Self.cells(line)
        if header == nil {
          header = cells
        } else if !cells.allSatisfy({ $0.allSatisfy { "-:".contains($0) } }) {
          result.append(Self.row(cells, header: header ?? []))
        }
        continue
      } else if line.isEmpty {
        result.append(.blank)
      } else {
        result.append(.text(line))
      }
    }
    while result.last == .blank { result.removeLast() }
    return result
  }

  /// True for a table's delimiter row: cells of `-` and `:` only, each with a `-`.
  static func isDelimiterRow(_ line: String) -> Bool {
    guard line.hasPrefix("|") else { return false }
    let cells = Self.cells(line)
    return !cells.isEmpty
      && cells.allSatisfy { cell in cell.contains("-") && cell.allSatisfy { "-:".contains($0) } }
  }

  /// The cells of a pipe-table line, `\|` read as a literal bar.
  static func cells(_ line: String) -> [String] {
    var cells: [String] = []
    var cell = ""
    var escaped = false
    for character in line.dropFirst() {
      if escaped {
        cell.append(character)
        escaped = false
      } else if character == "\\" {
        escaped = true
      } else if character == "|" {
        cells.append(cell.trimmingCharacters(in: .whitespaces))
        cell = ""
      } else {
        cell.append(character)
      }
    }
    if !cell.trimmingCharacters(in: .whitespaces).isEmpty {
      cells.append(cell.trimmingCharacters(in: .whitespaces))
    }
    return cells
  }

  /// A table row as a term and its detail: in a two-column table the second cell; in a wider
  /// one every other cell after the first, each labelled with its header (`Ratio: 0.18×`).
  static func row(_ cells: [String], header: [String]) -> Line {
    let term = cells.first ?? ""
    let rest = cells.dropFirst().enumerated().map { offset, cell in
      cells.count <= 2 || offset + 1 >= header.count || header[offset + 1].isEmpty
        ? cell : header[offset + 1] + ": " + cell
    }
    return .tableRow(term: term, detail: rest.joined(separator: "; "))
  }

  /// The page as plain text for an 80-column terminal or a pipe: headings underlined (`=` for
  /// the title, `-` for sections), paragraphs and list items filled to 80 columns, code blocks
  /// indented by four spaces without their fences (a longer line folded at a space: a command
  /// with ` \` so it still pastes, other code with its next part indented), each table row as
  /// its first cell and the rest indented and wrapped under it.
  var plainText: String {
    var text = ""
    var paragraph: String?
    func flush() {
      guard let words = paragraph else { return }
      let bullet = words.hasPrefix("- ")
      let lines = Self.wrapped(bullet ? String(words.dropFirst(2)) : words, width: bullet ? 78 : 80)
      for (offset, line) in lines.enumerated() {
        text += (bullet ? (offset == 0 ? "- " : "  ") : "") + line + "\n"
      }
      paragraph = nil
    }
    for line in lines {
      if case .text(let prose) = line {
        if let current = paragraph, !prose.hasPrefix("- ") {
          paragraph = current + " " + prose.trimmingCharacters(in: .whitespaces)
        } else {
          flush()
          paragraph = prose
        }
        continue
      }
      flush()
      switch line {
      case .heading(let level, let title):
        text += title + "\n"
        if level <= 2 {
          text +=
            String(repeating: level == 1 ? "=" : "-", count: DisplayWidth.of(title)) + "\n"
        }
      case .code(let code, let shell):
        if code.isEmpty { text += "\n" }
        for part in Self.folded(code, width: 76, shell: shell) { text += "    " + part + "\n" }
      case .tableRow(let term, let detail):
        for line in Self.wrapped(term, width: 78) { text += "  " + line + "\n" }
        for line in Self.wrapped(detail, width: 74) { text += "      " + line + "\n" }
      case .blank: text += "\n"
      case .text: break
      }
    }
    flush()
    return text
  }

  /// A code line as lines of at most `width` columns, broken at spaces outside quotes: a shell
  /// line's parts end in ` \` (a line continuation, so the command still pastes as one, its
  /// `#` comment included), other code continues indented by two more spaces (or by
  /// `continuation`, from the margin). A word longer than a line stays whole; a line that fits
  /// is returned as it is. The demo tour folds its commands with it too.
  static func folded(_ code: String, width: Int, shell: Bool, continuation: String? = nil)
    -> [String]
  {
    guard DisplayWidth.of(code) > width else { return code.isEmpty ? [] : [code] }
    let leading = String(code.prefix { $0 == " " })
    var pieces: [String] = []
    var piece = ""
    var quote: Character?
    for character in code.dropFirst(leading.count) {
      if let open = quote {
        if character == open { quote = nil }
      } else if character == "'" || character == "\"" {
        quote = character
      } else if character == " " {
        if !piece.isEmpty { pieces.append(piece) }
        piece = ""
        continue
      }
      piece.append(character)
    }
    if !piece.isEmpty { pieces.append(piece) }
    // A double-quoted argument wider than a line (a query) breaks at its own spaces: in the
    // shell a backslash-newline inside double quotes joins the lines, and the indent it leaves
    // is only more spaces in the SQL.
    pieces = pieces.flatMap { piece -> [String] in
      guard shell, piece.hasPrefix("\""), DisplayWidth.of(piece) > width - 4 else { return [piece] }
      return piece.split(separator: " ").map(String.init)
    }
    let suffix = shell ? " \\" : ""
    var lines: [String] = []
    var line = leading
    for piece in pieces {
      let candidate =
        line.trimmingCharacters(in: .whitespaces).isEmpty ? line + piece : line + " " + piece
      if DisplayWidth.of(candidate) + DisplayWidth.of(suffix) > width,
        !line.trimmingCharacters(in: .whitespaces).isEmpty
      {
        lines.append(line + suffix)
        line = (continuation ?? leading + "  ") + piece
      } else {
        line = candidate
      }
    }
    return lines + [line]
  }

  /// `text` wrapped at spaces into lines of at most `width` columns (a longer word stays
  /// whole).
  static func wrapped(_ text: String, width: Int) -> [String] {
    var lines: [String] = []
    var line = ""
    for word in text.split(separator: " ") {
      if line.isEmpty {
        line = String(word)
      } else if DisplayWidth.of(line) + 1 + DisplayWidth.of(String(word)) <= width {
        line += " " + word
      } else {
        lines.append(line)
        line = String(word)
      }
    }
    if !line.isEmpty { lines.append(line) }
    return lines
  }
}
