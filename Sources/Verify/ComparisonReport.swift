import Analysis
import SkycastModel
import Store

/// The result of `verify --compare`.
public struct ComparisonReport: Sendable {
  public var request: ComparisonRequest
  /// Groups sorted by key values.
  public var rows: [ComparisonRow]
}
