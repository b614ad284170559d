/// The checks an entry's extraction makes, shared by the in-memory `ZipArchive` and the
/// streaming `ZipFile` so both refuse the same entries with the same errors.
extension ZipEntry {
  /// Throws `.encryptedZipEntry`, `.unsupportedZipMethod`, or `.outputLimit` when the central
  /// directory already records more than `outputLimit` bytes.
  func checkExtractable(outputLimit: Int) throws {
    guard !isEncrypted else { throw InflateError.encryptedZipEntry(name) }
    guard method == Self.stored || method == Self.deflated else {
      throw InflateError.unsupportedZipMethod(method)
    }
    guard uncompressedSize <= outputLimit else { throw InflateError.outputLimit(outputLimit) }
  }

  /// The byte range of the entry's data, after its local header (APPNOTE §4.3.7), in an
  /// archive whose central directory starts at `centralDirectoryOffset`. `localHeader` reads
  /// the header's `ZipArchive.localHeaderSize` bytes at the offset it is given, which lies
  /// before the central directory.
  func dataRange(centralDirectoryOffset: Int, localHeader: (Int) throws -> [UInt8]) throws
    -> Range<Int>
  {
    let header = localHeaderOffset
    guard header + ZipArchive.localHeaderSize <= centralDirectoryOffset else {
      throw InflateError.corruptZip("no local header for \"\(name)\" at offset \(header)")
    }
    let reader = LittleEndian(try localHeader(header))
    guard reader.u32(0) == 0x0403_4B50 else {
      throw InflateError.corruptZip("no local header for \"\(name)\" at offset \(header)")
    }
    let start = header + ZipArchive.localHeaderSize + reader.u16(26) + reader.u16(28)
    guard start + compressedSize <= centralDirectoryOffset else {
      throw InflateError.corruptZip("data of \"\(name)\" runs past the central directory")
    }
    return start..<(start + compressedSize)
  }

  /// Throws `.sizeMismatch` or `.crcMismatch` when the extracted bytes are not the ones the
  /// central directory records.
  func checkExtracted(size: Int, crc: UInt32) throws {
    guard size == uncompressedSize else {
      throw InflateError.sizeMismatch(expected: uncompressedSize, actual: size)
    }
    guard crc == crc32 else { throw InflateError.crcMismatch(expected: crc32, actual: crc) }
  }
}
