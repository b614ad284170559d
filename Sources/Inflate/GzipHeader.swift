/// The header fields of one gzip member (RFC 1952 §2.3.1).
///
/// Only `fileName`, `comment` and `extra` vary in length; the first two are kept up to
/// `GzipHeader.maximumTextLength` bytes (the rest is read and checked but not stored), so a
/// hostile header cannot grow memory without bound.
public struct GzipHeader: Sendable, Equatable {
  /// Longest file name or comment kept, in bytes.
  public static let maximumTextLength = 4096

  /// MTIME: modification time in seconds since 1970, or 0 when not recorded.
  public var modificationTime: UInt32 = 0
  /// XFL: 2 when the compressor used its slowest setting, 4 its fastest.
  public var extraFlags: UInt8 = 0
  /// OS: the file system the member was made on (3 is Unix, 255 unknown).
  public var operatingSystem: UInt8 = 255
  /// FTEXT: the compressor guessed the data is text.
  public var isText = false
  /// FEXTRA: the raw extra field (subfields with 2-byte IDs), nil when absent.
  public var extra: [UInt8]?
  /// FNAME: the original file name, read as ISO 8859-1, nil when absent.
  public var fileName: String?
  /// FCOMMENT: a comment, read as ISO 8859-1, nil when absent.
  public var comment: String?
  /// FHCRC: the header carried a CRC-16, which was checked.
  public var hasHeaderCRC = false

  /// Creates an empty header, as a member without optional fields has.
  public init() {}

  /// Decodes ISO 8859-1 bytes, which map one to one onto the first 256 Unicode scalars.
  static func latin1(_ bytes: [UInt8]) -> String {
    var scalars = String.UnicodeScalarView()
    scalars.append(contentsOf: bytes.map { Unicode.Scalar($0) })
    return String(scalars)
  }
}
