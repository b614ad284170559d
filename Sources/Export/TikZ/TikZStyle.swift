/// The SVG presentation attributes an element inherits from its groups, as TikZ needs them.
///
/// SVG's initial values: fill black, no stroke, stroke width 1, full opacity, text anchored at
/// its start.
struct TikZStyle {
  var fill = "#000000"
  var stroke = "none"
  var strokeWidth = 1.0
  var fillOpacity = 1.0
  var strokeOpacity = 1.0
  var opacity = 1.0
  var dash: String?
  var lineJoin: String?
  var textAnchor = "start"

  /// This style with the presentation attributes `element` sets.
  func merged(_ element: DrawingElement) -> TikZStyle {
    var style = self
    for (name, value) in element.attributes {
      switch name {
      case "fill": style.fill = value
      case "stroke": style.stroke = value
      case "stroke-width": style.strokeWidth = Double(value) ?? style.strokeWidth
      case "fill-opacity": style.fillOpacity = Double(value) ?? style.fillOpacity
      case "stroke-opacity": style.strokeOpacity = Double(value) ?? style.strokeOpacity
      // Group opacity is applied to each element alike (no transparency group).
      case "opacity": style.opacity *= Double(value) ?? 1
      case "stroke-dasharray": style.dash = value == "none" ? nil : value
      case "stroke-linejoin": style.lineJoin = value
      case "text-anchor": style.textAnchor = value
      default: continue
      }
    }
    return style
  }

  /// Whether the fill paints anything.
  var fills: Bool { fill != "none" && fillOpacity * opacity > 0 }

  /// Whether the stroke paints anything.
  var strokes: Bool { stroke != "none" && strokeOpacity * opacity > 0 && strokeWidth > 0 }

  /// The pattern id of a `url(#id)` paint, or nil for a colour.
  static func reference(_ paint: String) -> String? {
    guard paint.hasPrefix("url(#"), paint.hasSuffix(")") else { return nil }
    return String(paint.dropFirst(5).dropLast())
  }

  /// `RRGGBB` of `#rrggbb` or `#rgb` (and of `white` and `black`), or nil.
  static func hex(_ paint: String) -> String? {
    switch paint.lowercased() {
    case "white": return "FFFFFF"
    case "black": return "000000"
    default: break
    }
    guard paint.hasPrefix("#") else { return nil }
    let digits = paint.dropFirst().uppercased()
    guard digits.allSatisfy(\.isHexDigit) else { return nil }
    if digits.count == 6 { return digits }
    if digits.count == 3 { return digits.map { "\($0)\($0)" }.joined() }
    return nil
  }
}
