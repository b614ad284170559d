import Foundation

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
