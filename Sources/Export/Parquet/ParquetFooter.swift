/// The Thrift structures of a Parquet file that Skycast writes: page headers and the footer's
/// `FileMetaData` (field ids and enum values as in the format's `parquet.thrift`).
package enum ParquetFooter {
  /// `Encoding` values.
  package enum Encoding {
    package static let plain: Int32 = 0
    package static let rle: Int32 = 3
    package static let rleDictionary: Int32 = 8
  }

  /// What the footer records about one column chunk.
  package struct Chunk {
    package var column: ParquetColumn
    package var encodings: [Int32]
    package var values: Int64
    package var size: Int64
    package var dataPageOffset: Int64
    package var dictionaryPageOffset: Int64?
    package var nulls: Int64
    package var minimum: [UInt8]?
    package var maximum: [UInt8]?
  }

  /// What the footer records about one row group.
  package struct RowGroup {
    package var chunks: [Chunk]
    package var rows: Int64
    package var offset: Int64
    package var size: Int64
  }

  // MARK: - Page headers

  /// A `PageHeader` of type `DATA_PAGE` (v1, uncompressed, RLE definition levels).
  package static func dataPageHeader(size: Int, values: Int, encoding: Int32) -> [UInt8] {
    var thrift = ThriftCompactWriter()
    thrift.i32(1, 0)
    thrift.i32(2, Int32(size))
    thrift.i32(3, Int32(size))
    thrift.beginStruct(5)
    thrift.i32(1, Int32(values))
    thrift.i32(2, encoding)
    thrift.i32(3, Encoding.rle)
    thrift.i32(4, Encoding.rle)
    thrift.endStruct()
    thrift.stop()
    return thrift.bytes
  }

  /// A `PageHeader` of type `DICTIONARY_PAGE` with PLAIN values.
  package static func dictionaryPageHeader(size: Int, entries: Int) -> [UInt8] {
    var thrift = ThriftCompactWriter()
    thrift.i32(1, 2)
    thrift.i32(2, Int32(size))
    thrift.i32(3, Int32(size))
    thrift.beginStruct(7)
    thrift.i32(1, Int32(entries))
    thrift.i32(2, Encoding.plain)
    thrift.endStruct()
    thrift.stop()
    return thrift.bytes
  }

  // MARK: - FileMetaData

  /// The serialized `FileMetaData`.
  package static func fileMetaData(
    columns: [ParquetColumn], rowGroups: [RowGroup], keyValues: [(String, String)]
  ) -> [UInt8] {
    var thrift = ThriftCompactWriter()
    thrift.i32(1, 2)
    thrift.beginList(2, of: .structure, count: columns.count + 1)
    thrift.beginElement()
    thrift.string(4, "schema")
    thrift.i32(5, Int32(columns.count))
    thrift.endStruct()
    for column in columns { schemaElement(column, to: &thrift) }
    thrift.i64(3, rowGroups.reduce(0) { $0 + $1.rows })
    thrift.beginList(4, of: .structure, count: rowGroups.count)
    for (ordinal, group) in rowGroups.enumerated() {
      thrift.beginElement()
      thrift.beginList(1, of: .structure, count: group.chunks.count)
      for chunk in group.chunks { columnChunk(chunk, to: &thrift) }
      thrift.i64(2, group.size)
      thrift.i64(3, group.rows)
      thrift.i64(5, group.offset)
      thrift.i64(6, group.size)
      thrift.i16(7, Int16(truncatingIfNeeded: ordinal))
      thrift.endStruct()
    }
    if !keyValues.isEmpty {
      thrift.beginList(5, of: .structure, count: keyValues.count)
      for (key, value) in keyValues {
        thrift.beginElement()
        thrift.string(1, key)
        thrift.string(2, value)
        thrift.endStruct()
      }
    }
    thrift.string(6, "skycast")
    // TYPE_ORDER for every column: readers may trust min_value/max_value.
    thrift.beginList(7, of: .structure, count: columns.count)
    for _ in columns {
      thrift.beginElement()
      thrift.emptyStruct(1)
      thrift.endStruct()
    }
    thrift.stop()
    return thrift.bytes
  }

  private static func schemaElement(_ column: ParquetColumn, to thrift: inout ThriftCompactWriter) {
    thrift.beginElement()
    thrift.i32(1, column.physical.rawValue)
    thrift.i32(3, column.optional ? 1 : 0)
    thrift.string(4, column.name)
    switch column.logical {
    case .none:
      break
    case .string:
      thrift.i32(6, 0)
      thrift.beginStruct(10)
      thrift.emptyStruct(1)
      thrift.endStruct()
    case .date:
      thrift.i32(6, 6)
      thrift.beginStruct(10)
      thrift.emptyStruct(6)
      thrift.endStruct()
    case .timestampMicrosUTC:
      thrift.i32(6, 10)
      thrift.beginStruct(10)
      thrift.beginStruct(8)
      thrift.bool(1, true)
      thrift.beginStruct(2)
      thrift.emptyStruct(2)
      thrift.endStruct()
      thrift.endStruct()
      thrift.endStruct()
    }
    thrift.endStruct()
  }

  private static func columnChunk(_ chunk: Chunk, to thrift: inout ThriftCompactWriter) {
    thrift.beginElement()
    thrift.i64(2, chunk.dictionaryPageOffset ?? chunk.dataPageOffset)
    thrift.beginStruct(3)
    thrift.i32(1, chunk.column.physical.rawValue)
    thrift.beginList(2, of: .i32, count: chunk.encodings.count)
    for encoding in chunk.encodings { thrift.elementI32(encoding) }
    thrift.beginList(3, of: .binary, count: 1)
    thrift.elementString(chunk.column.name)
    thrift.i32(4, 0)
    thrift.i64(5, chunk.values)
    thrift.i64(6, chunk.size)
    thrift.i64(7, chunk.size)
    thrift.i64(9, chunk.dataPageOffset)
    if let dictionary = chunk.dictionaryPageOffset { thrift.i64(11, dictionary) }
    thrift.beginStruct(12)
    thrift.i64(3, chunk.nulls)
    if let maximum = chunk.maximum, let minimum = chunk.minimum {
      thrift.binary(5, maximum)
      thrift.binary(6, minimum)
    }
    thrift.endStruct()
    thrift.endStruct()
    thrift.endStruct()
  }
}
