/// Locating and parsing the zip records (PKWARE APPNOTE §4.3).
extension ZipArchive {
  /// Size of the end-of-central-directory record without its comment (APPNOTE §4.3.16).
  static let endRecordSize = 22
  /// Size of a central directory header without its variable fields (APPNOTE §4.3.12).
  static let centralHeaderSize = 46
  /// Size of a local file header without its variable fields (APPNOTE §4.3.7).
  static let localHeaderSize = 30

  /// Offset of the end-of-central-directory record.
  ///
  /// The record sits at the very end unless the archive has a comment (up to 65,535 bytes), so
  /// the search walks back from the last possible position and takes the first signature whose
  /// comment length fits in the remaining bytes.
  static func findEndRecord(_ bytes: [UInt8]) throws -> Int {
    guard bytes.count >= endRecordSize else {
      throw InflateError.corruptZip("\(bytes.count) bytes is too short for a zip archive")
    }
    let reader = LittleEndian(bytes)
    let last = bytes.count - endRecordSize
    let first = max(0, last - 0xFFFF)
    for offset in stride(from: last, through: first, by: -1)
    where bytes[offset] == 0x50 && reader.u32(offset) == 0x0605_4B50 {
      if offset + endRecordSize + reader.u16(offset + 20) <= bytes.count { return offset }
    }
    throw InflateError.corruptZip("no end-of-central-directory record (not a zip file?)")
  }

  /// Parses `count` central directory headers from `offset`.
  static func readCentralDirectory(_ bytes: [UInt8], offset: Int, size: Int, count: Int) throws
    -> [ZipEntry]
  {
    let reader = LittleEndian(bytes)
    let end = offset + size
    var entries: [ZipEntry] = []
    entries.reserveCapacity(count)
    var position = offset
    for index in 0..<count {
      guard position + centralHeaderSize <= end, reader.u32(position) == 0x0201_4B50 else {
        throw InflateError.corruptZip("central directory entry \(index) is missing or damaged")
      }
      let flags = UInt16(reader.u16(position + 8))
      let nameLength = reader.u16(position + 28)
      let variableLength = nameLength + reader.u16(position + 30) + reader.u16(position + 32)
      guard position + centralHeaderSize + variableLength <= end else {
        throw InflateError.corruptZip("central directory entry \(index) runs past the directory")
      }
      let compressedSize = reader.u32(position + 20)
      let uncompressedSize = reader.u32(position + 24)
      let localOffset = reader.u32(position + 42)
      if compressedSize == 0xFFFF_FFFF || uncompressedSize == 0xFFFF_FFFF
        || localOffset == 0xFFFF_FFFF
      {
        throw InflateError.zip64Unsupported
      }
      let nameStart = position + centralHeaderSize
      entries.append(
        ZipEntry(
          name: ZipEntry.decodeName(bytes[nameStart..<(nameStart + nameLength)], flags: flags),
          method: reader.u16(position + 10), flags: flags,
          crc32: UInt32(reader.u32(position + 16)), compressedSize: compressedSize,
          uncompressedSize: uncompressedSize, localHeaderOffset: localOffset))
      position += centralHeaderSize + variableLength
    }
    return entries
  }

  /// The byte range of an entry's stored data, after its local header (APPNOTE §4.3.7).
  ///
  /// The local header's own name and extra lengths are used, since they may differ from the
  /// central directory's.
  func dataRange(of entry: ZipEntry) throws -> Range<Int> {
    try entry.dataRange(centralDirectoryOffset: centralDirectoryOffset) { header in
      Array(bytes[header..<(header + Self.localHeaderSize)])
    }
  }
}
