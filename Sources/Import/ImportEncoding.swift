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
