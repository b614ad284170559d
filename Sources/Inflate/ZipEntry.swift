/// One file recorded in a zip archive's central directory (APPNOTE §4.3.12).
///
/// The sizes and CRC come from the central directory, which is authoritative even when the
/// entry was written with a data descriptor (APPNOTE §4.3.9, flag bit 3).
public struct ZipEntry: Sendable, Hashable {
  /// Compression method 0: the bytes are stored as they are.
  public static let stored = 0
  /// Compression method 8: raw DEFLATE (RFC 1951).
  public static let deflated = 8

  /// The path inside the archive, with `/` separators; directories end in `/`.
  public let name: String
  /// The compression method number (APPNOTE §4.4.5); only `stored` and `deflated` extract.
  public let method: Int
  /// The general-purpose flag bits (APPNOTE §4.4.4).
  public let flags: UInt16
  /// CRC-32 of the uncompressed bytes.
  public let crc32: UInt32
  /// Size of the data as stored in the archive.
  public let compressedSize: Int
  /// Size of the data once extracted.
  public let uncompressedSize: Int
  /// Where the entry's local file header starts, counted from the start of the archive.
  public let localHeaderOffset: Int

  /// Creates an entry description; normally `ZipArchive` makes these.
  public init(
    name: String, method: Int, flags: UInt16, crc32: UInt32, compressedSize: Int,
    uncompressedSize: Int, localHeaderOffset: Int
  ) {
    self.name = name
    self.method = method
    self.flags = flags
    self.crc32 = crc32
    self.compressedSize = compressedSize
    self.uncompressedSize = uncompressedSize
    self.localHeaderOffset = localHeaderOffset
  }

  /// True for directory entries, whose names end in `/`.
  public var isDirectory: Bool { name.hasSuffix("/") }

  /// True when flag bit 0 marks the entry as encrypted; such entries cannot be extracted.
  public var isEncrypted: Bool { flags & 1 != 0 }

  /// Decodes a file name: UTF-8 when flag bit 11 says so (APPNOTE §4.4.4), else IBM code page
  /// 437, the format's original encoding (APPNOTE Appendix D).
  static func decodeName(_ bytes: ArraySlice<UInt8>, flags: UInt16) -> String {
    if flags & 0x0800 != 0 || bytes.allSatisfy({ $0 < 0x80 }) {
      return String(decoding: bytes, as: UTF8.self)
    }
    return String(
      bytes.map { $0 < 0x80 ? Character(Unicode.Scalar($0)) : cp437High[Int($0) - 0x80] })
  }

  /// Characters of code page 437 bytes 0x80–0xFF, in order.
  private static let cp437High: [Character] = Array(
    "ÇüéâäàåçêëèïîìÄÅÉæÆôöòûùÿÖÜ¢£¥₧ƒáíóúñÑªº¿⌐¬½¼¡«»░▒▓│┤╡╢╖╕╣║╗╝╜╛┐└┴┬├─┼╞╟╚╔╩╦╠═╬╧╨╤╥╙╘╒╓╫╪┘┌"
      + "█▄▌▐▀αßΓπΣσµτΦΘΩδ∞φε∩≡±≥≤⌠⌡÷≈°∙·√ⁿ²■\u{A0}")
}
