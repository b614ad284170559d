// MARK: - Marker outlines

extension MarkerShape {
  /// SVG path data of the marker centred on (x, y), about 9 px across, every shape a closed
  /// filled outline (plus and cross too) so all take the same fill and white edge.
  package func path(x: Double, y: Double) -> String {
    switch self {
    case .circle:
      let r = 4.0
      return "M" + SVGWriter.point(x - r, y) + "a4,4 0 1,0 8,0a4,4 0 1,0 -8,0Z"
    case .square:
      return polygon([(-3.5, -3.5), (3.5, -3.5), (3.5, 3.5), (-3.5, 3.5)], x, y)
    case .triangleUp:
      return polygon([(0, -5), (4.5, 3.5), (-4.5, 3.5)], x, y)
    case .triangleDown:
      return polygon([(0, 5), (4.5, -3.5), (-4.5, -3.5)], x, y)
    case .diamond:
      return polygon([(0, -5), (4.5, 0), (0, 5), (-4.5, 0)], x, y)
    case .plus:
      return polygon(Self.plusOutline, x, y)
    case .cross:
      // The plus turned 45°: (u, v) → ((u − v)/√2, (u + v)/√2).
      let half = 0.707_106_781_186_547_6
      return polygon(
        Self.plusOutline.map { ((($0.0 - $0.1) * half), (($0.0 + $0.1) * half)) }, x, y)
    }
  }

  /// A plus sign with arms 5 px long and 3 px wide, as a 12-corner outline.
  private static let plusOutline: [(Double, Double)] = [
    (-1.5, -5), (1.5, -5), (1.5, -1.5), (5, -1.5), (5, 1.5), (1.5, 1.5),
    (1.5, 5), (-1.5, 5), (-1.5, 1.5), (-5, 1.5), (-5, -1.5), (-1.5, -1.5),
  ]

  private func polygon(_ corners: [(Double, Double)], _ x: Double, _ y: Double) -> String {
    var data = ""
    for (index, corner) in corners.enumerated() {
      data += (index == 0 ? "M" : "L") + SVGWriter.point(x + corner.0, y + corner.1)
    }
    return data + "Z"
  }
}

// MARK: - Hatch tiles

extension HatchPattern {
  /// The `id` of the pattern element, or nil for no hatch.
  package var patternID: String? {
    self == .none ? nil : "hatch-" + rawValue
  }

  /// Writes the `<pattern>` definition: white strokes on a 6 px tile, drawn over the bar's fill.
  package func writeDefinition(to svg: inout SVGWriter) {
    guard let id = patternID else { return }
    let lines: String
    switch self {
    case .none: return
    case .forward: lines = "M0,6L6,0M-1,1L1,-1M5,7L7,5"
    case .backward: lines = "M0,0L6,6M-1,5L1,7M5,-1L7,1"
    case .crossed: lines = "M0,6L6,0M-1,1L1,-1M5,7L7,5M0,0L6,6M-1,5L1,7M5,-1L7,1"
    case .horizontal: lines = "M0,3L6,3"
    case .vertical: lines = "M3,0L3,6"
    case .dots: lines = ""
    }
    svg.open(
      "pattern",
      [("id", id), ("patternUnits", "userSpaceOnUse"), ("width", "6"), ("height", "6")])
    if self == .dots {
      svg.leaf("circle", [("cx", "3"), ("cy", "3"), ("r", "1.3"), ("fill", "#ffffff")])
    } else {
      svg.leaf(
        "path", [("d", lines), ("stroke", "#ffffff"), ("stroke-width", "1.4"), ("fill", "none")])
    }
    svg.close()
  }
}
