/// A named line: one model, source or city.
///
/// ```swift
/// ChartSeries(name: "icon_d2", values: [(0, 1.1), (1, 1.4), (2, nil)], n: [48, 48, 0])
/// ```
public struct ChartSeries: Sendable, Equatable {
  /// The legend text.
  public var name: String
  /// The points in any order (drawn sorted by x).
  public var points: [ChartPoint]
  /// Colour, dash and marker; nil takes the palette entry of the series' position.
  public var style: SeriesStyle?

  public init(name: String, points: [ChartPoint], style: SeriesStyle? = nil) {
    self.name = name
    self.points = points
    self.style = style
  }

  /// A series from (x, y) pairs and optional sample sizes aligned with them.
  public init(
    name: String, values: [(x: Double, y: Double?)], n: [Int?]? = nil, style: SeriesStyle? = nil
  ) {
    self.name = name
    self.points = values.enumerated().map { index, value in
      let count = n.flatMap { index < $0.count ? $0[index] : nil }
      return ChartPoint(x: value.x, y: value.y, n: count)
    }
    self.style = style
  }

  /// Whether any value is present.
  package var hasData: Bool {
    points.contains { $0.x.isFinite && ($0.y?.isFinite ?? false) }
  }
}
