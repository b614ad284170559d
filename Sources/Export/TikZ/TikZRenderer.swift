import SkycastModel

/// Renders a ``Drawing`` as a TikZ picture a LaTeX document `\input`s, or as a `standalone`
/// document that compiles to a one-figure PDF.
///
/// The picture uses plain TikZ (no pgfplots, no libraries) and no font commands: every label
/// is a node set in the document's font and size. So that labels of about 10 pt do not collide,
/// the chart is laid out for TikZ at ``canvasWidth(centimetres:)`` pixels, where the layout's
/// 12 px tick font is as wide as 10 pt text, and the picture maps pixels to centimetres by one
/// scale (`x` and `y` units; `y` negative, as SVG's y axis grows downwards).
/// `\useasboundingbox` makes the picture exactly ``widthCentimetres`` wide. Colours are named
/// once at the top (`\definecolor{skycastA}{HTML}{0072B2}`) and used by name; text is escaped
/// by ``LaTeXText/escape(_:)``; tooltips, `<title>` and `<desc>` are not drawn.
///
/// ```swift
/// let renderer = TikZRenderer(widthCentimetres: 11.5)
/// var chart = LineChart(…)
/// chart.width = TikZRenderer.canvasWidth(centimetres: 11.5)
/// try output.write(renderer.render(chart.drawing()))
/// ```
public struct TikZRenderer: Sendable {
  /// The default width, 11.5 cm: inside the 345 pt (12.1 cm) `\linewidth` of a 10 pt
  /// `article`, even after a paragraph's 15 pt indent.
  public static let defaultWidthCentimetres = 11.5

  /// Layout pixels per centimetre: a 12 px label of the layout is as large as 10 pt text
  /// (28.4528 pt per cm × 12/10).
  public static let pixelsPerCentimetre = 72.27 / 2.54 * 1.2

  /// The picture's width.
  public var widthCentimetres: Double
  /// A whole `standalone`-class document instead of a picture to `\input`.
  public var standalone: Bool

  /// A renderer for pictures `widthCentimetres` wide.
  public init(
    widthCentimetres: Double = TikZRenderer.defaultWidthCentimetres, standalone: Bool = false
  ) {
    self.widthCentimetres = widthCentimetres
    self.standalone = standalone
  }

  /// The layout width in pixels for a picture `centimetres` wide (see ``pixelsPerCentimetre``).
  public static func canvasWidth(centimetres: Double) -> Int {
    Int((centimetres * pixelsPerCentimetre).rounded())
  }

  /// The layout height in pixels for a picture `centimetres` high.
  public static func canvasHeight(centimetres: Double) -> Int {
    Int((centimetres * pixelsPerCentimetre).rounded())
  }

  /// The first character of the drawn text that pdflatex cannot typeset (CJK, Cyrillic, …), as
  /// ``LaTeXText/firstUnicodeOnly(_:)`` finds it for the LaTeX tables; nil when there is none.
  public static func unicodeOnlyCharacter(in drawing: Drawing) -> Character? {
    LaTeXText.firstUnicodeOnly(drawing.texts.joined())
  }

  /// The TikZ text of `drawing`: a `tikzpicture`, or a whole document with ``standalone``.
  public func render(_ drawing: Drawing) -> String {
    let width = max(drawing.width, 1)
    let scale = widthCentimetres / width
    var picture = TikZPicture(pointsPerPixel: scale * 72.27 / 2.54)
    for element in drawing.elements { picture.collectDefinitions(element) }
    for element in drawing.elements { picture.render(element, style: TikZStyle()) }

    var lines: [String] = []
    if standalone {
      lines += [
        "\\documentclass{standalone}",
        "\\usepackage[T1]{fontenc}",
        "\\IfFileExists{lmodern.sty}{\\usepackage{lmodern}}{}",
        "\\usepackage[utf8]{inputenc}",
        "\\usepackage{tikz}",
        "\\begin{document}",
      ]
    }
    if let title = drawing.root?.children.first(where: { $0.name == "title" })?.content {
      lines.append("% " + TikZPicture.commentText(title))
    }
    lines.append("% Drawn by Skycast; needs \\usepackage{tikz}. Labels use the document's font.")
    let unit = Self.decimal(scale, digits: 7) + "cm"
    lines.append("\\begin{tikzpicture}[x=" + unit + ", y=-" + unit + "]")
    for (hex, name) in picture.colorNames {
      lines.append("\\definecolor{" + name + "}{HTML}{" + hex + "}")
    }
    lines.append(
      "\\useasboundingbox (0,0) rectangle " + TikZPath.point(width, drawing.height) + ";")
    lines += picture.lines
    lines.append("\\end{tikzpicture}")
    if standalone { lines.append("\\end{document}") }
    return lines.joined(separator: "\n") + "\n"
  }

  /// `value` with at most `digits` decimals, trailing zeros dropped.
  static func decimal(_ value: Double, digits: Int) -> String {
    guard value.isFinite else { return "0" }
    var text = NumberText.fixed(value, decimals: digits)
    if text.contains(".") {
      while text.last == "0" { text.removeLast() }
      if text.last == "." { text.removeLast() }
    }
    return text == "-0" ? "0" : text
  }
}
