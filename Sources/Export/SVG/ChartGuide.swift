/// A thin grey reference line of a diagram, not listed in the legend: an isoline of bias or
/// CSI, a correlation ray or an RMS-difference arc, the diagonal of a perfect forecast.
///
/// ```swift
/// ChartGuide(points: [(0, 0), (1, 1)], label: "perfect", labelAt: (0.9, 0.95))
/// ```
public struct ChartGuide: Sendable {
  /// How the line is drawn.
  public enum Stroke: Sendable, Equatable {
    /// Solid mid-grey: the main reference (diagonal, standard-deviation arcs).
    case solid
    /// Dashed grey: a family of isolines (bias, correlation).
    case dashed
    /// Dotted grey: a second family (CSI, centred RMS difference).
    case dotted
  }

  /// The polyline in data coordinates.
  public var points: [(x: Double, y: Double)]
  /// The stroke.
  public var stroke: Stroke
  /// Text written at ``labelAt`` in the line's grey; nil for none.
  public var label: String?
  /// Where the label goes (data coordinates); the label is centred there.
  public var labelAt: (x: Double, y: Double)?

  public init(
    points: [(x: Double, y: Double)], stroke: Stroke = .dashed, label: String? = nil,
    labelAt: (x: Double, y: Double)? = nil
  ) {
    self.points = points
    self.stroke = stroke
    self.label = label
    self.labelAt = labelAt
  }

  package var color: String {
    switch stroke {
    case .solid: "#777777"
    case .dashed: "#9a9a9a"
    case .dotted: "#7f7f7f"
    }
  }

  package var dash: String? {
    switch stroke {
    case .solid: nil
    case .dashed: "5 4"
    case .dotted: "1.5 3"
    }
  }
}
