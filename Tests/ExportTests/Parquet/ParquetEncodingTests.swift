import Foundation
import Testing

@testable import Export
@testable import SkycastModel

/// The pieces of the Parquet writer, byte for byte against the format's definitions.
@Suite struct ParquetEncodingTests {
  @Test("Thrift compact: field deltas, zigzag varints, long field ids, lists, bools, stops")
  func thrift() {
    var thrift = ThriftCompactWriter()
    thrift.i32(1, 2)  // delta 1, type i32 (5), zigzag(2) = 4
    thrift.i64(3, -1)  // delta 2, type i64 (6), zigzag(-1) = 1
    thrift.string(4, "ab")  // delta 1, binary (8), length 2
    thrift.bool(5, true)  // delta 1, true (1)
    thrift.i32(30, 300)  // delta 26 > 15: type byte, zigzag id 60, zigzag(300) = 600 = 0xD8 0x04
    thrift.beginList(31, of: .i32, count: 2)
    thrift.elementI32(0)
    thrift.elementI32(-2)
    thrift.beginStruct(32)
    thrift.emptyStruct(1)
    thrift.endStruct()
    thrift.stop()
    #expect(
      thrift.bytes == [
        0x15, 0x04, 0x26, 0x01, 0x18, 0x02, 0x61, 0x62, 0x11, 0x05, 0x3C, 0xD8, 0x04, 0x19, 0x25,
        0x00, 0x03, 0x1C, 0x1C, 0x00, 0x00, 0x00,
      ])
  }

  @Test("A list of 15 or more elements puts its size after the 0xF? header")
  func longList() {
    var thrift = ThriftCompactWriter()
    thrift.beginList(1, of: .binary, count: 20)
    #expect(thrift.bytes == [0x19, 0xF8, 0x14])
  }

  @Test("RLE/bit-packed hybrid: runs of 8+ as RLE, the rest bit-packed in groups of 8")
  func rleHybrid() {
    var output: [UInt8] = []
    RLEHybrid.encode(Array(repeating: UInt32(1), count: 10), bitWidth: 1, to: &output)
    #expect(output == [0x14, 0x01])  // 10 << 1, value 1 in one byte
    output = []
    RLEHybrid.encode([0, 1, 2, 3, 4, 5, 6, 7] as [UInt32], bitWidth: 3, to: &output)
    // One group ((1 << 1) | 1), the format's own example of 0…7 packed in 3 bits.
    #expect(output == [0x03, 0x88, 0xC6, 0xFA])
    output = []
    RLEHybrid.encode([1, 0, 1] as [UInt32], bitWidth: 1, to: &output)
    #expect(output == [0x03, 0x05])  // a padded last group: bits 1 0 1
    output = []
    RLEHybrid.encode([7, 7, 7, 7, 7, 7, 7, 7, 300] as [UInt32], bitWidth: 9, to: &output)
    #expect(output == [0x10, 0x07, 0x00, 0x03, 0x2C, 0x01, 0, 0, 0, 0, 0, 0, 0])
  }

  @Test("Bit widths cover the largest index, never 0")
  func bitWidths() {
    #expect(RLEHybrid.bitWidth(forMaximum: 0) == 1)
    #expect(RLEHybrid.bitWidth(forMaximum: 1) == 1)
    #expect(RLEHybrid.bitWidth(forMaximum: 2) == 2)
    #expect(RLEHybrid.bitWidth(forMaximum: 255) == 8)
    #expect(RLEHybrid.bitWidth(forMaximum: 256) == 9)
  }

  @Test("A measured value is stored as exactly the double its CSV text reads back as")
  func rounding() {
    var generator = SplitMix64(seed: 16)
    for decimals in 0...3 {
      for _ in 0..<20_000 {
        let raw = Double(generator.next() % 2_000_001) / 1000 - 1000
        let value = raw + Double(generator.next() % 3) * 0.0005  // ties and near-ties too
        var text: [UInt8] = []
        _ = NumberText.appendFixed(value, decimals: decimals, to: &text)
        let expected = Double(String(decoding: text, as: UTF8.self))!
        let stored = ParquetRounding.rounded(value, decimals: decimals)!
        #expect(stored == expected && stored.sign == (expected == 0 ? .plus : expected.sign))
      }
    }
    #expect(ParquetRounding.rounded(-0.04, decimals: 1)!.sign == .plus)
    #expect(ParquetRounding.rounded(.nan, decimals: 1) == nil)
    #expect(ParquetRounding.rounded(.infinity, decimals: 1) == nil)
  }

  @Test("Repeating values take a dictionary; distinct ones stay PLAIN; statistics cover both")
  func encodingChoice() {
    var repeating = ParquetColumnBuffer(
      column: ParquetColumn(name: "t", physical: .double, optional: true))
    for index in 0..<1000 {
      if index % 10 == 0 {
        repeating.appendNull()
      } else {
        repeating.append(bits: Double(index % 7).bitPattern)
      }
    }
    let dictionary = repeating.encode()
    #expect(dictionary.dictionaryPageLength != nil)
    #expect(dictionary.encodings.contains(ParquetFooter.Encoding.rleDictionary))
    #expect(dictionary.nulls == 100 && dictionary.values == 1000)
    #expect(
      dictionary.minimum == Array(withUnsafeBytes(of: (-0.0).bitPattern.littleEndian, Array.init)))
    #expect(
      dictionary.maximum == Array(withUnsafeBytes(of: (6.0).bitPattern.littleEndian, Array.init)))

    var distinct = ParquetColumnBuffer(
      column: ParquetColumn(name: "id", physical: .int64, optional: false))
    for index in 0..<1000 { distinct.append(bits: UInt64(index * 7919)) }
    let plain = distinct.encode()
    #expect(plain.dictionaryPageLength == nil)
    #expect(plain.encodings == [ParquetFooter.Encoding.plain, ParquetFooter.Encoding.rle])
    #expect(plain.maximum == Array(withUnsafeBytes(of: Int64(999 * 7919).littleEndian, Array.init)))

    var text = ParquetColumnBuffer(
      column: ParquetColumn(name: "s", physical: .byteArray, logical: .string))
    for name in ["北京", "Berlin", "Zürich", "Berlin"] { text.append(text: name) }
    let strings = text.encode()
    // Byte order, not Unicode collation: "Berlin" < "Zürich" < "北京".
    #expect(strings.minimum == Array("Berlin".utf8) && strings.maximum == Array("北京".utf8))
  }

  @Test("A file is PAR1, row groups, footer, its length and PAR1; row groups split at the limit")
  func fileLayout() throws {
    var bytes: [UInt8] = []
    let writer = ParquetFileWriter(
      columns: [Column("id", .integer), Column("at", .instant)], required: ["id"],
      rowGroupRows: 100
    ) { bytes += $0 }
    for index in 0..<250 {
      try writer.write([
        Cell.integer(Int64(index)), index % 3 == 0 ? .null : .integer(1_774_000_000),
      ])
    }
    try writer.finish()
    #expect(Array(bytes.prefix(4)) == Array("PAR1".utf8))
    #expect(Array(bytes.suffix(4)) == Array("PAR1".utf8))
    let length = bytes[bytes.count - 8..<bytes.count - 4].enumerated().reduce(0) {
      $0 | Int($1.element) << (8 * $1.offset)
    }
    #expect(length > 0 && length < bytes.count - 12)
    #expect(writer.rows == 250)
    // Every row group, including those cut while a row was being written, has all its columns.
    #expect(writer.rowGroupShapes.map(\.rows) == [100, 100, 50])
    #expect(writer.rowGroupShapes.allSatisfy { $0.columns == 2 })
    #expect(throws: ParquetFileWriter.ValueError.self) { try writer.write([Cell.null, .null]) }
  }
}
