internal import SQLiteKit
import SkycastModel

/// What an upsert did to one row.
public enum UpsertOutcome: Sendable, Equatable {
  /// The key was new: the row was inserted.
  case inserted
  /// The row existed and at least one value changed (a NULL filled in, or a new value).
  case updated
  /// The row existed and every non-NULL value was already stored: nothing was written.
  case unchanged
}
