import SkycastModel

/// What the LaTeX and Markdown writers share: rows buffered as display text, numbers rounded as
/// the aligned table shows them, a column `X` followed by `X_lo` and `X_hi` merged into one
/// `X [lo, hi]` column, and the alignment of each column.
package struct DocumentTable {
  /// One output column: its header name, unit and whether its values are numbers.
  package struct Field {
    package var name: String
    package var unit: String?
    package var isNumeric: Bool
    /// Source columns: the value, and the interval's ends when merged.
    package var value: Int
    package var interval: (lo: Int, hi: Int)?
  }

  private(set) var columns: [Column] = []
  private(set) var fields: [Field] = []
  /// Rows of source cells as text ("" for missing), in source column order.
  private(set) var rows: [[String]] = []
  /// Per source column: false once a non-numeric cell was seen.
  private var allNumbers: [Bool] = []

  /// The lines of a table comment without their leading `#` and spaces (the CSV comment
  /// marker), escaped for a terminal; blank lines dropped.
  package static func commentLines(_ text: String) -> [String] {
    text.split(separator: "\n").compactMap { line in
      guard !line.isEmpty else { return nil }
      var line = String(line)
      while line.hasPrefix("#") || line.hasPrefix(" ") { line.removeFirst() }
      return TerminalSafe.escape(line)
    }
  }

  /// Lays out the fields for `columns`.
  package mutating func begin(_ columns: [Column]) {
    self.columns = columns
    allNumbers = Array(repeating: true, count: columns.count)
    fields = []
    var index = 0
    while index < columns.count {
      let column = columns[index]
      if index + 2 < columns.count, columns[index + 1].name == column.name + "_lo",
        columns[index + 2].name == column.name + "_hi"
      {
        fields.append(
          Field(
            name: column.name, unit: column.unit, isNumeric: true, value: index,
            interval: (index + 1, index + 2)))
        index += 3
      } else {
        fields.append(
          Field(name: column.name, unit: column.unit, isNumeric: column.isNumeric, value: index))
        index += 1
      }
    }
  }

  /// Buffers one row.
  package mutating func append(_ cells: [Cell]) throws {
    guard cells.count == columns.count else {
      throw RowWriterError.cellCount(expected: columns.count, actual: cells.count)
    }
    var row: [String] = []
    row.reserveCapacity(cells.count)
    for (index, cell) in cells.enumerated() {
      switch cell {
      case .null, .integer, .number: break
      case .text, .instant: allNumbers[index] = false
      }
      row.append(TableWriter.text(cell, kind: columns[index].kind))
    }
    rows.append(row)
  }

  /// True when a field is right-aligned: numeric columns, and `sql`/report columns whose values
  /// all came back as numbers.
  package func isRightAligned(_ field: Field) -> Bool {
    if field.isNumeric { return true }
    let column = columns[field.value]
    return column.kind == .dynamic && allNumbers[field.value] && !rows.isEmpty
  }

  /// A row's text per field: `value [lo, hi]` for intervals (just the value when an end is
  /// missing), each piece passed through `number` (for a minus sign) .
  /// Each field's value and, for a merged score, its interval `[lo, hi]` apart (nil when the
  /// field has none or the row's interval is empty), numbers through `number`.
  package func parts(_ row: [String], number: (String) -> String) -> [(
    value: String, interval: String?
  )] {
    fields.map { field in
      let value = row[field.value]
      guard let interval = field.interval else {
        return (isRightAligned(field) ? number(value) : value, nil)
      }
      let lo = row[interval.lo]
      let hi = row[interval.hi]
      guard !value.isEmpty, !lo.isEmpty, !hi.isEmpty else {
        return (value.isEmpty ? "" : number(value), nil)
      }
      return (number(value), "[\(number(lo)), \(number(hi))]")
    }
  }

  package func cells(_ row: [String], number: (String) -> String) -> [String] {
    fields.map { field in
      let value = row[field.value]
      guard let interval = field.interval else {
        return isRightAligned(field) ? number(value) : value
      }
      guard !value.isEmpty else { return "" }
      let lo = row[interval.lo]
      let hi = row[interval.hi]
      guard !lo.isEmpty, !hi.isEmpty else { return number(value) }
      return "\(number(value)) [\(number(lo)), \(number(hi))]"
    }
  }
}
