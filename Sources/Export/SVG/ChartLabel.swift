/// A short text placed at a data point of a diagram: the lead day next to its marker.
public struct ChartLabel: Sendable, Equatable {
  /// The point, in data coordinates.
  public var x: Double
  public var y: Double
  public var text: String
  /// Colour of the text, `#RRGGBB` (a series' colour).
  public var color: String

  public init(x: Double, y: Double, text: String, color: String = "#333333") {
    self.x = x
    self.y = y
    self.text = text
    self.color = color
  }
}
