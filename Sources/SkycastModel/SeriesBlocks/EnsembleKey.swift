/// One stored ensemble series: a variable of one model.
public struct EnsembleKey: Hashable, Sendable, CustomStringConvertible, Comparable {
  public var variable: WeatherVariable
  public var model: String

  public init(variable: WeatherVariable, model: String) {
    self.variable = variable
    self.model = model
  }

  public var description: String { "\(variable.apiName) (\(model))" }

  public static func < (lhs: Self, rhs: Self) -> Bool {
    (lhs.model, lhs.variable.apiName) < (rhs.model, rhs.variable.apiName)
  }
}
