internal import SQLiteKit
import SkycastModel

/// How many rows an upsert run inserted, updated and left alone.
public struct UpsertCounts: Sendable, Equatable {
  public var inserted = 0
  public var updated = 0
  public var unchanged = 0

  public init(inserted: Int = 0, updated: Int = 0, unchanged: Int = 0) {
    self.inserted = inserted
    self.updated = updated
    self.unchanged = unchanged
  }

  /// Rows written (inserted or updated).
  public var changed: Int { inserted + updated }
  /// Rows seen.
  public var total: Int { inserted + updated + unchanged }

  public mutating func record(_ outcome: UpsertOutcome) {
    switch outcome {
    case .inserted: inserted += 1
    case .updated: updated += 1
    case .unchanged: unchanged += 1
    }
  }

  public static func + (lhs: UpsertCounts, rhs: UpsertCounts) -> UpsertCounts {
    UpsertCounts(
      inserted: lhs.inserted + rhs.inserted, updated: lhs.updated + rhs.updated,
      unchanged: lhs.unchanged + rhs.unchanged)
  }

  public static func += (lhs: inout UpsertCounts, rhs: UpsertCounts) { lhs = lhs + rhs }
}
