import Inflate

/// A small gzip compressor for test servers that compress as real ones do: greedy LZ77 over a
/// 32 KiB window with fixed Huffman codes (RFC 1951 §3.2.5–3.2.6), in one gzip member
/// (RFC 1952). Not fast and not the best ratio; JSON of repeated numbers still shrinks severalfold.
public enum TestGzip {
  /// `bytes` as a gzip member.
  public static func compress(_ bytes: [UInt8]) -> [UInt8] {
    var bits = BitWriter()
    bits.write(1, count: 1)  // BFINAL
    bits.write(1, count: 2)  // BTYPE 01: fixed Huffman
    var heads: [Int: Int] = [:]
    func key(_ at: Int) -> Int {
      Int(bytes[at]) << 16 | Int(bytes[at + 1]) << 8 | Int(bytes[at + 2])
    }
    var position = 0
    while position < bytes.count {
      var length = 0
      var distance = 0
      if position + 3 <= bytes.count, let candidate = heads[key(position)],
        position - candidate <= 32_768
      {
        let most = min(258, bytes.count - position)
        while length < most, bytes[candidate + length] == bytes[position + length] { length += 1 }
        distance = position - candidate
      }
      if position + 3 <= bytes.count { heads[key(position)] = position }
      if length >= 3 {
        writeLength(length, to: &bits)
        writeDistance(distance, to: &bits)
        for next in position + 1..<position + length where next + 3 <= bytes.count {
          heads[key(next)] = next
        }
        position += length
      } else {
        writeLiteral(Int(bytes[position]), to: &bits)
        position += 1
      }
    }
    writeLiteral(256, to: &bits)  // end of block
    var out: [UInt8] = [0x1F, 0x8B, 8, 0, 0, 0, 0, 0, 0, 0xFF]
    out += bits.finished
    let crc = CRC32.checksum(bytes)
    let size = UInt32(truncatingIfNeeded: bytes.count)
    for shift in stride(from: 0, to: 32, by: 8) { out.append(UInt8((crc >> UInt32(shift)) & 0xFF)) }
    for shift in stride(from: 0, to: 32, by: 8) {
      out.append(UInt8((size >> UInt32(shift)) & 0xFF))
    }
    return out
  }

  /// A literal/length symbol in the fixed code.
  private static func writeLiteral(_ symbol: Int, to bits: inout BitWriter) {
    switch symbol {
    case 0...143: bits.writeCode(UInt32(0x30 + symbol), length: 8)
    case 144...255: bits.writeCode(UInt32(0x190 + symbol - 144), length: 9)
    case 256...279: bits.writeCode(UInt32(symbol - 256), length: 7)
    default: bits.writeCode(UInt32(0xC0 + symbol - 280), length: 8)
    }
  }

  private static let lengthBases = [
    3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115,
    131, 163, 195, 227, 258,
  ]
  private static let lengthExtra = [
    0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0,
  ]
  private static let distanceBases = [
    1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537,
    2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577,
  ]

  private static func writeLength(_ length: Int, to bits: inout BitWriter) {
    let index = lengthBases.lastIndex { $0 <= length }!
    writeLiteral(257 + index, to: &bits)
    bits.write(UInt32(length - lengthBases[index]), count: lengthExtra[index])
  }

  private static func writeDistance(_ distance: Int, to bits: inout BitWriter) {
    let index = distanceBases.lastIndex { $0 <= distance }!
    bits.writeCode(UInt32(index), length: 5)
    bits.write(UInt32(distance - distanceBases[index]), count: max(0, index / 2 - 1))
  }
}
