import Foundation
import Inflate

#if canImport(Glibc)
  import Glibc
#endif

/// Where a station file's bytes come from: held in memory, or a file read in chunks.
///
/// `text(limit:chunkSize:pick:output:)` hands out the file's text in pieces: gunzipped when it
/// starts with gzip's magic (every member, streamed through `GzipDecoder`), the entry `pick`
/// chooses when it is a zip archive (its central directory read, then the entry's deflate data
/// streamed from the file through `ZipFile`), else as it is. Only a chunk, the 32 KiB window
/// and a zip's directory are held, whatever the size. The checks and errors are those of
/// `StationFileBytes.text`: the output limit, the decompression-bomb rule, CRC and size.
public enum StationInput: Sendable {
  /// Bytes already in memory.
  case bytes([UInt8])
  /// A file, read in chunks.
  case file(path: String)

  /// Bytes read per chunk from a file (and compressed bytes fed per slice): 64 KiB.
  public static let defaultChunkSize = 64 << 10

  /// Hands out the text in pieces, each valid only during the call.
  ///
  /// - Parameters:
  ///   - limit: the most decompressed bytes (`StationFileBytes.defaultLimit`).
  ///   - chunkSize: bytes read (or fed) at a time; tests pass a few to cut lines anywhere.
  ///   - pick: chooses the zip entry to read from the entry names; nil when none fits.
  ///   - raw: receives a plain or gzip file's bytes as they are read (for its digest); it is
  ///     not called for a zip archive, whose entry is read apart from its directory.
  public func text(
    limit: Int = StationFileBytes.defaultLimit, chunkSize: Int = defaultChunkSize,
    pick: ([String]) -> String? = { $0.first },
    raw: (UnsafeRawBufferPointer) -> Void = { _ in },
    output: (UnsafeBufferPointer<UInt8>) throws -> Void
  ) throws {
    let chunkSize = max(1, chunkSize)
    do {
      switch self {
      case .bytes(let bytes):
        if bytes.starts(with: [0x1f, 0x8b]) {
          var gunzip = Gunzip(limit: limit)
          var fed = 0
          while fed < bytes.count {
            let end = min(bytes.count, fed + chunkSize)
            try bytes[fed..<end].withUnsafeBytes { try gunzip.feed($0, output) }
            fed = end
          }
          try gunzip.finish()
        } else if bytes.starts(with: [0x50, 0x4b, 0x03, 0x04]) {
          let archive = try ZipArchive(bytes)
          let entry = try Self.entry(archive.entries, pick: pick)
          let bound = try Self.bound(entry)
          try Self.bombCheck(entry, limit: limit, bound: bound) {
            try archive.extract(entry, outputLimit: min(limit, bound)) {
              try Self.slice($0, chunkSize, output)
            }
          }
        } else {
          try bytes.withUnsafeBufferPointer { try Self.slice($0, chunkSize, output) }
        }
      case .file(let path):
        try Self.readFile(
          path, limit: limit, chunkSize: chunkSize, pick: pick, raw: raw, output: output)
      }
    } catch let error as InflateError {
      throw StationFileError.compressed("\(error)")
    }
  }

  /// Hands `buffer` out in pieces of at most `size` bytes.
  static func slice(
    _ buffer: UnsafeBufferPointer<UInt8>, _ size: Int,
    _ output: (UnsafeBufferPointer<UInt8>) throws -> Void
  ) throws {
    var start = 0
    while start < buffer.count {
      let end = min(buffer.count, start + size)
      try output(UnsafeBufferPointer(rebasing: buffer[start..<end]))
      start = end
    }
  }

  // MARK: - Files

  static func readFile(
    _ path: String, limit: Int, chunkSize: Int, pick: ([String]) -> String?,
    raw: (UnsafeRawBufferPointer) -> Void, output: (UnsafeBufferPointer<UInt8>) throws -> Void
  ) throws {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { throw StationFileError.format("cannot read \(path)") }
    defer { close(descriptor) }
    var chunk = [UInt8](repeating: 0, count: max(chunkSize, 4))
    // The first bytes tell plain text from gzip and zip.
    var first = try chunk.withUnsafeMutableBytes {
      try Self.read(descriptor, $0, path: path, whole: 4)
    }
    if first >= 4 && chunk.starts(with: [0x50, 0x4b, 0x03, 0x04]) {
      let archive = try ZipFile(path: path, chunkSize: chunkSize)
      let entry = try Self.entry(archive.entries, pick: pick)
      let bound = try Self.bound(entry)
      try Self.bombCheck(entry, limit: limit, bound: bound) {
        try archive.extract(entry, outputLimit: min(limit, bound)) {
          try Self.slice($0, chunkSize, output)
        }
      }
      return
    }
    let gzip = first >= 2 && chunk.starts(with: [0x1f, 0x8b])
    var gunzip = Gunzip(limit: limit)
    while first > 0 {
      try chunk.withUnsafeBytes { buffer in
        let piece = UnsafeRawBufferPointer(rebasing: buffer[0..<first])
        raw(piece)
        if gzip {
          try gunzip.feed(piece, output)
        } else {
          try Self.slice(piece.bindMemory(to: UInt8.self), chunkSize, output)
        }
      }
      first = try chunk.withUnsafeMutableBytes {
        try Self.read(
          descriptor, UnsafeMutableRawBufferPointer(rebasing: $0[0..<chunkSize]), path: path,
          whole: chunkSize)
      }
    }
    if gzip { try gunzip.finish() }
  }

  /// Reads up to `whole` bytes (fewer only at the end of the file); 0 at the end.
  static func read(
    _ descriptor: Int32, _ buffer: UnsafeMutableRawBufferPointer, path: String, whole: Int
  ) throws -> Int {
    var done = 0
    while done < min(whole, buffer.count) {
      let got = Glibc.read(descriptor, buffer.baseAddress! + done, min(whole, buffer.count) - done)
      if got < 0, errno == EINTR { continue }
      guard got >= 0 else { throw StationFileError.format("cannot read \(path)") }
      if got == 0 { break }
      done += got
    }
    return done
  }

  // MARK: - Zip entries

  static func entry(_ entries: [ZipEntry], pick: ([String]) -> String?) throws -> ZipEntry {
    let names = entries.map(\.name)
    guard let name = pick(names) else {
      throw StationFileError.format(
        "the zip archive has no entry to read (entries: \(names.joined(separator: ", ")))")
    }
    guard let entry = entries.first(where: { $0.name == name }) else {
      throw StationFileError.format("the zip archive has no entry \(name)")
    }
    return entry
  }

  /// A zip entry's expansion is bounded by its compressed size.
  static func bound(_ entry: ZipEntry) throws -> Int {
    let bound = max(
      StationFileBytes.expansionFloor,
      StationFileBytes.maximumExpansion * max(1, entry.compressedSize))
    if entry.uncompressedSize > bound {
      throw StationFileError.compressed(StationFileBytes.bombMessage(name: entry.name))
    }
    return bound
  }

  static func bombCheck(_ entry: ZipEntry, limit: Int, bound: Int, extract: () throws -> Void)
    throws
  {
    do {
      try extract()
    } catch InflateError.outputLimit(let reached) where reached < limit {
      throw StationFileError.compressed(StationFileBytes.bombMessage(name: entry.name))
    }
  }
}
