import SkycastModel

/// Streams rows as RFC 4180 CSV: comma separated, CRLF line ends, a header row, fields quoted
/// only when they hold a comma, a double quote, CR or LF (with `"` doubled), and an empty field
/// for a missing value.
///
/// Cells print by column kind (see `CellFormat`): measures with their fixed decimals, scores and
/// dynamic reals as shortest round-trip text, instants as ISO 8601 local time with the offset
/// (`2026-03-20T06:00+01:00`). Plain CSV is for scripts and never alters text.
///
/// With `excel: true` the output is for spreadsheets:
/// - a UTF-8 byte order mark first (Excel on Chinese Windows shows mojibake without it);
/// - headers with the unit, `temperature_2m (°C)`, when a column has one;
/// - instants as `YYYY-MM-DD HH:MM` local time (the caller adds `timezone`/`utc_offset` columns);
/// - text that a spreadsheet would run as a formula (header names included) gets a `'` (see
///   `FormulaGuard`): in front when it starts with `=`, `+`, `-`, `@`, TAB, CR or a full-width
///   `＝ ＋ － ＠`, and after a `;`, TAB, CR or LF followed by one of them. Numbers are never
///   changed: −6.2 stays `-6.2`.
///
/// ```swift
/// let writer = CSVWriter(output: output, excel: true)
/// try writer.begin(columns: [Column("city", .text), Column("t", .measure(decimals: 1), unit: "°C")])
/// try writer.write([.text("北京"), .number(-6.25)])   // 北京,-6.3
/// try writer.finish()
/// ```
///
/// With `decimalComma` (`--excel-locale de`, for spreadsheets set to a locale that writes
/// 16,8): fields are separated by `;` and numbers written with a decimal comma, which is what
/// LibreOffice and Excel in those locales read as numbers (a `16.8` there is text).
public final class CSVWriter: RowWriter {
  private let output: TextOutput
  /// True for the spreadsheet flavour (`--excel`).
  public let excel: Bool
  /// `;` between fields and `,` in numbers.
  public let decimalComma: Bool
  private let separator: UInt8
  private var kinds: [Column.Kind] = []
  private var begun = false

  public init(output: TextOutput, excel: Bool = false, decimalComma: Bool = false) {
    self.output = output
    self.excel = excel
    self.decimalComma = decimalComma
    separator = decimalComma ? 0x3B : 0x2C
  }

  /// Comments are for humans; CSV carries none.
  public func comment(_ text: String) throws {}

  public func begin(columns: [Column]) throws {
    kinds = columns.map(\.kind)
    begun = true
    let excel = excel
    let separator = separator
    try output.withBuffer { buffer in
      if excel { buffer.append(contentsOf: [0xEF, 0xBB, 0xBF]) }
      for (index, column) in columns.enumerated() {
        if index > 0 { buffer.append(separator) }
        var name = column.name
        if excel, let unit = column.unit, !unit.isEmpty { name += " (\(unit))" }
        Self.appendText(name, neutralise: excel, separator: separator, to: &buffer)
      }
      buffer.append(contentsOf: lineEnd)
    }
  }

  public func write(_ cells: [Cell]) throws {
    guard begun else { throw RowWriterError.notBegun }
    guard cells.count == kinds.count else {
      throw RowWriterError.cellCount(expected: kinds.count, actual: cells.count)
    }
    let excel = excel
    let separator = separator
    let decimalComma = decimalComma
    try output.withBuffer { buffer in
      for index in cells.indices {
        if index > 0 { buffer.append(separator) }
        let kind = kinds[index]
        switch cells[index] {
        case .null:
          break
        case .text(let text):
          Self.appendText(text, neutralise: excel, separator: separator, to: &buffer)
        case .number(let value):
          let start = buffer.count
          _ = CellFormat.appendNumber(value, kind: kind, style: .data, to: &buffer)
          if decimalComma, let point = buffer[start...].firstIndex(of: 0x2E) {
            buffer[point] = 0x2C
          }
        case .integer(let value):
          if kind == .instant {
            Self.appendInstant(epoch: value, offset: 0, excel: excel, to: &buffer)
          } else {
            CellFormat.appendInteger(value, kind: kind, style: .data, to: &buffer)
          }
        case .instant(let epoch, let offset):
          Self.appendInstant(epoch: epoch, offset: offset, excel: excel, to: &buffer)
        }
      }
      buffer.append(contentsOf: lineEnd)
    }
  }

  public func finish() throws {
    try output.flush()
  }

  // MARK: - Fields

  private static func appendInstant(
    epoch: Int64, offset: Int, excel: Bool, to buffer: inout [UInt8]
  ) {
    if excel {
      InstantText.appendSpreadsheetTime(epoch: epoch, offset: offset, to: &buffer)
    } else {
      InstantText.appendISO8601(epoch: epoch, offset: offset, to: &buffer)
    }
  }

  /// Appends one text field, quoted when it must be, guarded by `FormulaGuard` when
  /// `neutralise` is set.
  package static func appendText(
    _ text: String, neutralise: Bool, separator: UInt8 = 0x2C, to buffer: inout [UInt8]
  ) {
    let utf8 = text.utf8
    if let written = utf8.withContiguousStorageIfAvailable({ bytes in
      appendField(bytes, neutralise: neutralise, separator: separator, to: &buffer)
    }) {
      return written
    }
    Array(utf8).withUnsafeBufferPointer {
      appendField($0, neutralise: neutralise, separator: separator, to: &buffer)
    }
  }

  private static func appendField(
    _ bytes: UnsafeBufferPointer<UInt8>, neutralise: Bool, separator: UInt8,
    to buffer: inout [UInt8]
  ) {
    if neutralise, let guarded = FormulaGuard.guarded(bytes) {
      guarded.withUnsafeBufferPointer { appendField($0, separator: separator, to: &buffer) }
      return
    }
    appendField(bytes, separator: separator, to: &buffer)
  }

  /// Appends one field as it is, quoted when it holds the separator, a quote, CR or LF.
  private static func appendField(
    _ bytes: UnsafeBufferPointer<UInt8>, separator: UInt8, to buffer: inout [UInt8]
  ) {
    var needsQuotes = false
    for byte in bytes where byte == separator || byte == 0x22 || byte == 0x0D || byte == 0x0A {
      needsQuotes = true
      break
    }
    guard needsQuotes else {
      buffer.append(contentsOf: bytes)
      return
    }
    buffer.append(0x22)
    for byte in bytes {
      if byte == 0x22 { buffer.append(0x22) }
      buffer.append(byte)
    }
    buffer.append(0x22)
  }
}

private let lineEnd: [UInt8] = [0x0D, 0x0A]
