import Foundation

/// SVG path data (`d`) read into absolute straight and cubic segments, written as a TikZ path
/// in the same (pixel) coordinates.
///
/// Reads the commands the chart path builders emit and the rest of SVG 1.1's: `M L H V Z C S
/// Q T A`, absolute and relative. Quadratic curves become cubic ones and elliptical arcs become
/// cubic Béziers of at most 90° each, so the TikZ text needs nothing beyond `--`,
/// `.. controls … and … ..` and `-- cycle`.
///
/// ```swift
/// TikZPath(svg: "M0,0H10V5Z").tikz  // "(0,0) -- (10,0) -- (10,5) -- cycle"
/// ```
package struct TikZPath: Equatable {
  /// One piece of a path.
  package enum Segment: Equatable {
    /// Start a subpath at (x, y).
    case move(Double, Double)
    /// A straight line to (x, y).
    case line(Double, Double)
    /// A cubic Bézier: first control point, second control point, end point.
    case curve(Double, Double, Double, Double, Double, Double)
    /// Close the subpath back to its start.
    case close
  }

  /// The pieces of the path, in absolute pixel coordinates.
  package private(set) var segments: [Segment] = []

  /// The path of SVG path data; text it cannot read ends the path there (as SVG renderers do).
  package init(svg data: String) {
    var reader = Reader(data)
    var current = (x: 0.0, y: 0.0)
    var start = (x: 0.0, y: 0.0)
    var lastControl: (x: Double, y: Double)?
    var command: Character = "M"
    var previous: Character = " "
    while true {
      reader.skipSeparators()
      guard !reader.isAtEnd else { break }
      if let letter = reader.command() {
        command = letter
      } else if command == "M" || command == "m" {
        // Numbers after a moveto are implicit linetos.
        command = command == "M" ? "L" : "l"
      } else if command == "Z" || command == "z" {
        break
      }
      let relative = command.isLowercase
      let base = relative ? current : (x: 0.0, y: 0.0)
      var next: (x: Double, y: Double)? = nil
      var control: (x: Double, y: Double)? = nil
      switch command.uppercased() {
      case "Z":
        segments.append(.close)
        current = start
      case "M":
        guard let x = reader.number(), let y = reader.number() else { return }
        current = (base.x + x, base.y + y)
        start = current
        segments.append(.move(current.x, current.y))
      case "L":
        guard let x = reader.number(), let y = reader.number() else { return }
        next = (base.x + x, base.y + y)
      case "H":
        guard let x = reader.number() else { return }
        next = (base.x + x, current.y)
      case "V":
        guard let y = reader.number() else { return }
        next = (current.x, base.y + y)
      case "C", "S":
        var first: (x: Double, y: Double)
        if command.uppercased() == "C" {
          guard let x1 = reader.number(), let y1 = reader.number() else { return }
          first = (base.x + x1, base.y + y1)
        } else {
          first = current
          if let lastControl, "CcSs".contains(previous) {
            first = (2 * current.x - lastControl.x, 2 * current.y - lastControl.y)
          }
        }
        guard let x2 = reader.number(), let y2 = reader.number(), let x = reader.number(),
          let y = reader.number()
        else { return }
        let end = (x: base.x + x, y: base.y + y)
        segments.append(.curve(first.x, first.y, base.x + x2, base.y + y2, end.x, end.y))
        control = (base.x + x2, base.y + y2)
        current = end
      case "Q", "T":
        var q: (x: Double, y: Double)
        if command.uppercased() == "Q" {
          guard let qx = reader.number(), let qy = reader.number() else { return }
          q = (base.x + qx, base.y + qy)
        } else {
          q = current
          if let lastControl, "QqTt".contains(previous) {
            q = (2 * current.x - lastControl.x, 2 * current.y - lastControl.y)
          }
        }
        guard let x = reader.number(), let y = reader.number() else { return }
        let end = (x: base.x + x, y: base.y + y)
        segments.append(
          .curve(
            current.x + 2 / 3 * (q.x - current.x), current.y + 2 / 3 * (q.y - current.y),
            end.x + 2 / 3 * (q.x - end.x), end.y + 2 / 3 * (q.y - end.y), end.x, end.y))
        control = q
        current = end
      case "A":
        guard let rx = reader.number(), let ry = reader.number(), let angle = reader.number(),
          let large = reader.flag(), let sweep = reader.flag(), let x = reader.number(),
          let y = reader.number()
        else { return }
        let end = (x: base.x + x, y: base.y + y)
        segments += Self.arc(
          from: current, to: end, rx: rx, ry: ry, rotation: angle, large: large, sweep: sweep)
        current = end
      default:
        return
      }
      if let next {
        segments.append(.line(next.x, next.y))
        current = next
      }
      lastControl = control
      previous = command
    }
  }

  /// The smallest rectangle holding every point and control point (pixels), or nil when the
  /// path has none.
  package var bounds: (minX: Double, minY: Double, maxX: Double, maxY: Double)? {
    var xs: [Double] = []
    var ys: [Double] = []
    for segment in segments {
      switch segment {
      case .move(let x, let y), .line(let x, let y):
        xs.append(x)
        ys.append(y)
      case .curve(let x1, let y1, let x2, let y2, let x, let y):
        xs += [x1, x2, x]
        ys += [y1, y2, y]
      case .close: continue
      }
    }
    guard let minX = xs.min(), let maxX = xs.max(), let minY = ys.min(), let maxY = ys.max()
    else { return nil }
    return (minX, minY, maxX, maxY)
  }

  /// The TikZ path text, coordinates in pixels (the picture's `x` and `y` units), eight
  /// pieces to a line.
  package var tikz: String {
    var parts: [String] = []
    for segment in segments {
      switch segment {
      case .move(let x, let y):
        parts.append(Self.point(x, y))
      case .line(let x, let y):
        parts.append("-- " + Self.point(x, y))
      case .curve(let x1, let y1, let x2, let y2, let x, let y):
        parts.append(
          ".. controls " + Self.point(x1, y1) + " and " + Self.point(x2, y2) + " .. "
            + Self.point(x, y))
      case .close:
        parts.append("-- cycle")
      }
    }
    // Eight pieces a line: a year of hourly points stays far below TeX's input line limit.
    var text = ""
    for (index, part) in parts.enumerated() {
      if index > 0 { text += index % 8 == 0 ? "\n    " : " " }
      text += part
    }
    return text
  }

  /// `(x,y)` with ``SVGWriter/number(_:)`` numbers.
  package static func point(_ x: Double, _ y: Double) -> String {
    "(" + SVGWriter.number(x) + "," + SVGWriter.number(y) + ")"
  }
}
