/// How a forecast value is compared with the threshold of a lock-in event
/// (`archive lock-in --op`): written `ge`, `gt`, `le`, `lt` or as the symbols `>=`, `>`, `<=`,
/// `<`.
public enum LockInOperator: String, Sendable, CaseIterable {
  case ge, gt, le, lt

  /// Reads a word or a symbol; nil for anything else.
  public init?(argument: String) {
    switch argument {
    case "ge", ">=": self = .ge
    case "gt", ">": self = .gt
    case "le", "<=": self = .le
    case "lt", "<": self = .lt
    default: return nil
    }
  }

  /// The symbol, for comments and titles.
  public var symbol: String {
    switch self {
    case .ge: ">="
    case .gt: ">"
    case .le: "<="
    case .lt: "<"
    }
  }

  /// Whether `value` is an event.
  public func test(_ value: Double, threshold: Double) -> Bool {
    switch self {
    case .ge: value >= threshold
    case .gt: value > threshold
    case .le: value <= threshold
    case .lt: value < threshold
    }
  }
}
