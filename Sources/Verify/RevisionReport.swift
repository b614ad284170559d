import Analysis
import Store

/// The result of `verify --revisions`.
public struct RevisionReport: Sendable {
  /// The request as run; `--by lead-day` when none was given.
  public var request: VerifyRequest
  /// Groups sorted by key values.
  public var rows: [RevisionRow]

  public init(request: VerifyRequest, rows: [RevisionRow]) {
    self.request = request
    self.rows = rows
  }

}
