import Foundation

/// A zip archive held in memory, read through its central directory (PKWARE APPNOTE 6.3).
///
/// Opening finds the end-of-central-directory record (searching back past an archive comment)
/// and lists the entries; extracting runs stored or deflated data through `Inflater`, checking
/// the CRC-32 and the size. Archives that need ZIP64 (over 4 GiB or 65,535 entries), span
/// several disks or encrypt entries are refused with a clear error.
///
/// ```swift
/// let archive = try ZipArchive(data)
/// guard let entry = archive.entry(withPrefix: "produkt_") else { ... }
/// let text = try archive.extract(entry, outputLimit: 50_000_000)
/// ```
///
/// Implements APPNOTE §4.3.7 (local header), §4.3.12 (central directory), §4.3.16 (end record).
public struct ZipArchive: Sendable {
  /// The entries in central-directory order.
  public let entries: [ZipEntry]
  /// The archive comment from the end record.
  public let comment: [UInt8]
  /// The whole archive.
  let bytes: [UInt8]
  /// Where the central directory starts; entry data must end before it.
  let centralDirectoryOffset: Int

  /// Reads the directory of an archive held in `data`.
  public init(_ data: Data) throws {
    try self.init([UInt8](data))
  }

  /// Reads the directory of an archive held in `bytes`.
  public init(_ bytes: [UInt8]) throws {
    self.bytes = bytes
    let end = try Self.findEndRecord(bytes)
    let reader = LittleEndian(bytes)
    guard reader.u16(end + 4) == 0 && reader.u16(end + 6) == 0 else {
      throw InflateError.corruptZip("archives split over several disks are not supported")
    }
    let count = reader.u16(end + 10)
    let size = reader.u32(end + 12)
    let offset = reader.u32(end + 16)
    if count == 0xFFFF || size == 0xFFFF_FFFF || offset == 0xFFFF_FFFF {
      throw InflateError.zip64Unsupported
    }
    // A ZIP64 end locator sits just before the end record (APPNOTE §4.3.15).
    if end >= 20 && reader.u32(end - 20) == 0x0706_4B50 { throw InflateError.zip64Unsupported }
    guard offset + size <= end else {
      throw InflateError.corruptZip("central directory at \(offset) runs past the end record")
    }
    let commentLength = reader.u16(end + 20)
    comment = Array(bytes[(end + 22)..<min(bytes.count, end + 22 + commentLength)])
    centralDirectoryOffset = offset
    entries = try Self.readCentralDirectory(bytes, offset: offset, size: size, count: count)
  }

  /// The entry called exactly `name`, if any.
  public func entry(named name: String) -> ZipEntry? {
    entries.first { $0.name == name }
  }

  /// The first non-directory entry whose name starts with `prefix`, such as "produkt_".
  public func entry(withPrefix prefix: String) -> ZipEntry? {
    entries.first { $0.name.hasPrefix(prefix) && !$0.isDirectory }
  }

  /// Extracts `entry`, handing its bytes to `output` in pieces; checks CRC-32 and size.
  ///
  /// Throws `.outputLimit` before producing more than `outputLimit` bytes (at once when the
  /// directory already records a larger size), `.unsupportedZipMethod`, `.encryptedZipEntry`,
  /// `.crcMismatch`, `.sizeMismatch`, or a DEFLATE error. The piece is valid only during the call.
  public func extract(_ entry: ZipEntry, outputLimit: Int = .max, output: Inflater.Output)
    throws
  {
    try entry.checkExtractable(outputLimit: outputLimit)
    let data = try dataRange(of: entry)
    var crc = CRC32()
    var size = 0
    try bytes.withUnsafeBytes { archive in
      let input = UnsafeRawBufferPointer(rebasing: archive[data])
      if entry.method == ZipEntry.stored {
        guard entry.compressedSize == entry.uncompressedSize else {
          throw InflateError.sizeMismatch(
            expected: entry.uncompressedSize, actual: entry.compressedSize)
        }
        let piece = input.bindMemory(to: UInt8.self)
        crc.update(input)
        size = piece.count
        try output(piece)
        return
      }
      var inflater = Inflater(outputLimit: outputLimit)
      try inflater.decompress(input) { piece in
        crc.update(UnsafeRawBufferPointer(piece))
        size += piece.count
        try output(piece)
      }
      guard inflater.isFinished else {
        throw InflateError.truncated("deflate data of zip entry \"\(entry.name)\" ends early")
      }
    }
    try entry.checkExtracted(size: size, crc: crc.value)
  }

  /// Extracts `entry` into an array of at most `outputLimit` bytes; see the streaming overload.
  public func extract(_ entry: ZipEntry, outputLimit: Int = .max) throws -> [UInt8] {
    var result: [UInt8] = []
    result.reserveCapacity(min(entry.uncompressedSize, outputLimit))
    try extract(entry, outputLimit: outputLimit) { result.append(contentsOf: $0) }
    return result
  }

  /// Extracts the entry called `name`; throws `.entryNotFound` when there is none.
  public func extract(named name: String, outputLimit: Int = .max) throws -> [UInt8] {
    guard let entry = entry(named: name) else { throw InflateError.entryNotFound(name) }
    return try extract(entry, outputLimit: outputLimit)
  }

  /// Extracts the first file whose name starts with `prefix`; throws `.entryNotFound` (with
  /// `prefix*`) when there is none.
  public func extract(firstWithPrefix prefix: String, outputLimit: Int = .max) throws -> [UInt8] {
    guard let entry = entry(withPrefix: prefix) else {
      throw InflateError.entryNotFound(prefix + "*")
    }
    return try extract(entry, outputLimit: outputLimit)
  }
}
