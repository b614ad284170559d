/// The body of one TikZ picture while a ``Drawing`` is rendered: the drawing lines, the colours
/// named so far, and the clip rectangles and hatch patterns of the drawing's `<defs>`.
struct TikZPicture {
  /// Points per layout pixel (line widths and dash lengths are absolute in TikZ).
  let pointsPerPixel: Double
  /// The drawing commands, in order.
  private(set) var lines: [String] = []
  /// `RRGGBB` → colour name, in order of first use.
  private(set) var colorNames: [(hex: String, name: String)] = []
  /// Clip path id → its TikZ path (pixels).
  private var clips: [String: String] = [:]
  /// Pattern id → hatch.
  var hatches: [String: HatchPattern] = [:]
  var depth = 0

  init(pointsPerPixel: Double) {
    self.pointsPerPixel = pointsPerPixel
  }

  // MARK: - Definitions

  /// Records the clip paths and hatch patterns defined in `element` and its descendants.
  mutating func collectDefinitions(_ element: DrawingElement) {
    if element.name == "clipPath", let id = element["id"] {
      clips[id] = element.children.compactMap { Self.shape($0)?.tikz }.joined(separator: " ")
      return
    }
    if element.name == "pattern", let id = element["id"], id.hasPrefix("hatch-"),
      let hatch = HatchPattern(rawValue: String(id.dropFirst(6)))
    {
      hatches[id] = hatch
      return
    }
    for child in element.children { collectDefinitions(child) }
  }

  // MARK: - Elements

  /// Renders `element` and its children under the inherited `style`.
  mutating func render(_ element: DrawingElement, style inherited: TikZStyle) {
    if element.kind == .comment {
      emit("% " + Self.commentText(element.content ?? ""))
      return
    }
    switch element.name {
    case "title", "desc", "defs", "clipPath", "pattern", "metadata", "style": return
    default: break
    }
    let style = inherited.merged(element)
    let clip = element["clip-path"].flatMap(TikZStyle.reference).flatMap { clips[$0] }
    if let clip {
      emit("\\begin{scope}")
      depth += 1
      emit("\\clip " + clip + ";")
    }
    switch element.name {
    case "text":
      text(element, style: style)
    case "svg", "g", "a":
      for child in element.children { render(child, style: style) }
    default:
      if let path = Self.shape(element) { shape(path, style: style) }
    }
    if clip != nil {
      depth -= 1
      emit("\\end{scope}")
    }
  }

  /// The outline of a `path`, `rect`, `circle`, `ellipse`, `line`, `polyline` or `polygon`.
  static func shape(_ element: DrawingElement) -> TikZPath? {
    func number(_ name: String) -> Double { element[name].flatMap(Double.init) ?? 0 }
    switch element.name {
    case "path":
      return TikZPath(svg: element["d"] ?? "")
    case "rect":
      let (x, y, w, h) = (number("x"), number("y"), number("width"), number("height"))
      guard w > 0, h > 0 else { return nil }
      let n = SVGWriter.number
      return TikZPath(svg: "M\(n(x)),\(n(y))H\(n(x + w))V\(n(y + h))H\(n(x))Z")
    case "circle", "ellipse":
      let (cx, cy) = (number("cx"), number("cy"))
      let rx = element.name == "circle" ? number("r") : number("rx")
      let ry = element.name == "circle" ? number("r") : number("ry")
      guard rx > 0, ry > 0 else { return nil }
      let n = SVGWriter.number
      return TikZPath(
        svg: "M\(n(cx - rx)),\(n(cy))A\(n(rx)),\(n(ry)) 0 1,0 \(n(cx + rx)),\(n(cy))"
          + "A\(n(rx)),\(n(ry)) 0 1,0 \(n(cx - rx)),\(n(cy))Z")
    case "line":
      let n = SVGWriter.number
      return TikZPath(
        svg: "M\(n(number("x1"))),\(n(number("y1")))L\(n(number("x2"))),\(n(number("y2")))")
    case "polyline", "polygon":
      let points = element["points"] ?? ""
      return TikZPath(svg: "M" + points + (element.name == "polygon" ? "Z" : ""))
    default:
      return nil
    }
  }

  // MARK: - Output

  mutating func emit(_ line: String) {
    lines.append(String(repeating: "  ", count: depth) + line)
  }

  /// The name of the colour `paint`, defined at the top of the picture; nil for no colour.
  mutating func color(_ paint: String) -> String? {
    guard let hex = TikZStyle.hex(paint) else { return nil }
    if let known = colorNames.first(where: { $0.hex == hex }) { return known.name }
    let name = "skycast" + Self.letters(colorNames.count)
    colorNames.append((hex, name))
    return name
  }

  /// `A`, `B`, … `Z`, `AA`, `AB`, …: colour names of letters only.
  static func letters(_ index: Int) -> String {
    let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
    var index = index
    var result = ""
    repeat {
      result = String(alphabet[index % 26]) + result
      index = index / 26 - 1
    } while index >= 0
    return result
  }

  /// A length in pixels as TikZ points (`0.83pt`).
  func points(_ pixels: Double) -> String {
    TikZRenderer.decimal(pixels * pointsPerPixel, digits: 3) + "pt"
  }

  /// `text` on one comment line: line breaks and control characters become spaces, and the
  /// rest is escaped like labels, so no `^^M` in a name ends the comment early.
  static func commentText(_ text: String) -> String {
    LaTeXText.escape(
      String(
        String.UnicodeScalarView(
          text.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? " " : $0 })))
  }
}
