import SkycastModel

/// The points behind a diagram as a table: what `verify --diagram KIND` prints in CSV, JSON,
/// Markdown, LaTeX or the terminal table, so the figure can be redrawn elsewhere.
public struct DiagramTable: Sendable, Equatable {
  /// The comment line (what the points are, how they were computed).
  public var comment: String
  public var columns: [Column]
  public var rows: [[Cell]]

  public init(comment: String, columns: [Column], rows: [[Cell]]) {
    self.comment = comment
    self.columns = columns
    self.rows = rows
  }
}
