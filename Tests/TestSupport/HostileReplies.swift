import Inflate

/// Replies a hostile or broken server sends, for the reliability and security tests.
public enum HostileReplies {
  /// A gzip stream that unpacks to `expandedBytes` zero bytes (rounded up to a whole number of
  /// 258-byte matches) from about 1/160 of that on the wire: one literal zero, then DEFLATE
  /// matches of length 258 at distance 1 in a single fixed-Huffman block (RFC 1951 §3.2.6).
  /// The trailer's CRC is left zero on purpose: computing it would mean running through the
  /// whole expanded size, and a client must give up long before it gets there.
  public static func gzipBomb(expandedBytes: Int) -> [UInt8] {
    var bits = BitWriter()
    bits.write(1, count: 1)  // BFINAL
    bits.write(1, count: 2)  // BTYPE 01: fixed Huffman, least significant bit first
    bits.writeCode(0x30, length: 8)  // literal 0 (codes 0…143 are 0x30 + value, 8 bits)
    let matches = max(0, (expandedBytes - 1 + 257) / 258)
    func match(_ bits: inout BitWriter) {
      bits.writeCode(0b1100_0101, length: 8)  // length code 285 = 258 bytes, no extra bits
      bits.writeCode(0, length: 5)  // distance code 0 = distance 1
    }
    // Eight 13-bit matches fill exactly 13 bytes, so from the second group of eight on the
    // bytes repeat: write two groups bit by bit, then copy the second one.
    var written = 0
    var groupStart = 0
    while written < matches {
      if written == 8 { groupStart = bits.bytes.count }
      if written == 16, matches - written >= 8 {
        let group = Array(bits.bytes[groupStart...])
        let copies = (matches - written) / 8
        bits.bytes.reserveCapacity(bits.bytes.count + copies * group.count + 64)
        for _ in 0..<copies { bits.bytes += group }
        written += copies * 8
        continue
      }
      match(&bits)
      written += 1
    }
    bits.writeCode(0, length: 7)  // end of block (256)
    let header: [UInt8] = [0x1F, 0x8B, 8, 0, 0, 0, 0, 0, 0, 0xFF]
    let size = UInt32(truncatingIfNeeded: 1 + matches * 258)
    let trailer: [UInt8] =
      [0, 0, 0, 0] + (0..<4).map { UInt8(truncatingIfNeeded: size >> (8 * $0)) }
    return header + bits.finished + trailer
  }

  /// `bytes` as a gzip member of stored (uncompressed) DEFLATE blocks, with its CRC-32 and
  /// size: a valid gzip body the tests can make without a compressor (RFC 1952, RFC 1951
  /// §3.2.4).
  public static func gzipStored(_ bytes: [UInt8]) -> [UInt8] {
    var out: [UInt8] = [0x1F, 0x8B, 8, 0, 0, 0, 0, 0, 0, 0xFF]
    var offset = 0
    repeat {
      let count = min(65_535, bytes.count - offset)
      let final: UInt8 = offset + count == bytes.count ? 1 : 0
      out += [final, UInt8(count & 0xFF), UInt8(count >> 8)]
      out += [UInt8(~count & 0xFF), UInt8((~count >> 8) & 0xFF)]
      out += bytes[offset..<offset + count]
      offset += count
    } while offset < bytes.count
    let crc = CRC32.checksum(bytes)
    let size = UInt32(truncatingIfNeeded: bytes.count)
    out += (0..<4).map { UInt8(truncatingIfNeeded: crc >> (8 * $0)) }
    out += (0..<4).map { UInt8(truncatingIfNeeded: size >> (8 * $0)) }
    return out
  }

  /// A 200 `Content-Encoding: gzip` reply of `json` that arrives one byte every `interval`
  /// seconds: a slow compressed stream that must end at the request's deadline.
  public static func slowGzipReply(_ json: String = "{}", interval: Double = 0.05) -> Reply {
    .dripFeedCustom(
      status: 200,
      headers: [
        Reply.Header("Content-Type", "application/json"),
        Reply.Header("Content-Encoding", "gzip"),
      ],
      body: gzipStored(Array(json.utf8)), chunkSize: 1, interval: interval)
  }

  /// A 200 `Content-Encoding: gzip` reply of `json`, sent at once.
  public static func gzipReply(_ json: String) -> Reply {
    .custom(
      status: 200,
      headers: [
        Reply.Header("Content-Type", "application/json"),
        Reply.Header("Content-Encoding", "gzip"),
      ],
      body: gzipStored(Array(json.utf8)))
  }

  /// A 200 that announces `Content-Encoding: gzip` and sends `gzipBomb(expandedBytes:)`.
  public static func gzipBombReply(expandedBytes: Int = 1 << 30) -> Reply {
    .custom(
      status: 200,
      headers: [
        Reply.Header("Content-Type", "application/json"),
        Reply.Header("Content-Encoding", "gzip"),
      ],
      body: gzipBomb(expandedBytes: expandedBytes))
  }
}

/// DEFLATE's bit order: fields least significant bit first, Huffman codes most significant first.
struct BitWriter {
  var bytes: [UInt8] = []
  var current: UInt32 = 0
  var filled = 0

  mutating func write(_ value: UInt32, count: Int) {
    for index in 0..<count {
      current |= ((value >> index) & 1) << filled
      filled += 1
      if filled == 8 { flush() }
    }
  }

  mutating func writeCode(_ code: UInt32, length: Int) {
    for index in stride(from: length - 1, through: 0, by: -1) {
      current |= ((code >> index) & 1) << filled
      filled += 1
      if filled == 8 { flush() }
    }
  }

  mutating func flush() {
    bytes.append(UInt8(current & 0xFF))
    current = 0
    filled = 0
  }

  /// The bytes with the last partial byte padded.
  var finished: [UInt8] {
    var copy = self
    if copy.filled > 0 { copy.flush() }
    return copy.bytes
  }
}
