internal import SQLiteKit
import SkycastModel

/// What `db merge` did with one source file.
public struct MergeReport: Sendable, Equatable {
  public var path: String
  public var citiesAdded = 0
  public var citiesMatched = 0
  public var fetchesAdded = 0
  /// Fetches already present (same city, source, model, request time and body hash): their
  /// rows are skipped.
  public var fetchesMatched = 0
  /// Forecast, current and observation rows inserted.
  public var rowsAdded = 0
  /// Existing rows that took values from the source (NULLs filled in, newer values).
  public var rowsUpdated = 0
  /// Rows of the source left out: already present with the same values, or belonging to a fetch
  /// already present.
  public var rowsSkipped = 0
  /// Rows of the source that break a rule every stored row keeps (`StoredRowCheck`: a value
  /// outside its plausible range, a time that is not an integer, …), left out.
  public var rowsRefused = 0
  /// What the refused rows held, one line per broken rule with its count.
  public var refusedProblems: [String] = []

  public init(path: String) { self.path = path }
}
