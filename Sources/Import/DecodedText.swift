import Foundation

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
