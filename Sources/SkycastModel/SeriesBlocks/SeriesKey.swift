/// Identifies one data column of a response: a variable, for one model, optionally from the
/// Previous Runs API's `_previous_dayN` family (0 = the current run).
public struct SeriesKey: Hashable, Sendable, CustomStringConvertible {
  public var variable: WeatherVariable
  public var model: String
  public var previousDay: Int

  public init(
    _ variable: WeatherVariable, model: String = ModelName.bestMatch, previousDay: Int = 0
  ) {
    self.variable = variable
    self.model = model
    self.previousDay = previousDay
  }

  public var description: String {
    variable.apiName + (previousDay > 0 ? "_previous_day\(previousDay)" : "") + " (\(model))"
  }
}
