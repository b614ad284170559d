import SkycastModel

/// A finished `archive` result in the shape every table writer takes: columns, `#` comment
/// lines (method and selection), and rows.
public struct ArchiveTable: Sendable, Equatable {
  public var columns: [Column]
  public var comments: [String]
  public var rows: [[Cell]]

  public init(columns: [Column], comments: [String], rows: [[Cell]]) {
    self.columns = columns
    self.comments = comments
    self.rows = rows
  }
}
