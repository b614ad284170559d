import SkycastModel

/// Prints rows as a GitHub-flavoured Markdown pipe table: the comment lines as a paragraph
/// above, a header row with units (`rmse (°C)`), an alignment row (`---:` for numbers), then
/// the rows.
///
/// Numbers are rounded as the aligned table shows them and right-aligned; a column `X` followed
/// by `X_lo` and `X_hi` prints as one column `X [lo, hi]`. Markdown punctuation in names and
/// text (`| * _ [ ] < > \` and the like) is backslash-escaped, so a city called `a|b` stays in
/// its cell and `Mean_temp` does not turn italic.
///
/// ```
/// temperature_2m (°C): forecast vs era5 observations; …
///
/// | source | n | rmse (°C) |
/// | :--- | ---: | ---: |
/// | forecast | 2548 | 0.606 [0.495, 0.703] |
/// ```
public final class MarkdownWriter: RowWriter {
  private let output: TextOutput
  private var comments: [String] = []
  private var table = DocumentTable()
  private var begun = false

  public init(output: TextOutput) {
    self.output = output
  }

  public func comment(_ text: String) throws {
    comments += DocumentTable.commentLines(text)
  }

  public func begin(columns: [Column]) throws {
    table.begin(columns)
    begun = true
  }

  public func write(_ cells: [Cell]) throws {
    guard begun else { throw RowWriterError.notBegun }
    try table.append(cells)
  }

  public func finish() throws {
    if !comments.isEmpty {
      for comment in comments { try output.line(Self.escape(comment)) }
      try output.line("")
    }
    if begun {
      let fields = table.fields
      try output.line(row(fields.map(header)))
      try output.line(row(fields.map { table.isRightAligned($0) ? "---:" : ":---" }))
      for source in table.rows {
        let cells = table.cells(source, number: Self.escape)
        try output.line(
          row(
            zip(fields, cells).map { field, cell in
              field.name == "p_value" && cell == "0.000"
                ? "< 0.001"
                : field.interval != nil || table.isRightAligned(field) ? cell : Self.escape(cell)
            }))
      }
    }
    comments = []
    try output.flush()
  }

  private func row(_ cells: [String]) -> String {
    "| " + cells.joined(separator: " | ") + " |"
  }

  private func header(_ field: DocumentTable.Field) -> String {
    var text = Self.escape(ColumnTitle.words(field.name))
    if let unit = field.unit, !unit.isEmpty { text += " (" + Self.escape(unit) + ")" }
    return text
  }

  /// Backslash-escapes the ASCII punctuation GitHub Markdown gives a meaning to.
  public static func escape(_ text: String) -> String {
    var result = ""
    result.reserveCapacity(text.utf8.count)
    for character in text {
      if "\\`*_[]<>|~#$&!".contains(character) { result.append("\\") }
      result.append(character)
    }
    return result
  }
}
