/// A small histogram drawn inside a corner of a diagram's plot: the sharpness histogram of a
/// reliability diagram (forecasts per probability bin, one outline per series).
///
/// The counts of a sharpness histogram span orders of magnitude (most forecasts say 0 %), so
/// the inset's y axis is logarithmic, with ticks at powers of ten.
public struct ChartInset: Sendable, Equatable {
  /// The bin edges on the diagram's x axis (n + 1 edges for n bins).
  public var edges: [Double]
  /// One count per bin for each series, in the series' order (the colours follow them).
  public var counts: [[Int]]
  /// The inset's caption, written above it.
  public var caption: String
  /// The top-left corner, as fractions of the plot (0 = left/top, 1 = right/bottom).
  public var corner: (x: Double, y: Double)
  /// Width and height as fractions of the plot.
  public var size: Double

  public init(
    edges: [Double], counts: [[Int]], caption: String,
    corner: (x: Double, y: Double) = (0.06, 0.08),
    size: Double = 0.36
  ) {
    self.edges = edges
    self.counts = counts
    self.caption = caption
    self.corner = corner
    self.size = size
  }

  public static func == (lhs: ChartInset, rhs: ChartInset) -> Bool {
    lhs.edges == rhs.edges && lhs.counts == rhs.counts && lhs.caption == rhs.caption
      && lhs.corner == rhs.corner && lhs.size == rhs.size
  }
}
