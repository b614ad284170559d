internal import SQLiteKit
import SkycastModel

/// The ensemble values `verify --ensemble` scores, read one (city, model) series at a time in
/// key order (valid time, issue, fetch), so each series is a search of the primary key with its
/// leading columns fixed.
///
/// One statement over the whole table sorted every row with its members in a temporary B-tree
/// (the fixed `variable` between `model` and `valid_at` kept SQLite from reading the ORDER BY
/// off the key), and read every variable's rows.
package final class EnsembleValueRows {
  private let statement: Statement
  private let referenceModel: String?
  private let variable: String

  init(statement: Statement, variable: String, referenceModel: String?) {
    self.statement = statement
    self.variable = variable
    self.referenceModel = referenceModel
  }

  /// Starts reading the series of `cityID` and `model`.
  package func select(cityID: Int64, model: String) throws {
    statement.reset()
    try statement.bind(
      (referenceModel.map { [.text($0)] } ?? []) + [
        .integer(cityID), .text(model), .text(variable),
      ])
  }

  /// Advances to the next value of the series; false at its end.
  @inline(__always)
  package func next() throws -> Bool { try statement.step() }

  /// The current value's valid time (UTC epoch seconds; the column is NOT NULL).
  @inline(__always)
  package var validAt: Int64 { statement.int64NotNull(0) }

  /// The current value's lead in hours.
  @inline(__always)
  package var leadHours: Int64 { statement.int64NotNull(1) }

  /// The current value's packed members (``EnsembleBlob``), valid only inside `body`.
  @inline(__always)
  package func withMembers<T>(_ body: (UnsafeRawBufferPointer) throws -> T) rethrows -> T? {
    try statement.withBlobBytes(2, body)
  }

  /// The reference model's deterministic forecast for the current value's valid time and issue
  /// (nil without a reference model, or when it has none).
  @inline(__always)
  package var reference: Double? { referenceModel == nil ? nil : statement.double(3) }
}
