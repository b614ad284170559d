/// A vertical bar from `lower` to `upper` at `x`, with short caps: a consistency or confidence
/// range at one point of a diagram.
public struct ChartErrorBar: Sendable, Equatable {
  public var x: Double
  public var lower: Double
  public var upper: Double
  /// The bar's colour, `#RRGGBB`.
  public var color: String

  public init(x: Double, lower: Double, upper: Double, color: String = "#555555") {
    self.x = x
    self.lower = lower
    self.upper = upper
    self.color = color
  }
}
