import SkycastModel

/// Records an SVG 1.1 document element by element as a ``Drawing`` (the drawing description
/// every figure format renders); ``Drawing/svg()`` writes it one element per line, indented by
/// nesting depth so golden files diff line by line.
///
/// Every attribute value and every text node goes through ``escape(_:)`` when written;
/// attributes keep the order given (an array, never a dictionary), and coordinates go through
/// ``number(_:)``, so the same calls always give the same bytes.
///
/// ```swift
/// var svg = SVGWriter()
/// svg.leaf("text", [("x", "10"), ("y", "20")], content: "Tom & Jerry")
/// svg.text  // "<text x=\"10\" y=\"20\">Tom &amp; Jerry</text>\n"
/// ```
package struct SVGWriter {
  /// An element attribute: name and unescaped value.
  package typealias Attribute = (String, String)

  private var hasDeclaration = false
  private var topLevel: [DrawingElement] = []
  /// The elements opened and not yet closed, outermost first.
  private var openElements: [DrawingElement] = []

  package init() {}

  /// The drawing recorded so far (elements still open are included as if closed).
  package var drawing: Drawing {
    var copy = self
    copy.closeAll()
    return Drawing(hasDeclaration: hasDeclaration, elements: copy.topLevel)
  }

  /// The SVG text recorded so far (``Drawing/svg()`` of ``drawing``).
  package var text: String { drawing.svg() }

  // MARK: - Elements

  /// Writes the XML declaration (`<?xml version="1.0" encoding="UTF-8"?>`).
  package mutating func declaration() {
    hasDeclaration = true
  }

  /// Opens `<name …>`; close it with ``close()``.
  package mutating func open(_ name: String, _ attributes: [Attribute] = []) {
    openElements.append(
      DrawingElement(name: name, attributes: attributes.map { ($0.0, $0.1) }, isContainer: true))
  }

  /// Closes the innermost open element.
  package mutating func close() {
    guard let element = openElements.popLast() else { return }
    append(element)
  }

  /// Closes every element still open (the document's end).
  package mutating func closeAll() {
    while !openElements.isEmpty { close() }
  }

  /// Writes an element without children (`<name …/>`), or with `content` as its escaped text,
  /// or with a `<title>` child (a tooltip in browsers) when `title` is given.
  package mutating func leaf(
    _ name: String, _ attributes: [Attribute], content: String? = nil, title: String? = nil
  ) {
    append(
      DrawingElement(
        name: name, attributes: attributes.map { ($0.0, $0.1) }, content: content,
        tooltip: title))
  }

  /// Writes an XML comment; `--` inside it is broken up, as XML forbids it there.
  package mutating func comment(_ note: String) {
    append(DrawingElement(kind: .comment, name: "", content: note))
  }

  private mutating func append(_ element: DrawingElement) {
    if openElements.isEmpty {
      topLevel.append(element)
    } else {
      openElements[openElements.count - 1].children.append(element)
    }
  }

  // MARK: - Text

  /// `text` safe inside XML character data and double- or single-quoted attribute values.
  ///
  /// Escapes the five predefined entities (`& < > " '`). Characters XML 1.0 does not allow
  /// (C0 controls other than tab, line feed and carriage return; U+FFFE, U+FFFF) become U+FFFD,
  /// so a city name with stray control bytes still gives a well-formed document. Everything else,
  /// CJK and emoji included, is written as UTF-8.
  ///
  /// Related: XML 1.0 §2.2 Characters, §2.4 Character Data
  /// <https://www.w3.org/TR/xml/#charsets>.
  package static func escape(_ text: String) -> String {
    var needsWork = false
    for byte in text.utf8 {
      switch byte {
      case 0x26, 0x3C, 0x3E, 0x22, 0x27, 0xEF: needsWork = true
      case 0x00...0x1F where byte != 0x09 && byte != 0x0A && byte != 0x0D: needsWork = true
      default: continue
      }
      if needsWork { break }
    }
    guard needsWork else { return text }
    var result = ""
    result.unicodeScalars.reserveCapacity(text.unicodeScalars.count + 16)
    for scalar in text.unicodeScalars {
      switch scalar.value {
      case 0x26: result += "&amp;"
      case 0x3C: result += "&lt;"
      case 0x3E: result += "&gt;"
      case 0x22: result += "&quot;"
      case 0x27: result += "&apos;"
      case 0x09, 0x0A, 0x0D: result.unicodeScalars.append(scalar)
      case 0x00...0x1F, 0xFFFE, 0xFFFF: result += "\u{FFFD}"
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  /// A coordinate or length: at most two decimals, rounded half away from zero by
  /// ``NumberText/fixed(_:decimals:)``, trailing zeros dropped (`12`, `12.5`, `-3.25`).
  ///
  /// Two decimals are 1/100 px, finer than any renderer draws, and keep files small. A value
  /// that is not finite prints `0` so the document stays valid.
  package static func number(_ value: Double) -> String {
    guard value.isFinite else { return "0" }
    var text = NumberText.fixed(value, decimals: 2)
    while text.last == "0" { text.removeLast() }
    if text.last == "." { text.removeLast() }
    return text == "-0" ? "0" : text
  }

  /// `x,y` for path data.
  package static func point(_ x: Double, _ y: Double) -> String {
    number(x) + "," + number(y)
  }
}
