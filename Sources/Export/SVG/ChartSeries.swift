/// One value of a line-chart series: x, y (nil when missing) and the sample size behind it.
public struct ChartPoint: Sendable, Equatable {
  /// Position on the x axis: a number, epoch seconds on a time axis, or a category index.
  public var x: Double
  /// The value; nil (or not finite) is missing and breaks the line.
  public var y: Double?
  /// How many pairs the value pools (`n` of a score); shown in tooltips and the count strip.
  public var n: Int?

  public init(x: Double, y: Double?, n: Int? = nil) {
    self.x = x
    self.y = y
    self.n = n
  }

  /// A point at an instant (epoch seconds) on a time axis.
  public init(epoch: Int64, y: Double?, n: Int? = nil) {
    self.init(x: Double(epoch), y: y, n: n)
  }
}

/// A named line: one model, source or city.
///
/// ```swift
/// ChartSeries(name: "best_match", values: [(0, 1.1), (1, 1.4), (2, nil)], n: [48, 48, 0])
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

/// A named group of bars, one value per category of a ``BarChart``.
public struct BarSeries: Sendable, Equatable {
  /// The legend text.
  public var name: String
  /// One value per category, in category order; nil is missing (no bar). Values beyond the
  /// categories are ignored, and missing ones at the end count as nil.
  public var values: [Double?]
  /// Colour and hatch; nil takes the palette entry of the series' position.
  public var style: SeriesStyle?
  /// Why a value is missing, per category (`incomplete month (6 days missing)`): written
  /// upright in the empty slot, so an absent bar is not read as zero or as no data at all.
  public var notes: [String?]

  public init(
    name: String, values: [Double?], style: SeriesStyle? = nil, notes: [String?] = []
  ) {
    self.name = name
    self.values = values
    self.style = style
    self.notes = notes
  }

  /// Whether any value is present.
  package var hasData: Bool { values.contains { $0?.isFinite ?? false } }
}
