import SkycastModel

/// Receives a table row by row. Writers stream (CSV, JSON) or buffer (aligned tables).
public protocol RowWriter: AnyObject {
  /// A human note printed before the table in `table` format and ignored by data formats
  /// (e.g. "# temperature_2m vs era5, 2026-03-01…2026-03-31").
  func comment(_ text: String) throws
  /// Starts the output with the column layout.
  func begin(columns: [Column]) throws
  /// Writes one row; `cells.count` equals the column count.
  func write(_ cells: [Cell]) throws
  /// Ends the output (closing brackets, the aligned table) and flushes.
  func finish() throws
}
