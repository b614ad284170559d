import SkycastModel

/// Builds the text of an SVG 1.1 document element by element, one element per line, indented by
/// nesting depth so golden files diff line by line.
///
/// Every attribute value and every text node goes through ``escape(_:)``; attributes are written
/// in the order given (an array, never a dictionary), and coordinates through ``number(_:)``, so
/// the same calls always give the same bytes.
///
/// ```swift
/// var svg = SVGWriter()
/// svg.leaf("text", [("x", "10"), ("y", "20")], content: "Tom & Jerry")
/// svg.text  // "<text x=\"10\" y=\"20\">Tom &amp; Jerry</text>\n"
/// ```
package struct SVGWriter {
  /// An element attribute: name and unescaped value.
  package typealias Attribute = (String, String)

  /// The markup written so far.
  private(set) var text = ""
  private var openElements: [String] = []

  package init() {
    text.reserveCapacity(32_768)
  }

  // MARK: - Elements

  /// Writes the XML declaration (`<?xml version="1.0" encoding="UTF-8"?>`).
  package mutating func declaration() {
    text += "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
  }

  /// Opens `<name …>`; close it with ``close()``.
  package mutating func open(_ name: String, _ attributes: [Attribute] = []) {
    startTag(name, attributes)
    text += ">\n"
    openElements.append(name)
  }

  /// Closes the innermost open element.
  package mutating func close() {
    guard let name = openElements.popLast() else { return }
    indent()
    text += "</" + name + ">\n"
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
    startTag(name, attributes)
    switch (content, title) {
    case (nil, nil):
      text += "/>\n"
    case (let content?, _):
      text += ">" + Self.escape(content) + "</" + name + ">\n"
    case (nil, let title?):
      text += "><title>" + Self.escape(title) + "</title></" + name + ">\n"
    }
  }

  /// Writes an XML comment; `--` inside it is broken up, as XML forbids it there.
  package mutating func comment(_ note: String) {
    indent()
    var safe = Self.escape(note)
    while safe.contains("--") { safe = safe.replacingOccurrences(of: "--", with: "- -") }
    text += "<!-- " + safe + " -->\n"
  }

  private mutating func startTag(_ name: String, _ attributes: [Attribute]) {
    indent()
    text += "<" + name
    for (key, value) in attributes {
      text += " " + key + "=\"" + Self.escape(value) + "\""
    }
  }

  private mutating func indent() {
    for _ in 0..<openElements.count { text += "  " }
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
