import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A zip archive read from a file without loading it: only the end record and the central
/// directory are held in memory, and one entry's data is streamed from the file through
/// `Inflater` in chunks, so memory stays at the directory plus a chunk and the 32 KiB window
/// whatever the archive's size.
///
/// The same records, checks and errors as `ZipArchive` (which holds the whole archive):
/// CRC-32 and size checked, ZIP64, split and encrypted archives refused.
///
/// ```swift
/// let archive = try ZipFile(path: "stundenwerte_TU_00433_akt.zip")
/// guard let entry = archive.entry(named: "produkt_tu_stunde_00433.txt") else { ... }
/// try archive.extract(entry, outputLimit: 1 << 30) { piece in splitter.feed(piece) }
/// ```
public final class ZipFile {
  /// The entries in central-directory order.
  public let entries: [ZipEntry]
  /// The file's size in bytes.
  public let size: Int
  /// Bytes read from the file per chunk while an entry is extracted.
  public let chunkSize: Int
  /// The open file.
  private let descriptor: Int32
  /// Where the central directory starts; entry data must end before it.
  private let centralDirectoryOffset: Int

  /// Opens the archive at `path` and reads its central directory.
  ///
  /// - Parameter chunkSize: bytes read per `pread` while extracting (tests pass a few bytes).
  /// - Throws: `InflateError.corruptZip` for a file that cannot be opened or is no zip archive,
  ///   and the directory errors of `ZipArchive`.
  public init(path: String, chunkSize: Int = 64 << 10) throws {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { throw InflateError.corruptZip("cannot open \(path)") }
    self.descriptor = descriptor
    self.chunkSize = max(1, chunkSize)
    var status = stat()
    guard fstat(descriptor, &status) == 0 else {
      close(descriptor)
      throw InflateError.corruptZip("cannot read \(path)")
    }
    size = Int(status.st_size)
    do {
      // The end record sits in the last 22 bytes plus at most a 65,535-byte comment.
      let tailStart = max(0, size - (ZipArchive.endRecordSize + 0xFFFF))
      let tail = try Self.read(descriptor, at: tailStart, count: size - tailStart)
      let endInTail = try ZipArchive.findEndRecord(tail)
      let end = tailStart + endInTail
      let reader = LittleEndian(tail)
      guard reader.u16(endInTail + 4) == 0 && reader.u16(endInTail + 6) == 0 else {
        throw InflateError.corruptZip("archives split over several disks are not supported")
      }
      let count = reader.u16(endInTail + 10)
      let directorySize = reader.u32(endInTail + 12)
      let offset = reader.u32(endInTail + 16)
      if count == 0xFFFF || directorySize == 0xFFFF_FFFF || offset == 0xFFFF_FFFF {
        throw InflateError.zip64Unsupported
      }
      if endInTail >= 20 && reader.u32(endInTail - 20) == 0x0706_4B50 {
        throw InflateError.zip64Unsupported
      }
      guard offset + directorySize <= end else {
        throw InflateError.corruptZip("central directory at \(offset) runs past the end record")
      }
      centralDirectoryOffset = offset
      let directory = try Self.read(descriptor, at: offset, count: directorySize)
      entries = try ZipArchive.readCentralDirectory(
        directory, offset: 0, size: directorySize, count: count)
    } catch {
      close(descriptor)
      throw error
    }
  }

  deinit { close(descriptor) }

  /// The entry called exactly `name`, if any.
  public func entry(named name: String) -> ZipEntry? {
    entries.first { $0.name == name }
  }

  /// Streams `entry` from the file, handing its bytes to `output` in pieces; checks CRC-32 and
  /// size exactly as `ZipArchive.extract(_:outputLimit:output:)` does, with the same errors.
  public func extract(_ entry: ZipEntry, outputLimit: Int = .max, output: Inflater.Output)
    throws
  {
    try entry.checkExtractable(outputLimit: outputLimit)
    let data = try dataRange(of: entry)
    if entry.method == ZipEntry.stored, entry.compressedSize != entry.uncompressedSize {
      throw InflateError.sizeMismatch(
        expected: entry.uncompressedSize, actual: entry.compressedSize)
    }
    var crc = CRC32()
    var size = 0
    var inflater = Inflater(outputLimit: outputLimit)
    var position = data.lowerBound
    var chunk = [UInt8](repeating: 0, count: min(chunkSize, max(1, data.count)))
    while position < data.upperBound {
      let count = min(chunk.count, data.upperBound - position)
      try chunk.withUnsafeMutableBytes { buffer in
        try Self.fill(descriptor, buffer.baseAddress!, count: count, at: position)
      }
      try chunk.withUnsafeBytes { buffer in
        let input = UnsafeRawBufferPointer(rebasing: buffer[0..<count])
        if entry.method == ZipEntry.stored {
          crc.update(input)
          size += count
          try output(input.bindMemory(to: UInt8.self))
          return
        }
        try inflater.decompress(input) { piece in
          crc.update(UnsafeRawBufferPointer(piece))
          size += piece.count
          try output(piece)
        }
      }
      position += count
    }
    if entry.method == ZipEntry.deflated, !inflater.isFinished {
      throw InflateError.truncated("deflate data of zip entry \"\(entry.name)\" ends early")
    }
    try entry.checkExtracted(size: size, crc: crc.value)
  }

  /// The byte range of an entry's data in the file (`ZipEntry.dataRange`).
  func dataRange(of entry: ZipEntry) throws -> Range<Int> {
    try entry.dataRange(centralDirectoryOffset: centralDirectoryOffset) { header in
      try Self.read(descriptor, at: header, count: ZipArchive.localHeaderSize)
    }
  }

  // MARK: - Reading the file

  /// `count` bytes at `offset`, read whole.
  static func read(_ descriptor: Int32, at offset: Int, count: Int) throws -> [UInt8] {
    var bytes = [UInt8](repeating: 0, count: count)
    if count > 0 {
      try bytes.withUnsafeMutableBytes { buffer in
        try fill(descriptor, buffer.baseAddress!, count: count, at: offset)
      }
    }
    return bytes
  }

  /// Fills `count` bytes at `buffer` from the file at `offset`; a short file is corrupt.
  static func fill(
    _ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, count: Int, at offset: Int
  )
    throws
  {
    var done = 0
    while done < count {
      let got = pread(descriptor, buffer + done, count - done, off_t(offset + done))
      if got < 0, errno == EINTR { continue }
      guard got > 0 else {
        throw InflateError.corruptZip("the archive ends at \(offset + done), inside its records")
      }
      done += got
    }
  }
}
