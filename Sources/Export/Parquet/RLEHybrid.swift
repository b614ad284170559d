/// Parquet's RLE / bit-packed hybrid encoding of small unsigned integers (definition levels and
/// dictionary indices).
///
/// A run of 8 or more equal values becomes an RLE run (`count << 1` as a varint, then the value
/// in `ceil(bitWidth / 8)` little-endian bytes); anything else is bit-packed in groups of 8
/// (`groups << 1 | 1`, then `bitWidth` bytes per group, least significant bit first). Only the
/// last group may be padded: a reader stops after the page's value count.
package enum RLEHybrid {
  /// The bits needed for values up to `maximum` (at least 1).
  package static func bitWidth(forMaximum maximum: UInt32) -> Int {
    max(1, 32 - maximum.leadingZeroBitCount)
  }

  /// Appends the encoding of `values` to `output`.
  package static func encode<Values: RandomAccessCollection>(
    _ values: Values, bitWidth: Int, to output: inout [UInt8]
  ) where Values.Element == UInt32, Values.Index == Int {
    let count = values.endIndex
    var index = values.startIndex
    let valueBytes = (bitWidth + 7) / 8
    var literal: [UInt32] = []
    literal.reserveCapacity(8 * 63)

    func flushLiteral() {
      guard !literal.isEmpty else { return }
      let groups = (literal.count + 7) / 8
      appendVarint(UInt64(groups << 1 | 1), to: &output)
      while literal.count < groups * 8 { literal.append(0) }
      pack(literal, bitWidth: bitWidth, to: &output)
      literal.removeAll(keepingCapacity: true)
    }

    while index < count {
      let value = values[index]
      var run = 1
      while index + run < count, values[index + run] == value { run += 1 }
      if run >= 8, literal.count % 8 == 0 {
        flushLiteral()
        appendVarint(UInt64(run << 1), to: &output)
        var rest = value
        for _ in 0..<valueBytes {
          output.append(UInt8(truncatingIfNeeded: rest))
          rest >>= 8
        }
        index += run
        continue
      }
      // Whole groups of 8 go to the literal run; a run of 8+ can start only on a group edge.
      let take = min(count - index, 8 - literal.count % 8)
      for offset in 0..<take { literal.append(values[index + offset]) }
      index += take
      if literal.count >= 8 * 63 { flushLiteral() }
    }
    flushLiteral()
  }

  /// Packs `values` (a multiple of 8) `bitWidth` bits each, least significant bit first.
  package static func pack(_ values: [UInt32], bitWidth: Int, to output: inout [UInt8]) {
    var accumulator: UInt64 = 0
    var bits = 0
    for value in values {
      accumulator |= UInt64(value) << UInt64(bits)
      bits += bitWidth
      while bits >= 8 {
        output.append(UInt8(truncatingIfNeeded: accumulator))
        accumulator >>= 8
        bits -= 8
      }
    }
    if bits > 0 { output.append(UInt8(truncatingIfNeeded: accumulator)) }
  }

  package static func appendVarint(_ value: UInt64, to output: inout [UInt8]) {
    var rest = value
    while rest >= 0x80 {
      output.append(UInt8(truncatingIfNeeded: rest) | 0x80)
      rest >>= 7
    }
    output.append(UInt8(rest))
  }
}
