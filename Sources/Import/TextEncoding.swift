import Foundation

/// The text encodings `import` reads.
public enum ImportEncoding: String, Sendable, CaseIterable {
  case utf8 = "utf-8"
  case utf16 = "utf-16"
  case gb18030

  /// GB18030 has no named `String.Encoding` constant on Linux; this is CoreFoundation's
  /// `kCFStringEncodingGB_18030_2000` as an NSString encoding; it decodes
  /// 2- and 4-byte sequences and gives nil for invalid bytes.
  package static let gb18030Encoding = String.Encoding(rawValue: 0x8000_0632)
}

/// A file's text as UTF-8 bytes, with what was detected on the way.
public struct DecodedText: Sendable {
  /// The text as UTF-8, without any byte order mark.
  public var utf8: [UInt8]
  /// The encoding the bytes were read as.
  public var encoding: ImportEncoding
  /// For UTF-16: true when big-endian, false when little-endian; nil for other encodings.
  public var utf16BigEndian: Bool?
  /// True when the file began with a byte order mark.
  public var hadByteOrderMark: Bool
  /// True when the bytes were not valid UTF-8 and GB18030 was tried instead (worth a warning:
  /// the guess is right for files saved by Excel or WPS on Chinese Windows, but it is a guess).
  public var fellBackToGB18030: Bool
}

/// A file whose bytes cannot be read as text in the chosen or detected encoding.
public struct TextEncodingError: Error, CustomStringConvertible, Equatable {
  public let message: String
  public var description: String { message }
}

/// Detects and decodes the encodings spreadsheets and editors write CSV in.
///
/// Order: a byte order mark decides (UTF-8 `EF BB BF`, UTF-16 LE `FF FE`, UTF-16 BE `FE FF`);
/// otherwise valid UTF-8 is UTF-8; otherwise GB18030 is tried (Excel/WPS on Chinese Windows
/// save "CSV" in the ANSI code page), and the caller warns. `String(validating:)` is used rather
/// than `String(decoding:)`, which would silently repair bad bytes to U+FFFD.
public enum TextDecoding {
  /// Decodes `bytes`, detecting the encoding unless `forced`.
  public static func decode(_ bytes: [UInt8], forced: ImportEncoding? = nil) throws -> DecodedText {
    let hasUTF8BOM = bytes.starts(with: [0xEF, 0xBB, 0xBF])
    let utf16BOM: Bool? =
      bytes.starts(with: [0xFF, 0xFE]) ? false : bytes.starts(with: [0xFE, 0xFF]) ? true : nil
    switch forced {
    case .utf8:
      return try utf8(bytes, hadBOM: hasUTF8BOM)
    case .utf16:
      // Without a BOM, UTF-16 from Windows ("Unicode text") is little-endian.
      return try utf16(bytes, bigEndian: utf16BOM ?? false, hadBOM: utf16BOM != nil)
    case .gb18030:
      return try gb18030(bytes, fellBack: false)
    case nil:
      if hasUTF8BOM { return try utf8(bytes, hadBOM: true) }
      if let bigEndian = utf16BOM { return try utf16(bytes, bigEndian: bigEndian, hadBOM: true) }
      if String(validating: bytes, as: UTF8.self) != nil {
        return DecodedText(
          utf8: bytes, encoding: .utf8, utf16BigEndian: nil, hadByteOrderMark: false,
          fellBackToGB18030: false)
      }
      do {
        return try gb18030(bytes, fellBack: true)
      } catch {
        throw TextEncodingError(
          message:
            "the file is not valid UTF-8, UTF-16 or GB18030 text (\(firstInvalidUTF8(bytes)); save it as CSV UTF-8, or name the encoding with --encoding)"
        )
      }
    }
  }

  package static func utf8(_ bytes: [UInt8], hadBOM: Bool) throws -> DecodedText {
    let body = hadBOM ? Array(bytes.dropFirst(3)) : bytes
    guard String(validating: body, as: UTF8.self) != nil else {
      throw TextEncodingError(message: "the file is not valid UTF-8 (\(firstInvalidUTF8(body)))")
    }
    return DecodedText(
      utf8: body, encoding: .utf8, utf16BigEndian: nil, hadByteOrderMark: hadBOM,
      fellBackToGB18030: false)
  }

  package static func utf16(_ bytes: [UInt8], bigEndian: Bool, hadBOM: Bool) throws -> DecodedText {
    let body = hadBOM ? Array(bytes.dropFirst(2)) : bytes
    guard body.count % 2 == 0 else {
      throw TextEncodingError(message: "the file is not valid UTF-16 (odd number of bytes)")
    }
    var units: [UInt16] = []
    units.reserveCapacity(body.count / 2)
    for index in stride(from: 0, to: body.count, by: 2) {
      let (first, second) = (UInt16(body[index]), UInt16(body[index + 1]))
      units.append(bigEndian ? first << 8 | second : second << 8 | first)
    }
    guard let text = String(validating: units, as: UTF16.self) else {
      throw TextEncodingError(
        message:
          "the file is not valid UTF-16 \(bigEndian ? "big" : "little")-endian text (unpaired surrogate)"
      )
    }
    return DecodedText(
      utf8: Array(text.utf8), encoding: .utf16, utf16BigEndian: bigEndian,
      hadByteOrderMark: hadBOM, fellBackToGB18030: false)
  }

  package static func gb18030(_ bytes: [UInt8], fellBack: Bool) throws -> DecodedText {
    guard let text = String(data: Data(bytes), encoding: ImportEncoding.gb18030Encoding) else {
      throw TextEncodingError(message: "the file is not valid GB18030 text")
    }
    return DecodedText(
      utf8: Array(text.utf8), encoding: .gb18030, utf16BigEndian: nil, hadByteOrderMark: false,
      fellBackToGB18030: fellBack)
  }

  /// "invalid UTF-8 byte 0xB1 on line 3", for messages.
  package static func firstInvalidUTF8(_ bytes: [UInt8]) -> String {
    var line = 1
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      let length: Int
      switch byte {
      case 0x00...0x7F: length = 1
      case 0xC2...0xDF: length = 2
      case 0xE0...0xEF: length = 3
      case 0xF0...0xF4: length = 4
      default: length = 0
      }
      let end = index + length
      if length == 0 || end > bytes.count
        || String(validating: bytes[index..<end], as: UTF8.self) == nil
      {
        return "invalid UTF-8 byte 0x" + String(byte, radix: 16, uppercase: true)
          + " on line \(line)"
      }
      if byte == 0x0A { line += 1 }
      index = end
    }
    return "invalid UTF-8"
  }
}
