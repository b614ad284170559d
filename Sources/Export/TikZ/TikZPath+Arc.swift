import Foundation

extension TikZPath {
  /// An SVG elliptical arc as cubic Béziers of at most 90° each.
  ///
  /// Related: SVG 1.1 Implementation Notes F.6.5, conversion from endpoint to centre
  /// parameterization <https://www.w3.org/TR/SVG11/implnote.html#ArcConversionEndpointToCenter>.
  static func arc(
    from start: (x: Double, y: Double), to end: (x: Double, y: Double), rx: Double, ry: Double,
    rotation: Double, large: Bool, sweep: Bool
  ) -> [Segment] {
    var rx = abs(rx)
    var ry = abs(ry)
    guard rx > 0, ry > 0, start != end else { return [.line(end.x, end.y)] }
    let phi = rotation * .pi / 180
    let (cosPhi, sinPhi) = (cos(phi), sin(phi))
    let dx = (start.x - end.x) / 2
    let dy = (start.y - end.y) / 2
    let x1 = cosPhi * dx + sinPhi * dy
    let y1 = -sinPhi * dx + cosPhi * dy
    let lambda = (x1 * x1) / (rx * rx) + (y1 * y1) / (ry * ry)
    if lambda > 1 {
      rx *= lambda.squareRoot()
      ry *= lambda.squareRoot()
    }
    let numerator = rx * rx * ry * ry - rx * rx * y1 * y1 - ry * ry * x1 * x1
    let denominator = rx * rx * y1 * y1 + ry * ry * x1 * x1
    var factor = (max(numerator, 0) / denominator).squareRoot()
    if large == sweep { factor = -factor }
    let cx1 = factor * rx * y1 / ry
    let cy1 = -factor * ry * x1 / rx
    let cx = cosPhi * cx1 - sinPhi * cy1 + (start.x + end.x) / 2
    let cy = sinPhi * cx1 + cosPhi * cy1 + (start.y + end.y) / 2
    func angle(_ ux: Double, _ uy: Double, _ vx: Double, _ vy: Double) -> Double {
      atan2(ux * vy - uy * vx, ux * vx + uy * vy)
    }
    let theta1 = angle(1, 0, (x1 - cx1) / rx, (y1 - cy1) / ry)
    var delta = angle((x1 - cx1) / rx, (y1 - cy1) / ry, (-x1 - cx1) / rx, (-y1 - cy1) / ry)
    if !sweep && delta > 0 { delta -= 2 * .pi }
    if sweep && delta < 0 { delta += 2 * .pi }
    let pieces = max(1, Int((abs(delta) / (.pi / 2) - 1e-6).rounded(.up)))
    let step = delta / Double(pieces)
    let k = 4.0 / 3.0 * tan(step / 4)
    func point(_ t: Double) -> (x: Double, y: Double) {
      let (c, s) = (cos(t), sin(t))
      return (cx + rx * c * cosPhi - ry * s * sinPhi, cy + rx * c * sinPhi + ry * s * cosPhi)
    }
    func derivative(_ t: Double) -> (x: Double, y: Double) {
      let (c, s) = (cos(t), sin(t))
      return (-rx * s * cosPhi - ry * c * sinPhi, -rx * s * sinPhi + ry * c * cosPhi)
    }
    var result: [Segment] = []
    var t = theta1
    for index in 0..<pieces {
      let from = point(t)
      let next = t + step
      let to = index == pieces - 1 ? end : point(next)
      let d1 = derivative(t)
      let d2 = derivative(next)
      result.append(
        .curve(
          from.x + k * d1.x, from.y + k * d1.y, to.x - k * d2.x, to.y - k * d2.y, to.x, to.y))
      t = next
    }
    return result
  }
}
