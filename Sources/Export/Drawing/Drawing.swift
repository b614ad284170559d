/// A figure as one drawing description: the tree of SVG elements a chart draws, rendered to
/// SVG text by ``svg()`` and to a TikZ picture by ``TikZRenderer``.
///
/// Every chart (``LineChart``, ``BarChart``, ``DiagramChart``, ``BandChart``,
/// ``ScorecardChart``) builds its figure once, through ``SVGWriter``; the two renderings read
/// the same elements, so they show the same texts, ticks, points and legend.
///
/// ```swift
/// let drawing = chart.drawing()
/// try output.write(drawing.svg())
/// try output.write(TikZRenderer(widthCentimetres: 12).render(drawing).text)
/// ```
public struct Drawing: Sendable, Equatable {
  /// Whether the SVG text starts with the XML declaration.
  public var hasDeclaration: Bool
  /// The top-level nodes (one `<svg>` element for a chart).
  public var elements: [DrawingElement]

  /// A drawing of these top-level nodes.
  public init(hasDeclaration: Bool = false, elements: [DrawingElement]) {
    self.hasDeclaration = hasDeclaration
    self.elements = elements
  }

  /// The `<svg>` root, when there is one.
  public var root: DrawingElement? {
    elements.first { $0.kind == .element && $0.name == "svg" }
  }

  /// The canvas width in pixels (the root's `width`), or 0.
  public var width: Double { root?["width"].flatMap(Double.init) ?? 0 }

  /// The canvas height in pixels (the root's `height`), or 0.
  public var height: Double { root?["height"].flatMap(Double.init) ?? 0 }

  /// The drawn texts in document order: every `<text>` element's content (labels, ticks,
  /// legend entries, titles, notes, the attribution); not tooltips, `<title>` or `<desc>`.
  public var texts: [String] {
    var result: [String] = []
    func visit(_ element: DrawingElement) {
      guard element.kind == .element, element.name != "defs" else { return }
      if element.name == "text", let content = element.content { result.append(content) }
      for child in element.children { visit(child) }
    }
    for element in elements { visit(element) }
    return result
  }
}
