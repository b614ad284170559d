/// One CSV record and the physical line of the file it starts on (1-based).
public struct CSVRecord: Sendable, Equatable {
  public var line: Int
  public var fields: [String]

  public init(line: Int, fields: [String]) {
    self.line = line
    self.fields = fields
  }

  /// True for a blank line, or a row of empty cells (`,,,`) as spreadsheets leave at the end.
  public var isBlank: Bool { fields.allSatisfy(\.isEmpty) }
}
