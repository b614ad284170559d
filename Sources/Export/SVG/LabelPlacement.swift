/// Where the short labels of a diagram's points go so that no two overlap and none covers a
/// point: each label tries the corners around its point, nearest first, and takes the first
/// free one; a label with no free place is left out (its point keeps its tooltip).
///
/// Issue 42: the Taylor diagram's lead-day labels were drawn on top of each other where the
/// points of several lead days lie close together.
package enum LabelPlacement {
  /// A label's box in canvas pixels.
  struct Box {
    var minX: Double
    var minY: Double
    var maxX: Double
    var maxY: Double

    func intersects(_ other: Box) -> Bool {
      minX < other.maxX && other.minX < maxX && minY < other.maxY && other.minY < maxY
    }
  }

  /// The text's start and baseline for each label, nil where it is left out.
  ///
  /// - Parameters:
  ///   - labels: each label's point (canvas pixels) and text width.
  ///   - fontSize: the labels' font size.
  ///   - markers: every point drawn (canvas pixels), which labels keep clear of.
  ///   - bounds: the area labels stay inside (minX, minY, maxX, maxY).
  package static func place(
    _ labels: [(x: Double, y: Double, width: Double)], fontSize: Double,
    markers: [(x: Double, y: Double)], bounds: (Double, Double, Double, Double)
  ) -> [(x: Double, y: Double)?] {
    let ascent = fontSize * 0.8
    let descent = fontSize * 0.25
    let markerBoxes = markers.map {
      Box(minX: $0.x - 4, minY: $0.y - 4, maxX: $0.x + 4, maxY: $0.y + 4)
    }
    var placed: [Box] = []
    return labels.map { label in
      // Upper right first (where the labels have always gone), then the other corners, then
      // one step further out.
      let right = label.x + 6
      let left = label.x - 6 - label.width
      let above = label.y - 6
      let below = label.y + 6 + ascent
      let candidates: [(Double, Double)] = [
        (right, above), (right, below), (left, above), (left, below),
        (right, above - ascent - 2), (left, above - ascent - 2),
        (right, below + ascent + 2), (left, below + ascent + 2),
      ]
      for (x, y) in candidates {
        let box = Box(minX: x - 1, minY: y - ascent, maxX: x + label.width + 1, maxY: y + descent)
        guard box.minX >= bounds.0, box.minY >= bounds.1, box.maxX <= bounds.2,
          box.maxY <= bounds.3
        else { continue }
        if placed.contains(where: box.intersects) || markerBoxes.contains(where: box.intersects) {
          continue
        }
        placed.append(box)
        return (x, y)
      }
      return nil
    }
  }
}
