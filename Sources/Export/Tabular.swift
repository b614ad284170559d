import SkycastModel

// The formats tabular commands write, and the writer protocol every format implements; the
// columns and cells themselves are `SkycastModel`'s `Column` and `Cell`.

/// Output formats for tabular commands.
public enum OutputFormat: String, Sendable, CaseIterable {
  case table, csv, json, ndjson, latex, markdown

  /// True for the formats people read, which print the comment lines (as `#` lines, a caption
  /// or a paragraph).
  public var showsComments: Bool { self == .table || self == .latex || self == .markdown }

  /// The file extension of a file in this format (`txt` for aligned tables).
  public var fileExtension: String {
    switch self {
    case .table: "txt"
    case .latex: "tex"
    case .markdown: "md"
    case .csv, .json, .ndjson: rawValue
    }
  }
}

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
