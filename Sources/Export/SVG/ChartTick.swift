import SkycastModel

/// A tick on an axis: its value and the text printed under (or beside) it.
public struct ChartTick: Sendable, Equatable {
  public var value: Double
  public var label: String

  public init(value: Double, label: String) {
    self.value = value
    self.label = label
  }
}
