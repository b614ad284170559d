import SkycastModel

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
