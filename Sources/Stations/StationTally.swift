import SkycastModel

/// What a station reader left out or changed, counted per value (a flagged or
/// doubtful measurement is never silently stored; it is counted and reported).
public struct StationTally: Sendable, Equatable {
  /// Data lines read (header and comment lines not counted).
  public var lines = 0
  /// Values the provider flagged suspect or erroneous: not stored.
  public var flagged = 0
  /// Values the provider filled from a model (Meteostat): not measurements, not stored.
  public var modelFilled = 0
  /// Trace precipitation: stored as 0.
  public var trace = 0
  /// Values given as the provider's missing sentinel (or empty).
  public var missing = 0
  /// Reports dropped because another report of the same hour was kept (`StationHour` rule).
  public var reducedReports = 0
  /// Values of columns Skycast has no variable for (ECA&D's daily mean, …): not stored.
  public var unmapped = 0
  /// Values outside their variable's plausible range (`WeatherVariable.plausibleRange`, the
  /// rule `db check` applies): a broken sensor, a unit mix-up or a hostile file, not stored.
  public var implausible = 0
  /// Lines whose time lies outside `PlausibleTime` (or whose hour would): not stored.
  public var outOfTime = 0
  /// The first few left-out values and lines, each with its line and reason
  /// (`line 3: temperature_2m 5000.0 outside -80…60 °C`), for the report.
  public var problems: [String] = []

  public init() {}

  /// Lines and values that failed Skycast's own checks (implausible values, impossible
  /// times): what `import observations --format … --strict` refuses a file for. The
  /// provider's own flags, trace amounts and missing values are not failures.
  public var failedChecks: Int { implausible + outOfTime }

  /// Why `--strict` refuses the file, or nil when every line passed the checks.
  public var strictRefusal: String? {
    let failed = failedChecks
    guard failed > 0 else { return nil }
    let named = problems.isEmpty ? "" : ": " + problems.joined(separator: "; ")
    let more = failed - problems.count
    return "--strict: \(failed) value\(failed == 1 ? "" : "s") or line\(failed == 1 ? "" : "s") "
      + "failed the checks\(named)\(more > 0 && !problems.isEmpty ? "; and \(more) more" : "")"
  }

  /// The tally as a phrase for the report, listing only non-zero counts
  /// (`3 flagged values left out, 2 trace precipitation stored as 0`).
  public var summary: String {
    var parts: [String] = []
    if flagged > 0 { parts.append("\(flagged) flagged value\(flagged == 1 ? "" : "s") left out") }
    if modelFilled > 0 {
      parts.append("\(modelFilled) model-filled value\(modelFilled == 1 ? "" : "s") left out")
    }
    if trace > 0 { parts.append("\(trace) trace precipitation stored as 0") }
    if reducedReports > 0 {
      parts.append(
        "\(reducedReports) extra report\(reducedReports == 1 ? "" : "s") in an hour dropped")
    }
    if missing > 0 { parts.append("\(missing) missing") }
    if unmapped > 0 {
      parts.append("\(unmapped) value\(unmapped == 1 ? "" : "s") of columns not stored")
    }
    if implausible > 0 {
      parts.append("\(implausible) implausible value\(implausible == 1 ? "" : "s") left out")
    }
    if outOfTime > 0 {
      parts.append(
        "\(outOfTime) line\(outOfTime == 1 ? "" : "s") dated outside \(PlausibleTime.description) left out"
      )
    }
    if !problems.isEmpty {
      let more = implausible + outOfTime - problems.count
      parts.append(
        "(" + problems.joined(separator: "; ") + (more > 0 ? "; and \(more) more" : "") + ")")
    }
    return parts.joined(separator: ", ")
  }
}
