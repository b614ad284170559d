import Foundation
import SkycastModel
import Store

/// The outcome of an import that stored (or, with `--dry-run`, would store) its valid rows.
public struct ImportResult: Sendable {
  /// The encoding the file was read in, and whether that was a GB18030 guess.
  public var encoding: ImportEncoding
  public var fellBackToGB18030: Bool
  /// The target table.
  public var table: String
  /// Valid rows, after dropping identical duplicates and rows without values.
  public var rows: Int
  public var cities: [ImportCityResult]
  /// Problems of the rows `--skip-invalid` left out.
  public var skipped: [ImportProblem]
  /// How many rows `--skip-invalid` left out.
  public var skippedRows: Int
  /// Identical duplicate rows that were dropped.
  public var warnings: [ImportProblem]
  /// Valid rows without any value (nothing to store).
  public var emptyRows: Int

  /// Totals over all cities.
  public var counts: UpsertCounts { cities.reduce(UpsertCounts()) { $0 + $1.counts } }
}
