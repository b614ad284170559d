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
