import Analysis

/// When two issues of a valid time agree for `archive lock-in`.
public enum LockInRule: Sendable, Equatable {
  /// Both give the same yes/no for value `op` `threshold`.
  case event(threshold: Double, op: LockInOperator)
  /// The earlier one lies within ±`delta` of the final issue (a continuous variable).
  case within(delta: Double)

  /// The index of the lock-in issue of `values` (oldest issue first).
  func lockInIndex(_ values: [Double]) -> Int? {
    switch self {
    case .event(let threshold, let op):
      LockInLead.index(events: values.map { op.test($0, threshold: threshold) })
    case .within(let delta):
      LockInLead.index(values: values, within: delta)
    }
  }

  /// The rule in words, `precipitation >= 1 mm` or `within ±1 °C of the final issue`.
  func phrase(variable: String, unit: String) -> String {
    let unitText = unit.isEmpty ? "" : " " + unit
    return switch self {
    case .event(let threshold, let op):
      "\(variable) \(op.symbol) \(LockInReport.number(threshold))\(unitText)"
    case .within(let delta):
      "\(variable) within ±\(LockInReport.number(delta))\(unitText) of the final issue"
    }
  }
}
