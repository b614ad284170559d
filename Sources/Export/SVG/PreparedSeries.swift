/// A series ready to draw: style resolved, points with a finite x sorted by x (ties keep their
/// input order), non-finite y turned into nil.
package struct PreparedSeries {
  package let name: String
  package let style: SeriesStyle
  package let points: [ChartPoint]
  package let hasData: Bool

  /// - Parameter sorted: false keeps the points in their given order (a diagram's line that
  ///   follows the lead days, not x).
  package init(_ series: ChartSeries, index: Int, sorted: Bool = true) {
    name = series.name
    style = series.style ?? .automatic(index)
    points = series.points.enumerated()
      .filter { $0.element.x.isFinite }
      .sorted {
        sorted
          ? ($0.element.x, $0.offset) < ($1.element.x, $1.offset) : $0.offset < $1.offset
      }
      .map {
        var point = $0.element
        if let y = point.y, !y.isFinite { point.y = nil }
        return point
      }
    hasData = points.contains { $0.y != nil }
  }

  /// Runs of consecutive present values, split at nil values and at x steps over `gap`.
  package func segments(gap: Double?) -> [[ChartPoint]] {
    var result: [[ChartPoint]] = []
    var run: [ChartPoint] = []
    for point in points {
      guard point.y != nil else {
        if !run.isEmpty { result.append(run) }
        run = []
        continue
      }
      if let gap, let last = run.last, point.x - last.x > gap {
        result.append(run)
        run = []
      }
      run.append(point)
    }
    if !run.isEmpty { result.append(run) }
    return result
  }
}
