/// Everything that can go wrong while decoding DEFLATE, gzip or zip data.
///
/// Every case carries what a reader needs to see what was wrong, and `description` turns it into
/// one human sentence. Decoders stop at the first error; calling them again rethrows it, because
/// a corrupt stream cannot be resynchronised.
public enum InflateError: Error, CustomStringConvertible, Equatable, Sendable {
  /// A block header names the reserved block type 3 (RFC 1951 §3.2.3).
  case invalidBlockType(Int)

  /// A stored block's LEN and NLEN fields are not one's complements (RFC 1951 §3.2.4).
  case storedLengthMismatch(length: Int, complement: Int)

  /// A dynamic block's code lengths do not describe a usable Huffman code (RFC 1951 §3.2.7).
  ///
  /// The text says which rule was broken, e.g. "literal/length code is over-subscribed".
  case badCodeLengths(String)

  /// The compressed data holds a code or symbol that no valid stream contains (RFC 1951 §3.2.5).
  ///
  /// The text names it, e.g. "invalid distance symbol 30".
  case invalidCode(String)

  /// A back-reference reaches before the first byte of output (RFC 1951 §3.2.5).
  ///
  /// `available` is how many bytes of history existed at that point.
  case distanceTooFarBack(distance: Int, available: Int)

  /// The input ended before the stream did; the text says where it stopped.
  case truncated(String)

  /// A CRC-32 recorded in the data differs from the one computed over the decoded bytes.
  case crcMismatch(expected: UInt32, actual: UInt32)

  /// A size recorded in the data differs from the number of bytes decoded.
  case sizeMismatch(expected: Int, actual: Int)

  /// Decoding stopped because the output would have grown past the caller's limit (in bytes).
  case outputLimit(Int)

  /// The input does not start with the gzip magic bytes 1F 8B (RFC 1952 §2.3.1).
  case notGzip

  /// A gzip member header is malformed or uses something RFC 1952 §2.3.1 reserves.
  case badGzipHeader(String)

  /// Bytes that are neither zero padding nor a gzip member follow the last member.
  ///
  /// `offset` counts input bytes from the start of the stream.
  case trailingGarbage(offset: Int)

  /// The bytes are not a readable zip archive; the text says which structure is broken.
  case corruptZip(String)

  /// A zip entry uses a compression method other than 0 (stored) or 8 (deflate).
  case unsupportedZipMethod(Int)

  /// The archive or an entry needs ZIP64 extensions (APPNOTE §4.5.3), which are not supported.
  case zip64Unsupported

  /// A zip entry is encrypted (APPNOTE §4.4.4 bit 0); the associated value is its name.
  case encryptedZipEntry(String)

  /// No zip entry has the requested name (or name prefix).
  case entryNotFound(String)

  /// A one-sentence explanation suitable for an error message.
  public var description: String {
    switch self {
    case .invalidBlockType(let type):
      return "corrupt deflate data: invalid block type \(type)"
    case .storedLengthMismatch(let length, let complement):
      return "corrupt deflate data: stored block length \(length) does not match its complement "
        + "\(complement) (expected \(~length & 0xFFFF))"
    case .badCodeLengths(let detail):
      return "corrupt deflate data: bad code lengths (\(detail))"
    case .invalidCode(let detail):
      return "corrupt deflate data: \(detail)"
    case .distanceTooFarBack(let distance, let available):
      return "corrupt deflate data: distance \(distance) too far back "
        + "(only \(available) bytes of output so far)"
    case .truncated(let detail):
      return "truncated stream: \(detail)"
    case .crcMismatch(let expected, let actual):
      return "CRC-32 mismatch: the data records \(hex(expected)) but the decoded bytes give "
        + "\(hex(actual))"
    case .sizeMismatch(let expected, let actual):
      return "size mismatch: the data records \(expected) bytes but \(actual) were decoded"
    case .outputLimit(let limit):
      return "decoded output exceeds the limit of \(limit) bytes"
    case .notGzip:
      return "not a gzip file (bad magic number)"
    case .badGzipHeader(let detail):
      return "bad gzip header: \(detail)"
    case .trailingGarbage(let offset):
      return "trailing garbage at byte \(offset) after the last gzip member "
        + "(only zero padding may follow)"
    case .corruptZip(let detail):
      return "corrupt zip archive: \(detail)"
    case .unsupportedZipMethod(let method):
      return "unsupported zip compression method \(method) (only 0 stored and 8 deflate)"
    case .zip64Unsupported:
      return "ZIP64 archives and entries (4 GiB or more) are not supported"
    case .encryptedZipEntry(let name):
      return "zip entry \"\(name)\" is encrypted, which is not supported"
    case .entryNotFound(let name):
      return "no zip entry named \"\(name)\""
    }
  }
}

/// Formats a checksum as 0x-prefixed, zero-padded hexadecimal, the way tools print CRCs.
private func hex(_ value: UInt32) -> String {
  let digits = String(value, radix: 16, uppercase: true)
  return "0x" + String(repeating: "0", count: 8 - digits.count) + digits
}
