import Export
import SkycastModel

/// One line of a terminal view built from styled pieces, measured by display width, so colour
/// codes never count towards the width and a line can be cut to the terminal.
package struct ViewLine: Sendable, Equatable {
  package struct Piece: Sendable, Equatable {
    package var text: String
    package var style: TerminalPalette.Style?
  }

  private(set) var pieces: [Piece] = []

  package init() {}

  package init(_ text: String, _ style: TerminalPalette.Style? = nil) {
    add(text, style)
  }

  /// Appends text in an optional style. Control and bidi characters (a city name or a server's
  /// reason from outside) are escaped here, the view's one sink, so only the palette's own
  /// colour codes reach the terminal raw.
  package mutating func add(_ text: String, _ style: TerminalPalette.Style? = nil) {
    guard !text.isEmpty else { return }
    pieces.append(Piece(text: TerminalSafe.escape(text), style: style))
  }

  /// Appends another line's pieces.
  package mutating func add(_ other: ViewLine) {
    pieces += other.pieces
  }

  /// `start` followed by `parts` joined by `separator`, moving a part to a new line (indented
  /// by `indent` spaces) when it would not fit `width` on the current one. A part too long for
  /// any line is broken between its words instead of being cut at the terminal's edge.
  package static func flow(
    _ start: ViewLine, _ parts: [ViewLine], separator: String, width: Int, indent: Int
  ) -> [ViewLine] {
    var lines: [ViewLine] = []
    var line = start
    // False while the line holds only `start` or the indent, so one overlong word cannot loop.
    var hasContent = false
    func breakLine() {
      lines.append(line)
      line = ViewLine()
      line.pad(indent)
      hasContent = false
    }
    // Set after a part broken over lines, so the next one starts a line of its own.
    var broken = false
    for (index, part) in parts.enumerated() {
      let gap = index == 0 ? "" : separator
      if broken {
        breakLine()
        broken = false
      }
      if line.width + DisplayWidth.of(gap) + part.width <= width {
        line.add(gap)
        line.add(part)
        hasContent = true
        continue
      }
      if hasContent, indent + part.width <= width {
        breakLine()
        line.add(part)
        hasContent = true
        continue
      }
      for (wordIndex, word) in part.words.enumerated() {
        let space = wordIndex == 0 ? gap : " "
        if hasContent, line.width + DisplayWidth.of(space) + word.width > width {
          breakLine()
          broken = true
        } else if hasContent {
          line.add(space)
        }
        line.add(word)
        hasContent = true
      }
    }
    lines.append(line)
    return lines
  }

  /// The line cut at its spaces into words, each keeping its pieces' styles.
  package var words: [ViewLine] {
    var result: [ViewLine] = []
    var word = ViewLine()
    for piece in pieces {
      var text = ""
      for character in piece.text {
        if character == " " {
          if !text.isEmpty { word.pieces.append(Piece(text: text, style: piece.style)) }
          text = ""
          if !word.pieces.isEmpty { result.append(word) }
          word = ViewLine()
        } else {
          text.append(character)
        }
      }
      if !text.isEmpty { word.pieces.append(Piece(text: text, style: piece.style)) }
    }
    if !word.pieces.isEmpty { result.append(word) }
    return result
  }

  /// Appends spaces.
  package mutating func pad(_ count: Int) {
    if count > 0 { add(String(repeating: " ", count: count)) }
  }

  /// Appends spaces up to `column`.
  package mutating func pad(to column: Int) {
    pad(column - width)
  }

  /// The display width of the plain text.
  package var width: Int { pieces.reduce(0) { $0 + DisplayWidth.of($1.text) } }

  /// The plain text.
  package var plain: String { pieces.map(\.text).joined() }

  /// The line for the terminal: cut to `maxWidth` columns (never inside a character), trailing
  /// spaces removed, and coloured with `palette`.
  package func render(_ palette: TerminalPalette, maxWidth: Int) -> String {
    var kept: [Piece] = []
    var used = 0
    for piece in pieces {
      let width = DisplayWidth.of(piece.text)
      if used + width <= maxWidth {
        kept.append(piece)
        used += width
        continue
      }
      var cut = ""
      for character in piece.text {
        let characterWidth = DisplayWidth.of(character)
        guard used + characterWidth <= maxWidth else { break }
        cut.append(character)
        used += characterWidth
      }
      if !cut.isEmpty { kept.append(Piece(text: cut, style: piece.style)) }
      break
    }
    while let last = kept.last {
      var text = last.text
      while text.last == " " { text.removeLast() }
      if text.isEmpty {
        kept.removeLast()
        continue
      }
      kept[kept.count - 1].text = text
      break
    }
    return kept.map { piece in
      piece.style.map { palette.apply($0, piece.text) } ?? piece.text
    }.joined()
  }
}
