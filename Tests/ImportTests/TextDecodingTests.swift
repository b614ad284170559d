import Foundation
import Testing

@testable import Import

/// Encoding detection for imports: BOMs, UTF-8, the GB18030 fallback and forced encodings.
@Suite struct TextDecodingTests {
  static let beijing = "北京,晴"
  /// 北京,晴 in GB18030 (the GBK range): B1B1 BEA9 2C C7E7.
  static let beijingGB: [UInt8] = [0xB1, 0xB1, 0xBE, 0xA9, 0x2C, 0xC7, 0xE7]

  @Test("plain UTF-8 passes through unchanged")
  func utf8() throws {
    let decoded = try TextDecoding.decode(Array(Self.beijing.utf8))
    #expect(decoded.utf8 == Array(Self.beijing.utf8))
    #expect(decoded.encoding == .utf8 && !decoded.hadByteOrderMark && !decoded.fellBackToGB18030)
  }

  /// `String(decoding:)` would keep U+FEFF and the header would read `\u{FEFF}city`.
  @Test("a UTF-8 BOM is removed")
  func utf8BOM() throws {
    let decoded = try TextDecoding.decode([0xEF, 0xBB, 0xBF] + Array("city".utf8))
    #expect(decoded.utf8 == Array("city".utf8))
    #expect(decoded.hadByteOrderMark)
  }

  @Test("UTF-16 with a BOM is read in its byte order", arguments: [false, true])
  func utf16(bigEndian: Bool) throws {
    let body = Array(Self.beijing.data(using: bigEndian ? .utf16BigEndian : .utf16LittleEndian)!)
    let decoded = try TextDecoding.decode((bigEndian ? [0xFE, 0xFF] : [0xFF, 0xFE]) + body)
    #expect(String(decoding: decoded.utf8, as: UTF8.self) == Self.beijing)
    #expect(decoded.encoding == .utf16 && decoded.utf16BigEndian == bigEndian)
  }

  @Test("bytes that are not UTF-8 are read as GB18030, and that is flagged")
  func gb18030Fallback() throws {
    let decoded = try TextDecoding.decode(Self.beijingGB)
    #expect(String(decoding: decoded.utf8, as: UTF8.self) == Self.beijing)
    #expect(decoded.encoding == .gb18030 && decoded.fellBackToGB18030)
  }

  /// A four-byte GB18030 sequence (U+20000 𠀀 = 95 32 82 36) decodes too.
  @Test("four-byte GB18030 sequences decode")
  func gb18030FourBytes() throws {
    let decoded = try TextDecoding.decode([0x95, 0x32, 0x82, 0x36], forced: .gb18030)
    #expect(String(decoding: decoded.utf8, as: UTF8.self) == "𠀀")
    #expect(!decoded.fellBackToGB18030)
  }

  @Test("forcing UTF-8 on GB18030 bytes names the first bad byte and its line")
  func forcedUTF8() {
    #expect(
      throws: TextEncodingError(
        message: "the file is not valid UTF-8 (invalid UTF-8 byte 0xB1 on line 2)")
    ) {
      _ = try TextDecoding.decode(Array("a\n".utf8) + Self.beijingGB, forced: .utf8)
    }
  }

  @Test("UTF-16 without a BOM is little-endian when forced; an odd length is an error")
  func forcedUTF16() throws {
    let body = Array("ab".data(using: .utf16LittleEndian)!)
    #expect(try TextDecoding.decode(body, forced: .utf16).utf8 == Array("ab".utf8))
    #expect(throws: TextEncodingError.self) {
      _ = try TextDecoding.decode([0x61, 0x00, 0x62], forced: .utf16)
    }
  }
}
