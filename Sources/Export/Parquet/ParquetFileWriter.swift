import SkycastModel

/// Writes one Parquet file row group by row group: `PAR1`, the column chunks of each row group
/// as it fills, then the footer (`FileMetaData`, its length, `PAR1`).
///
/// Rows arrive as the cells every other output format gets (`Cell`), converted by column kind
/// (see `ParquetColumn.layout`). A row group is written when it reaches `rowGroupRows` rows or
/// when the owner asks (`flushRowGroup()`), so memory holds at most one row group per file.
/// The bytes go to `sink` in the order they belong in the file.
package final class ParquetFileWriter {
  /// Thrown for a cell that cannot be stored in its column.
  package struct ValueError: Error, CustomStringConvertible {
    package let column: String
    package let reason: String
    package var description: String { "cannot store a value of \(column) in Parquet: \(reason)" }
  }

  package static let defaultRowGroupRows = 1 << 16

  package let columns: [ParquetColumn]
  private let conversions: [ParquetColumn.Conversion]
  private var buffers: [ParquetColumnBuffer]
  private let sink: ([UInt8]) throws -> Void
  private let rowGroupRows: Int
  private let keyValues: [(String, String)]
  private var rowGroups: [ParquetFooter.RowGroup] = []
  private var offset: Int64 = 0
  private(set) var rows = 0
  private var bufferedRows = 0
  /// Per column: true for INT32 (whose values are range-checked).
  private let isInt32: [Bool]

  /// - Parameters:
  ///   - columns: the table's columns.
  ///   - required: names of columns that never hold NULL (written without definition levels).
  ///   - keyValues: extra footer metadata.
  ///   - sink: receives the file's bytes in order.
  package init(
    columns: [Column], required: Set<String>, keyValues: [(String, String)] = [],
    rowGroupRows: Int = ParquetFileWriter.defaultRowGroupRows,
    sink: @escaping ([UInt8]) throws -> Void
  ) {
    let layouts = columns.map {
      ParquetColumn.layout(for: $0, required: required.contains($0.name))
    }
    self.columns = layouts.map(\.0)
    conversions = layouts.map(\.1)
    buffers = layouts.map { ParquetColumnBuffer(column: $0.0) }
    isInt32 = layouts.map { $0.0.physical == .int32 }
    self.sink = sink
    self.rowGroupRows = rowGroupRows
    self.keyValues = keyValues
  }

  /// Bytes held for the row group being filled.
  package var bufferedBytes: Int { buffers.reduce(0) { $0 + $1.byteCount } }

  /// Appends one row (one cell per column, in column order).
  package func write<Cells: RandomAccessCollection>(_ cells: Cells) throws
  where Cells.Element == Cell, Cells.Index == Int {
    if offset == 0 {
      try sink(Array("PAR1".utf8))
      offset = 4
    }
    // The buffers are moved out for the row, so each cell's append is one plain in-place
    // mutation rather than an exclusivity-checked access to the class's property.
    // They must be back before a row group is flushed below, or it would find no columns.
    do {
      var local: [ParquetColumnBuffer] = []
      swap(&local, &buffers)
      defer { swap(&local, &buffers) }
      var column = 0
      for cell in cells {
        try append(cell, column: column, to: &local[column])
        column += 1
      }
    }
    rows += 1
    bufferedRows += 1
    if bufferedRows >= rowGroupRows { try flushRowGroup() }
  }

  @inline(__always)
  private func append(_ cell: Cell, column index: Int, to buffer: inout ParquetColumnBuffer) throws
  {
    let conversion = conversions[index]
    switch cell {
    case .null:
      try appendNull(index, &buffer)
    case .text(let text):
      switch conversion {
      case .text:
        buffer.append(text: text)
      case .date:
        guard buffer.append(date: text) else {
          throw ValueError(column: columns[index].name, reason: "'\(text)' is not a date")
        }
      default:
        throw ValueError(column: columns[index].name, reason: "text in a numeric column")
      }
    case .integer(let value):
      switch conversion {
      case .integer:
        try appendInteger(value, index, &buffer)
      case .instant:
        try appendInstant(value, index, &buffer)
      case .measure, .real:
        buffer.append(bits: Double(value).bitPattern)
      case .text:
        buffer.append(text: String(value))
      case .date:
        throw ValueError(column: columns[index].name, reason: "a number in a date column")
      }
    case .number(let value):
      switch conversion {
      case .measure(let decimals):
        if !buffer.append(measure: value, decimals: decimals) { try appendNull(index, &buffer) }
      case .real:
        // Not finite: the CSV and JSON print it as missing.
        if value.isFinite {
          buffer.append(bits: value.bitPattern)
        } else {
          try appendNull(index, &buffer)
        }
      case .integer:
        guard value.rounded(.towardZero) == value, value.magnitude < 9.2e18 else {
          throw ValueError(column: columns[index].name, reason: "\(value) is not a whole number")
        }
        try appendInteger(Int64(value), index, &buffer)
      default:
        throw ValueError(column: columns[index].name, reason: "a number in a \(conversion) column")
      }
    case .instant(let epoch, _):
      guard conversion == .instant else {
        throw ValueError(column: columns[index].name, reason: "a time in a \(conversion) column")
      }
      try appendInstant(epoch, index, &buffer)
    }
  }

  private func appendNull(_ index: Int, _ buffer: inout ParquetColumnBuffer) throws {
    guard columns[index].optional else {
      throw ValueError(column: columns[index].name, reason: "NULL in a column that has none")
    }
    buffer.appendNull()
  }

  @inline(__always)
  private func appendInteger(_ value: Int64, _ index: Int, _ buffer: inout ParquetColumnBuffer)
    throws
  {
    if isInt32[index], Int64(Int32(truncatingIfNeeded: value)) != value {
      throw ValueError(column: columns[index].name, reason: "\(value) is outside 32 bits")
    }
    buffer.append(bits: UInt64(bitPattern: value))
  }

  @inline(__always)
  private func appendInstant(_ epoch: Int64, _ index: Int, _ buffer: inout ParquetColumnBuffer)
    throws
  {
    let (micros, overflow) = epoch.multipliedReportingOverflow(by: 1_000_000)
    guard !overflow else {
      throw ValueError(column: columns[index].name, reason: "\(epoch) s is out of range")
    }
    buffer.append(bits: UInt64(bitPattern: micros))
  }

  /// The rows and column chunks of each row group written so far.
  package var rowGroupShapes: [(rows: Int64, columns: Int)] {
    rowGroups.map { ($0.rows, $0.chunks.count) }
  }

  /// Writes the buffered rows as a row group (nothing when none are buffered).
  package func flushRowGroup() throws {
    guard bufferedRows > 0 else { return }
    let start = offset
    var chunks: [ParquetFooter.Chunk] = []
    for index in buffers.indices {
      let encoded = buffers[index].encode()
      let chunkOffset = offset
      let dictionaryOffset = encoded.dictionaryPageLength.map { _ in chunkOffset }
      let dataOffset = chunkOffset + Int64(encoded.dictionaryPageLength ?? 0)
      try sink(encoded.bytes)
      offset += Int64(encoded.bytes.count)
      chunks.append(
        ParquetFooter.Chunk(
          column: columns[index], encodings: encoded.encodings, values: Int64(encoded.values),
          size: Int64(encoded.bytes.count), dataPageOffset: dataOffset,
          dictionaryPageOffset: dictionaryOffset, nulls: Int64(encoded.nulls),
          minimum: encoded.minimum, maximum: encoded.maximum))
      buffers[index] = ParquetColumnBuffer(column: columns[index])
    }
    rowGroups.append(
      ParquetFooter.RowGroup(
        chunks: chunks, rows: Int64(bufferedRows), offset: start, size: offset - start))
    bufferedRows = 0
  }

  /// Writes the last row group and the footer. Returns the file's size.
  @discardableResult
  package func finish() throws -> Int64 {
    if offset == 0 {
      try sink(Array("PAR1".utf8))
      offset = 4
    }
    try flushRowGroup()
    var footer = ParquetFooter.fileMetaData(
      columns: columns, rowGroups: rowGroups, keyValues: keyValues)
    let length = footer.count
    appendLength(length, to: &footer)
    footer += Array("PAR1".utf8)
    try sink(footer)
    offset += Int64(footer.count)
    return offset
  }
}

@available(*, unavailable)
extension ParquetFileWriter: Sendable {}
