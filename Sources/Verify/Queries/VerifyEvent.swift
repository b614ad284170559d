import Analysis
import SkycastModel

/// The yes/no event of the contingency scores: a value `op` `threshold` (`ge`: ≥, `gt`: >).
public struct VerifyEvent: Sendable, Equatable {
  public var threshold: Double
  public var op: EventOperator

  public init(threshold: Double, op: EventOperator = .ge) {
    self.threshold = threshold
    self.op = op
  }

  /// `≥` or `>`.
  public var symbol: String { op == .ge ? "≥" : ">" }

  /// The SQL comparison for "is an event" (`>=`/`>`) and "is not" (`<`/`<=`).
  package var sqlComparisons: (event: String, nonEvent: String) {
    op == .ge ? (">=", "<") : (">", "<=")
  }
}
