// MARK: - SVG text

extension Drawing {
  /// The SVG document: one element per line, indented by nesting depth, attributes in their
  /// order and escaped by ``SVGWriter/escape(_:)``, so the same drawing always gives the same
  /// bytes.
  public func svg() -> String {
    var text = ""
    text.reserveCapacity(32_768)
    if hasDeclaration { text += "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" }
    for element in elements { Self.write(element, depth: 0, to: &text) }
    return text
  }

  private static func write(_ element: DrawingElement, depth: Int, to text: inout String) {
    for _ in 0..<depth { text += "  " }
    if element.kind == .comment {
      var safe = SVGWriter.escape(element.content ?? "")
      while safe.contains("--") { safe = safe.replacingOccurrences(of: "--", with: "- -") }
      text += "<!-- " + safe + " -->\n"
      return
    }
    text += "<" + element.name
    for (key, value) in element.attributes {
      text += " " + key + "=\"" + SVGWriter.escape(value) + "\""
    }
    if element.isContainer {
      text += ">\n"
      for child in element.children { write(child, depth: depth + 1, to: &text) }
      for _ in 0..<depth { text += "  " }
      text += "</" + element.name + ">\n"
      return
    }
    switch (element.content, element.tooltip) {
    case (nil, nil):
      text += "/>\n"
    case (let content?, _):
      text += ">" + SVGWriter.escape(content) + "</" + element.name + ">\n"
    case (nil, let title?):
      text += "><title>" + SVGWriter.escape(title) + "</title></" + element.name + ">\n"
    }
  }
}
