import SkycastModel

/// The checks every station reader applies to each value and line before it keeps them: one
/// plausibility rule per variable (`WeatherVariable.isPlausible`, the rule `db check` applies to
/// what is stored) and one window of time (`PlausibleTime`), so no file can store a row that
/// makes `db check` fail or an export unreadable.
extension StationTally {
  /// How many left-out values and lines `problems` names.
  static let namedProblems = 5

  /// Removes from `values` and `suspect` every value outside its variable's plausible range,
  /// counting each in `implausible` with its line, variable and value.
  mutating func dropImplausible(
    _ values: inout [WeatherVariable: Double], suspect: inout [WeatherVariable: Double],
    line: Int
  ) {
    for (variable, value) in values where !variable.isPlausible(value) {
      values[variable] = nil
      note(implausible: variable, value, line: line)
    }
    for (variable, value) in suspect where !variable.isPlausible(value) {
      suspect[variable] = nil
      note(implausible: variable, value, line: line)
    }
  }

  /// `dropImplausible` for a line without flagged values.
  mutating func dropImplausible(_ values: inout [WeatherVariable: Double], line: Int) {
    var none: [WeatherVariable: Double] = [:]
    dropImplausible(&values, suspect: &none, line: line)
  }

  /// True when a report at `time` is kept: the time and the hours it can be stored under (the
  /// nearest hour, and the hour a running total ends in) lie inside `PlausibleTime`. Else the
  /// line is counted in `outOfTime`, named by `text` (a `9999-12-31 23:52` would round into
  /// year 10000, and a `2200-12-31 23:52` into 2201).
  mutating func acceptsTime(_ time: Int64, line: Int, text: @autoclosure () -> String) -> Bool {
    let ending = WallClock.floorDivide(time, 3600).quotient * 3600 + 3600
    if PlausibleTime.instants.contains(time), PlausibleTime.instants.contains(ending) {
      return true
    }
    noteTime(line: line, text: text())
    return false
  }

  /// True when a day's values at `date` are kept (inside `PlausibleTime.dates`); else the line
  /// is counted in `outOfTime`.
  mutating func acceptsDate(_ date: LocalDate, line: Int) -> Bool {
    if PlausibleTime.dates.contains(date) { return true }
    noteTime(line: line, text: date.description)
    return false
  }

  private mutating func note(implausible variable: WeatherVariable, _ value: Double, line: Int) {
    implausible += 1
    if problems.count < Self.namedProblems {
      let number = value.isFinite ? NumberText.shortest(value) : "\(value)"
      problems.append(
        "line \(line): \(variable.column) \(number) outside \(variable.plausibleRangeText)")
    }
  }

  private mutating func noteTime(line: Int, text: String) {
    outOfTime += 1
    if problems.count < Self.namedProblems {
      problems.append(
        "line \(line): time \(TerminalSafe.escape(text)) outside \(PlausibleTime.description)")
    }
  }
}
