import Export
import SkycastModel

/// A computed summary: its columns, the notes a table prints above it, and its rows.
public struct SummaryTable: Sendable, Equatable {
  /// The output columns: `city`, the grouping's key columns, then the figures.
  public var columns: [Column]
  /// Lines printed as `# …` above the table in `table` format (method, series, range).
  public var comments: [String]
  /// Rows sorted by city, then period.
  public var rows: [[Cell]]

  /// The variables the summary reads that had no value at all in the range (e.g. `uv_index`
  /// in ERA5 observations, which have none), so the command can say why its rows are empty.
  public var variablesWithoutData: [String]

  public init(
    columns: [Column], comments: [String], rows: [[Cell]], variablesWithoutData: [String] = []
  ) {
    self.columns = columns
    self.comments = comments
    self.rows = rows
    self.variablesWithoutData = variablesWithoutData
  }
}
