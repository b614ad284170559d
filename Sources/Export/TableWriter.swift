import SkycastModel

/// Prints rows as an aligned text table for a terminal.
///
/// The table is buffered (widths depend on every row) and printed by `finish()`: comment lines
/// first (`# text`), then the header, a line of dashes, and the rows. Columns are separated by two
/// spaces and sized by display width (CJK characters take two columns); numeric columns
/// (`Column.isNumeric`, and `.dynamic` ones whose every value is a number) are right-aligned,
/// others left-aligned. A missing value is blank,
/// measures show their fixed decimals, scores 3 decimals, instants `YYYY-MM-DD HH:MM` local time,
/// dynamic reals shortest round-trip text. Control and bidi characters inside text (a newline
/// or an ESC in a name, U+202E) print escaped (`\n`, `\e`, `\u{202E}`, see `TerminalSafe`), in
/// cells, headers and comments alike, so rows stay on one line and nothing reaches the terminal
/// raw. Lines carry no trailing spaces. A table without
/// rows prints its header and `(no rows)`.
///
/// ```
/// # temperature_2m, 2026-03-20
/// city    time              temperature_2m
/// ------  ----------------  --------------
/// 北京    2026-03-20 06:00            -6.2
/// Zürich  2026-03-20 06:00             3.5
/// ```
public final class TableWriter: RowWriter {
  private let output: TextOutput
  private var comments: [String] = []
  private var columns: [Column] = []
  private var rows: [[String]] = []
  private var widths: [Int] = []
  /// Per column: no text cell seen yet (a `.dynamic` column of numbers is right-aligned).
  private var onlyNumbers: [Bool] = []
  private var begun = false
  private var separator = "  "
  /// The terminal width the table must fit: comments wrap at spaces, and a table that is too
  /// wide breaks its headers after `_`, then narrows the gaps to one space, then shortens text
  /// cells with `…` (see ``TableFit``), then leaves out columns from the right with a comment
  /// naming them (numbers are never shortened). Nil prints it as it is.
  public var fitWidth: Int?
  /// The width at which comments wrap at spaces when the table itself is printed as it is
  /// (a terminal that would otherwise break a long comment mid-word); `fitWidth` implies it.
  public var commentWidth: Int?
  /// Whether a table still too wide for `fitWidth` leaves out columns from the right (on a
  /// terminal only: files and pipes keep every column).
  public var dropsColumns = false

  public init(output: TextOutput, fitWidth: Int? = nil) {
    self.output = output
    self.fitWidth = fitWidth
  }

  /// Adds a `# text` line above the table (a `#` already there is kept as it is).
  public func comment(_ text: String) throws {
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      let safe = TerminalSafe.escape(String(line))
      comments.append(safe.hasPrefix("#") ? safe : "# " + safe)
    }
  }

  public func begin(columns: [Column]) throws {
    self.columns = columns
    widths = columns.map { DisplayWidth.of(TerminalSafe.escape($0.name)) }
    onlyNumbers = columns.map { _ in true }
    begun = true
  }

  public func write(_ cells: [Cell]) throws {
    guard begun else { throw RowWriterError.notBegun }
    guard cells.count == columns.count else {
      throw RowWriterError.cellCount(expected: columns.count, actual: cells.count)
    }
    var row: [String] = []
    row.reserveCapacity(cells.count)
    for (index, cell) in cells.enumerated() {
      if case .text = cell { onlyNumbers[index] = false }
      let text = Self.text(cell, kind: columns[index].kind)
      widths[index] = max(widths[index], DisplayWidth.of(text))
      row.append(text)
    }
    rows.append(row)
  }

  public func finish() throws {
    var headers = columns.map { [TerminalSafe.escape($0.name)] }
    var notShown: [String] = []
    if begun, let fitWidth {
      notShown = fit(width: fitWidth, headers: &headers)
    }
    if !notShown.isEmpty {
      comments.append(
        "# \(notShown.count) more column\(notShown.count == 1 ? "" : "s") at a wider terminal: "
          + notShown.joined(separator: ", ") + " (--columns chooses; files and pipes get all)")
    }
    for comment in comments {
      guard let width = fitWidth ?? commentWidth else {
        try output.line(comment)
        continue
      }
      for part in WordWrap.lines(comment, width: width, indent: "#   ") {
        try output.line(part)
      }
    }
    if begun {
      let headerLines = headers.map(\.count).max() ?? 1
      for index in 0..<headerLines {
        // A wrapped header's lines sit at the bottom, next to the dashes.
        try output.line(
          line(
            headers.map { lines in
              let offset = index - (headerLines - lines.count)
              return offset >= 0 ? lines[offset] : ""
            }))
      }
      try output.line(line(widths.map { String(repeating: "-", count: $0) }))
      if rows.isEmpty { try output.line("(no rows)") }
      for row in rows { try output.line(line(row)) }
    }
    comments = []
    rows = []
    try output.flush()
  }

  /// Fits the table into `width` (``TableFit``); when numbers keep it wider, leaves out columns
  /// from the right, never the first, until it fits, and returns their names.
  private func fit(width: Int, headers: inout [[String]]) -> [String] {
    // The cells' widths are known already (`widths` holds the widest of header and cells);
    // measured once, not once per column left out.
    var valueWidths = columns.indices.map { index in
      rows.map { DisplayWidth.of($0[index]) }.max() ?? 0
    }
    var kept = columns.count
    while true {
      let layout = TableFit.layout(
        headers: headers.prefix(kept).map { $0[0] }, valueWidths: Array(valueWidths.prefix(kept)),
        numeric: (0..<kept).map(isRight), width: width)
      let total =
        layout.widths.reduce(0, +) + layout.separator.count * max(layout.widths.count - 1, 0)
      if total > width, dropsColumns, kept > 1 {
        kept -= 1
        continue
      }
      let notShown = columns[kept...].map { TerminalSafe.escape($0.name) }
      if kept < columns.count {
        columns.removeLast(columns.count - kept)
        onlyNumbers.removeLast(onlyNumbers.count - kept)
        valueWidths.removeLast(valueWidths.count - kept)
        rows = rows.map { Array($0.prefix(kept)) }
      }
      headers = layout.headers
      separator = layout.separator
      if layout.widths != Array(widths.prefix(kept)) {
        rows = rows.map { row in
          row.indices.map { TableFit.truncated(row[$0], to: layout.widths[$0]) }
        }
      }
      widths = layout.widths
      return notShown
    }
  }

  /// Whether column `index` is right-aligned (numbers).
  private func isRight(_ index: Int) -> Bool {
    let column = columns[index]
    return column.isNumeric || (column.kind == .dynamic && onlyNumbers[index])
  }

  // MARK: - Layout

  private func line(_ fields: [String]) -> String {
    var text = ""
    for (index, field) in fields.enumerated() {
      if index > 0 { text += separator }
      text += DisplayWidth.padded(field, to: widths[index], alignRight: isRight(index))
    }
    while text.utf8.last == 0x20 { text.removeLast() }
    return text
  }

  /// A cell's text in a table.
  package static func text(_ cell: Cell, kind: Column.Kind) -> String {
    var bytes: [UInt8] = []
    switch cell {
    case .null:
      return ""
    case .text(let text):
      return TerminalSafe.escape(text)
    case .number(let value):
      _ = CellFormat.appendNumber(value, kind: kind, style: .table, to: &bytes)
    case .integer(let value):
      if kind == .instant {
        InstantText.appendSpreadsheetTime(epoch: value, offset: 0, to: &bytes)
      } else {
        CellFormat.appendInteger(value, kind: kind, style: .table, to: &bytes)
      }
    case .instant(let epoch, let offset):
      InstantText.appendSpreadsheetTime(epoch: epoch, offset: offset, to: &bytes)
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}
