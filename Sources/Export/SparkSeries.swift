/// One labelled series for `Sparkline.renderLines`.
public struct SparkSeries: Sendable, Equatable {
  /// The city (or `stdin` for `spark -`).
  public var name: String
  /// The variable, `temperature_2m`; may be empty.
  public var variable: String
  /// The unit, `°C`; may be empty.
  public var unit: String
  /// Decimals of the min/max/last labels (the variable's precision).
  public var decimals: Int
  /// The values in time order; nil for a missing value.
  public var values: [Double?]

  public init(name: String, variable: String, unit: String, decimals: Int, values: [Double?]) {
    self.name = name
    self.variable = variable
    self.unit = unit
    self.decimals = decimals
    self.values = values
  }
}
