import Inflate

/// Gzip members built with stored (uncompressed) DEFLATE blocks, for tests that need a
/// multi-member stream of known text without an encoder.
enum StoredGzip {
  /// One gzip member holding `text` (RFC 1952 header, stored blocks, CRC-32 and ISIZE).
  static func member(_ text: [UInt8]) -> [UInt8] {
    var out: [UInt8] = [0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]
    var start = 0
    repeat {
      let end = min(text.count, start + 65_535)
      let final: UInt8 = end == text.count ? 1 : 0
      let length = UInt16(end - start)
      out += [final, UInt8(length & 0xff), UInt8(length >> 8)]
      out += [UInt8(~length & 0xff), UInt8(~length >> 8)]
      out += text[start..<end]
      start = end
    } while start < text.count
    let crc = CRC32.checksum(text)
    let size = UInt32(truncatingIfNeeded: text.count)
    for value in [crc, size] {
      out += [0, 8, 16, 24].map { UInt8((value >> UInt32($0)) & 0xff) }
    }
    return out
  }
}
