/// Writes bits least-significant first, the packing of RFC 1951 §3.1.1, to craft test streams.
struct BitWriter {
  /// The bytes written so far; the last may be partial.
  private(set) var bytes: [UInt8] = []
  private var used = 0

  /// Appends the low `count` bits of `value`, least significant first (header fields, extras).
  mutating func write(_ value: Int, _ count: Int) {
    for bit in 0..<count {
      if used == 0 { bytes.append(0) }
      bytes[bytes.count - 1] |= UInt8((value >> bit) & 1) << UInt8(used)
      used = (used + 1) % 8
    }
  }

  /// Appends a Huffman code of `length` bits, most significant bit first (RFC 1951 §3.1.1).
  mutating func code(_ code: Int, _ length: Int) {
    for bit in stride(from: length - 1, through: 0, by: -1) { write((code >> bit) & 1, 1) }
  }

  /// Appends the fixed-Huffman code of literal/length symbol `symbol` (RFC 1951 §3.2.6).
  mutating func fixedSymbol(_ symbol: Int) {
    switch symbol {
    case 0...143: code(0x30 + symbol, 8)
    case 144...255: code(0x190 + symbol - 144, 9)
    case 256...279: code(symbol - 256, 7)
    default: code(0xC0 + symbol - 280, 8)
    }
  }
}
