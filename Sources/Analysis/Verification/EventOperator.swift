/// How a value is compared with an event threshold in `verify --threshold X --op ge|gt`.
public enum EventOperator: String, Sendable, CaseIterable {
  /// The event is value ≥ threshold (the default).
  case ge
  /// The event is value > threshold.
  case gt

  /// Whether `value` is an event for `threshold`; NaN is never an event.
  public func test(_ value: Double, threshold: Double) -> Bool {
    switch self {
    case .ge: value >= threshold
    case .gt: value > threshold
    }
  }
}
