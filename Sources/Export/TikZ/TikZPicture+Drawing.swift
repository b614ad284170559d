import Foundation

extension TikZPicture {
  // MARK: - Shapes

  /// One SVG shape as one `\path` (a hatch fill as white lines clipped to the outline).
  mutating func shape(_ path: TikZPath, style: TikZStyle) {
    guard !path.segments.isEmpty else { return }
    let outline = path.tikz
    var options: [String] = []
    var hatch: HatchPattern?
    if style.fills {
      if let id = TikZStyle.reference(style.fill) {
        hatch = hatches[id]
      } else if let name = color(style.fill) {
        options.append("fill=" + name)
        let opacity = style.fillOpacity * style.opacity
        if opacity < 1 {
          options.append("fill opacity=" + TikZRenderer.decimal(opacity, digits: 3))
        }
      }
    }
    if let hatch, let bounds = path.bounds {
      emit("\\begin{scope}")
      depth += 1
      emit("\\clip " + outline + ";")
      hatchLines(hatch, bounds: bounds)
      depth -= 1
      emit("\\end{scope}")
    }
    if style.strokes, let name = color(style.stroke) {
      options.append("draw=" + name)
      options.append("line width=" + points(style.strokeWidth))
      let opacity = style.strokeOpacity * style.opacity
      if opacity < 1 { options.append("draw opacity=" + TikZRenderer.decimal(opacity, digits: 3)) }
      if let dash = style.dash, let pattern = dashPattern(dash) { options.append(pattern) }
      if let join = style.lineJoin, ["round", "bevel", "miter"].contains(join) {
        options.append("line join=" + join)
      }
    }
    guard !options.isEmpty else { return }
    emit("\\path[" + options.joined(separator: ", ") + "] " + outline + ";")
  }

  /// `dash pattern=on 5pt off 4pt` of an SVG dash array (an odd count repeats, as in SVG).
  private func dashPattern(_ dash: String) -> String? {
    var lengths = dash.split(whereSeparator: { $0 == " " || $0 == "," }).compactMap {
      Double($0)
    }
    guard !lengths.isEmpty, lengths.contains(where: { $0 > 0 }) else { return nil }
    if lengths.count % 2 == 1 { lengths += lengths }
    var parts: [String] = []
    for (index, length) in lengths.enumerated() {
      parts.append((index % 2 == 0 ? "on " : "off ") + points(length))
    }
    return "dash pattern=" + parts.joined(separator: " ")
  }

  /// The hatch's white lines (or dots) over `bounds`, on the 6 px grid of the SVG pattern tile
  /// (`patternUnits="userSpaceOnUse"`), so both formats hatch the same places.
  private mutating func hatchLines(
    _ hatch: HatchPattern, bounds: (minX: Double, minY: Double, maxX: Double, maxY: Double)
  ) {
    guard hatch != .none, let white = color("#ffffff") else { return }
    let tile = 6.0
    var data = ""
    let n = SVGWriter.number
    func diagonals(forward: Bool) {
      // Forward lines run along x + y = k·6, backward ones along x − y = k·6.
      let low = forward ? bounds.minX + bounds.minY : bounds.minX - bounds.maxY
      let high = forward ? bounds.maxX + bounds.maxY : bounds.maxX - bounds.minY
      var k = (low / tile).rounded(.down)
      while k * tile <= high {
        let c = k * tile
        let y0 = bounds.minY - 1
        let y1 = bounds.maxY + 1
        let x0 = forward ? c - y0 : c + y0
        let x1 = forward ? c - y1 : c + y1
        data += "M\(n(x0)),\(n(y0))L\(n(x1)),\(n(y1))"
        k += 1
      }
    }
    switch hatch {
    case .none: return
    case .forward: diagonals(forward: true)
    case .backward: diagonals(forward: false)
    case .crossed:
      diagonals(forward: true)
      diagonals(forward: false)
    case .horizontal:
      var y = ((bounds.minY - 3) / tile).rounded(.down) * tile + 3
      while y <= bounds.maxY {
        data += "M\(n(bounds.minX - 1)),\(n(y))H\(n(bounds.maxX + 1))"
        y += tile
      }
    case .vertical:
      var x = ((bounds.minX - 3) / tile).rounded(.down) * tile + 3
      while x <= bounds.maxX {
        data += "M\(n(x)),\(n(bounds.minY - 1))V\(n(bounds.maxY + 1))"
        x += tile
      }
    case .dots:
      var y = ((bounds.minY - 3) / tile).rounded(.down) * tile + 3
      while y <= bounds.maxY + 1.3 {
        var x = ((bounds.minX - 3) / tile).rounded(.down) * tile + 3
        while x <= bounds.maxX + 1.3 {
          data += "M\(n(x - 1.3)),\(n(y))A1.3,1.3 0 1,0 \(n(x + 1.3)),\(n(y))"
          data += "A1.3,1.3 0 1,0 \(n(x - 1.3)),\(n(y))Z"
          x += tile
        }
        y += tile
      }
      guard !data.isEmpty else { return }
      emit("\\fill[" + white + "] " + TikZPath(svg: data).tikz + ";")
      return
    }
    guard !data.isEmpty else { return }
    emit(
      "\\draw[" + white + ", line width=" + points(1.4) + "] " + TikZPath(svg: data).tikz + ";")
  }

  // MARK: - Text

  /// A `<text>` element as a node at its baseline, anchored as `text-anchor` says, rotated as
  /// its `rotate(…)` transform says; no font commands (the document's font and size).
  mutating func text(_ element: DrawingElement, style: TikZStyle) {
    guard let content = element.content, style.fills || style.fill == "none" else { return }
    var x = element["x"].flatMap(Double.init) ?? 0
    var y = element["y"].flatMap(Double.init) ?? 0
    var options: [String] = []
    switch style.textAnchor {
    case "middle": options.append("anchor=base")
    case "end": options.append("anchor=base east")
    default: options.append("anchor=base west")
    }
    options.append("inner sep=0pt")
    if let name = color(style.fill) { options.append("text=" + name) }
    if let transform = element["transform"], let rotation = Self.rotation(transform) {
      // Turn the anchor point about the centre, then the text about its anchor.
      let radians = rotation.angle * .pi / 180
      let (dx, dy) = (x - rotation.x, y - rotation.y)
      x = rotation.x + dx * cos(radians) - dy * sin(radians)
      y = rotation.y + dx * sin(radians) + dy * cos(radians)
      // SVG turns clockwise on screen for positive angles (y grows down); TikZ counter-clockwise.
      options.append("rotate=" + TikZRenderer.decimal(-rotation.angle, digits: 3))
    }
    emit(
      "\\node[" + options.joined(separator: ", ") + "] at " + TikZPath.point(x, y) + " {"
        + LaTeXText.escape(content) + "};")
  }

  /// The angle and centre of `rotate(a)` or `rotate(a cx cy)`; nil for other transforms.
  static func rotation(_ transform: String) -> (angle: Double, x: Double, y: Double)? {
    let trimmed = transform.trimmingCharacters(in: .whitespaces)
    guard trimmed.hasPrefix("rotate("), trimmed.hasSuffix(")") else { return nil }
    let numbers = trimmed.dropFirst(7).dropLast()
      .split(whereSeparator: { $0 == " " || $0 == "," }).compactMap { Double($0) }
    switch numbers.count {
    case 1: return (numbers[0], 0, 0)
    case 3: return (numbers[0], numbers[1], numbers[2])
    default: return nil
    }
  }
}
